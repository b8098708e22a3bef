// /admin/invite: invite colleagues by e-mail (each gets a sign-up link with their invitation).
import { errorMessage, MESSAGES } from '@adconsole/domain';
import { InviteUsersForm } from '@adconsole/forms';
import { Card, CardContent, CardHeader, CardTitle } from '@adconsole/ui';
import { useState } from 'react';
import { useAdvertiserChoices, useInviteUsers } from './admin-queries';

export function InviteUsersPage() {
  const { invite, usersChanged } = useInviteUsers();
  const advertisers = useAdvertiserChoices();
  const [serverError, setServerError] = useState<string | null>(null);
  const [invited, setInvited] = useState<string[] | null>(null);
  return (
    <div className="grid max-w-2xl gap-6">
      <h1 className="font-semibold text-2xl">Invite users</h1>
      <Card>
        <CardHeader>
          <CardTitle level={2}>Invitations</CardTitle>
        </CardHeader>
        <CardContent>
          <InviteUsersForm
            advertisers={advertisers.data ?? []}
            serverError={serverError}
            successMessage={invited ? `Invitations sent to ${invited.join(', ')}.` : undefined}
            onSubmit={async (values) => {
              setServerError(null);
              setInvited(null);
              try {
                await invite({
                  emails: values.invitees.map((invitee) => invitee.email),
                  role: values.role,
                  ...(values.advertiserIds ? { advertiserIds: values.advertiserIds } : {}),
                  firstNames: values.invitees.map((invitee) => invitee.firstName ?? ''),
                });
                setInvited(values.invitees.map((invitee) => invitee.email));
                await usersChanged();
              } catch (error) {
                setServerError(errorMessage(error, MESSAGES.invitationsNotSent));
              }
            }}
          />
        </CardContent>
      </Card>
    </div>
  );
}
