// /alerts (docs/alerts.md): every alert of the account's campaigns (the bell's "All alerts"), the account's
// default rules (what every campaign follows unless it changes a rule), and the webhooks alerts are
// POSTed to, with their delivery logs.
import {
  ALERT_DEFAULTS,
  errorMessage,
  MESSAGES,
  resolveAlertSettings,
  type WebhookEndpointWithSecret,
} from '@adconsole/domain';
import { AlertRulesForm } from '@adconsole/forms';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton } from '@adconsole/ui';
import { useState } from 'react';
import { renderRouterLink } from '../../components/router-link';
import { useSession } from '../../session/session';
import { AlertList } from './alert-list';
import {
  useAcknowledgeAlert,
  useAlertRules,
  useAlerts,
  useCreateWebhook,
  useDeleteWebhook,
  useMuteAlert,
  useRotateWebhookSecret,
  useSetAlertRules,
  useTestWebhook,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhookRules,
  useWebhooks,
} from './alert-queries';
import { WebhookSettings } from './webhook-settings';

function Webhooks() {
  const endpoints = useWebhooks();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useTestWebhook();
  // The server's allowed hosts are for administrators' eyes (an internal host's name is not every user's).
  const allowed = useWebhookRules(useSession()?.user.role === 'admin');
  const [selected, setSelected] = useState<string | undefined>();
  const [revealed, setRevealed] = useState<{ endpoint: WebhookEndpointWithSecret; rotated: boolean }>();
  const deliveries = useWebhookDeliveries(selected);
  const failed = [update, remove, rotate, test].find((mutation) => mutation.isError);
  return (
    <WebhookSettings
      endpoints={endpoints.data}
      loadError={endpoints.isError ? errorMessage(endpoints.error, MESSAGES.webhooksNotLoaded) : null}
      onCreate={async (input) => {
        try {
          const endpoint = await create.mutateAsync(input);
          setRevealed({ endpoint, rotated: false });
          return true;
        } catch {
          return false;
        }
      }}
      createError={create.isError ? errorMessage(create.error, MESSAGES.webhookNotAdded) : null}
      revealed={revealed}
      onDismissSecret={() => setRevealed(undefined)}
      onToggle={(endpoint, enabled) =>
        update.mutate({ id: endpoint.id, url: endpoint.url, description: endpoint.description, enabled })
      }
      onRotate={(id) =>
        rotate.mutate(id, { onSuccess: (endpoint) => setRevealed({ endpoint, rotated: true }) })
      }
      onDelete={(id) => remove.mutate(id)}
      onTest={(id) => test.mutate(id, { onSuccess: () => setSelected(id) })}
      busy={{
        test: test.isPending ? test.variables : undefined,
        rotate: rotate.isPending ? rotate.variables : undefined,
      }}
      actionError={failed ? errorMessage(failed.error, MESSAGES.webhookNotChanged) : null}
      selected={selected}
      onSelect={setSelected}
      deliveries={deliveries.data}
      allowed={allowed.data}
    />
  );
}

export function AlertsPage() {
  const alerts = useAlerts({});
  const acknowledge = useAcknowledgeAlert();
  const mute = useMuteAlert();
  const rules = useAlertRules();
  const save = useSetAlertRules();
  return (
    <div className="grid gap-6">
      <h1 className="font-semibold text-2xl">Alerts</h1>
      <Card role="region" aria-labelledby="all-alerts-title">
        <CardHeader>
          <CardTitle id="all-alerts-title">Your campaigns' alerts</CardTitle>
          <CardDescription>
            Open and recovered, newest first. Each campaign's page has its own list and rules.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <AlertList
            showCampaign
            alerts={alerts.data}
            loadError={alerts.isError ? errorMessage(alerts.error, MESSAGES.alertsNotLoaded) : null}
            onAcknowledge={(id) => acknowledge.mutate(id)}
            onMute={(id, hours) => mute.mutate({ id, hours })}
            pending={
              acknowledge.isPending ? acknowledge.variables : mute.isPending ? mute.variables?.id : undefined
            }
            actionError={
              acknowledge.isError || mute.isError
                ? errorMessage(acknowledge.error ?? mute.error, MESSAGES.alertNotChanged)
                : null
            }
            renderLink={renderRouterLink}
          />
        </CardContent>
      </Card>
      <Card role="region" aria-labelledby="default-rules-title">
        <CardHeader>
          <CardTitle id="default-rules-title">Default rules</CardTitle>
          <CardDescription>
            Every campaign of yours follows these, new ones too, unless its own alert page changes a rule.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {rules.data ? (
            <AlertRulesForm
              key={JSON.stringify(rules.data)}
              effective={resolveAlertSettings(rules.data.account, undefined)}
              inherited={ALERT_DEFAULTS}
              onSubmit={(values) => save.mutateAsync(values)}
              serverError={save.isError ? errorMessage(save.error, MESSAGES.alertRulesNotSaved) : null}
              successMessage={save.isSuccess ? 'Default alert rules saved.' : null}
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
      <Card role="region" aria-labelledby="webhooks-title">
        <CardHeader>
          <CardTitle id="webhooks-title">Webhooks</CardTitle>
          <CardDescription>
            Each alert and each recovery is POSTed as JSON to these URLs, signed as the Standard Webhooks
            specification says, retried for a day when the receiver fails.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Webhooks />
        </CardContent>
      </Card>
    </div>
  );
}
