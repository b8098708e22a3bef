// /campaigns/{campaignID}/alerts (docs/alerts.md): the campaign's alerts, newest first, with acknowledge and
// mute, and its rules: each threshold as it applies (the account's defaults unless changed here) and the
// addresses its alert mails go to besides its owner.
import { errorMessage, MESSAGES, resolveAlertSettings } from '@adconsole/domain';
import { AlertRulesForm } from '@adconsole/forms';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton } from '@adconsole/ui';
import { useParams } from 'react-router-dom';
import { renderRouterLink } from '../../components/router-link';
import { useCampaign } from '../campaigns/campaign-queries';
import { AlertList } from './alert-list';
import {
  useAcknowledgeAlert,
  useAlertRules,
  useAlerts,
  useMuteAlert,
  useSetAlertRules,
} from './alert-queries';

export function CampaignAlertsPage() {
  const { campaignID = '' } = useParams();
  const campaign = useCampaign(campaignID);
  const alerts = useAlerts({ campaignID });
  const acknowledge = useAcknowledgeAlert();
  const mute = useMuteAlert();
  const rules = useAlertRules(campaignID);
  const save = useSetAlertRules();
  const changing = acknowledge.isPending
    ? acknowledge.variables
    : mute.isPending
      ? mute.variables?.id
      : undefined;
  const actionError = acknowledge.isError
    ? errorMessage(acknowledge.error, MESSAGES.alertNotAcknowledged)
    : mute.isError
      ? errorMessage(mute.error, MESSAGES.alertNotMuted)
      : null;
  return (
    <div className="grid gap-6">
      <h1 className="font-semibold text-2xl">Alerts{campaign.data ? `: ${campaign.data.name}` : ''}</h1>
      <Card role="region" aria-labelledby="campaign-alerts-title">
        <CardHeader>
          <CardTitle id="campaign-alerts-title">Alerts</CardTitle>
          <CardDescription>
            Checked every 15 minutes in the campaign's timezone. An alert fires once, stays open while its
            rule holds and says when it recovers.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <AlertList
            alerts={alerts.data}
            loadError={alerts.isError ? errorMessage(alerts.error, MESSAGES.alertsNotLoaded) : null}
            onAcknowledge={(id) => acknowledge.mutate(id)}
            onMute={(id, hours) => mute.mutate({ id, hours })}
            pending={changing}
            actionError={actionError}
            renderLink={renderRouterLink}
            timeZone={campaign.data?.data.timezone}
          />
        </CardContent>
      </Card>
      <Card role="region" aria-labelledby="campaign-rules-title">
        <CardHeader>
          <CardTitle id="campaign-rules-title">Rules for this campaign</CardTitle>
          <CardDescription>
            What is not changed here follows your account's defaults (on the Alerts page).
          </CardDescription>
        </CardHeader>
        <CardContent>
          {rules.data ? (
            <AlertRulesForm
              key={JSON.stringify(rules.data)}
              effective={resolveAlertSettings(rules.data.account, rules.data.campaign ?? undefined)}
              inherited={resolveAlertSettings(rules.data.account, undefined)}
              recipients={rules.data.recipients}
              ownerEmail={rules.data.ownerEmail}
              onSubmit={(values) => save.mutateAsync({ campaignID, ...values })}
              serverError={save.isError ? errorMessage(save.error, MESSAGES.alertRulesNotSaved) : null}
              successMessage={save.isSuccess ? 'Alert rules saved.' : null}
            />
          ) : rules.isError ? (
            <p className="text-destructive text-sm">
              {errorMessage(rules.error, MESSAGES.alertRulesNotLoaded)}
            </p>
          ) : (
            <Skeleton className="h-64" />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
