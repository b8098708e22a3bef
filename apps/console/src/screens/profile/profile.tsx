// /profile: the signed-in user's names and password (ProfileForm), and signing out (which also ends
// the server session), and the personal API tokens other products call the API with (ApiTokens). Each
// form says whether it saved, in its own success or error alert. A client makes no API tokens
// (docs/security.md, "Client access"): its profile has no tokens section.
import { errorMessage, MESSAGES } from '@adconsole/domain';
import { ProfileForm } from '@adconsole/forms';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@adconsole/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useReadOnly } from '../../session/permissions';
import { useSession } from '../../session/session';
import { signOut } from '../../session/session-queries';
import { ApiTokens } from './api-tokens';
import {
  useApiTokens,
  useChangeOwnPassword,
  useCreateApiToken,
  useRevokeApiToken,
  useUpdateProfile,
} from './profile-queries';

const PROFILE_SAVED = 'Your profile has been saved.';

export function ProfilePage() {
  const session = useSession();
  const navigate = useNavigate();
  const updateProfile = useUpdateProfile();
  const changePassword = useChangeOwnPassword();
  const [listAllTokens, setListAllTokens] = useState(false);
  // A client has no API tokens (session/permissions.ts): it changes nothing.
  const isClient = useReadOnly();
  const apiTokens = useApiTokens(listAllTokens, !isClient);
  const createToken = useCreateApiToken();
  const revokeToken = useRevokeApiToken();
  if (!session) return null;
  const { user } = session;
  return (
    <div className="grid max-w-2xl gap-6">
      <h1 className="font-semibold text-2xl">Profile</h1>
      <Card>
        <CardHeader>
          <CardTitle level={2}>
            {user.first_name} {user.last_name}
          </CardTitle>
          <CardDescription>{user.email}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-muted-foreground text-sm">
            Role: {user.role === 'admin' ? 'Administrator' : user.role === 'client' ? 'Client' : 'User'}
          </p>
          <Button
            variant="outline"
            onClick={async () => {
              await signOut();
              navigate('/signin', { replace: true });
            }}
          >
            Sign out
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardContent className="pt-6">
          <ProfileForm
            defaultValues={{ firstName: user.first_name, lastName: user.last_name, email: user.email }}
            onSubmit={async (names) => {
              changePassword.reset();
              await updateProfile.mutateAsync(names).catch(() => undefined);
            }}
            serverError={
              updateProfile.isError ? errorMessage(updateProfile.error, MESSAGES.profileNotSaved) : null
            }
            successMessage={updateProfile.isSuccess ? PROFILE_SAVED : null}
            onChangePassword={async (values) => {
              updateProfile.reset();
              return changePassword.mutateAsync(values).then(
                () => true,
                () => false,
              );
            }}
            passwordServerError={
              changePassword.isError ? errorMessage(changePassword.error, MESSAGES.passwordNotChanged) : null
            }
            passwordSuccessMessage={changePassword.data?.message ?? null}
          />
        </CardContent>
      </Card>
      {isClient ? null : (
        <ApiTokens
          tokens={apiTokens.data}
          loadError={apiTokens.isError ? errorMessage(apiTokens.error, MESSAGES.apiTokensNotRead) : null}
          onCreate={(values) => {
            revokeToken.reset();
            return createToken.mutateAsync(values).then(
              () => true,
              () => false,
            );
          }}
          createError={createToken.isError ? errorMessage(createToken.error, MESSAGES.apiTokenNotMade) : null}
          created={createToken.data}
          onDismissCreated={() => createToken.reset()}
          onRevoke={(id) => revokeToken.mutate(id)}
          revoking={revokeToken.isPending ? revokeToken.variables : undefined}
          canListAll={user.role === 'admin'}
          listAll={listAllTokens}
          onListAllChange={setListAllTokens}
          revokeError={
            revokeToken.isError ? errorMessage(revokeToken.error, MESSAGES.apiTokenNotRevoked) : null
          }
        />
      )}
    </div>
  );
}
