// Webhook endpoints of the account (docs/alerts.md "Webhooks in the product"): add one (its whsec_
// secret is shown once, to copy into the receiver), switch it off and on, rotate its secret after
// confirming (shown once again), send it a test message, delete it, and read its delivery log: each
// message with its webhook-id, state (queued, retrying, delivered, failed) and every attempt's time,
// HTTP status, error class and duration. Administrators also read where webhooks may go beyond public
// hosts (WEBHOOK_ALLOWED_HOSTS, WEBHOOK_ALLOWED_PORTS), as the server is set.
import {
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookRules,
  webhookPortsText,
} from '@adconsole/domain';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Badge,
  Button,
  ConfirmDialog,
  CopyField,
  Field,
  Input,
  Skeleton,
  Switch,
} from '@adconsole/ui';
import * as React from 'react';
import { ConfirmDelete } from '../../components/confirm-delete';
import { alertTime } from './alert-time';

export interface WebhookSettingsProps {
  endpoints: readonly WebhookEndpoint[] | undefined;
  loadError?: string | null;
  /** Adds an endpoint; resolve true when it was made (the fields then clear). */
  onCreate: (input: { url: string; description: string }) => Promise<boolean>;
  createError?: string | null;
  /** A secret just made or rotated: shown until dismissed, never again. */
  revealed?: { endpoint: WebhookEndpointWithSecret; rotated: boolean } | undefined;
  onDismissSecret: () => void;
  onToggle: (endpoint: WebhookEndpoint, enabled: boolean) => unknown;
  onRotate: (id: string) => unknown;
  onDelete: (id: string) => unknown;
  onTest: (id: string) => unknown;
  /** The endpoint whose test is being sent, and the one whose secret is being rotated: their buttons are busy. */
  busy?: { test?: string | undefined; rotate?: string | undefined } | undefined;
  actionError?: string | null;
  /** The endpoint whose delivery log shows, and its deliveries (undefined while they load). */
  selected?: string | undefined;
  onSelect: (id: string | undefined) => void;
  deliveries?: readonly WebhookDelivery[] | undefined;
  /** Writes to the clipboard (stories inject one). */
  writeText?: (text: string) => Promise<void>;
  /** Where webhooks may go beyond public hosts on 80 and 443: given to administrators only. */
  allowed?: WebhookRules | undefined;
}

const STATE_BADGE = {
  queued: { label: 'Queued', variant: 'secondary' },
  pending: { label: 'Retrying', variant: 'warning' },
  delivered: { label: 'Delivered', variant: 'success' },
  failed: { label: 'Failed', variant: 'danger' },
} as const;

/** A message waiting for its first attempt is queued, not retrying. */
const stateOf = (delivery: WebhookDelivery) =>
  STATE_BADGE[delivery.state === 'pending' && delivery.attempts.length === 0 ? 'queued' : delivery.state];

/** The server's setting, read-only: what an administrator changes in the environment, not here. */
function AllowedDestinations({ allowed }: { allowed: WebhookRules }) {
  return (
    <section
      aria-labelledby="webhook-allowed-title"
      className="grid gap-1 rounded-md border border-dashed p-3 text-sm"
      data-slot="webhook-allowed"
    >
      <h3 id="webhook-allowed-title" className="font-medium">
        Allowed by the server (administrators see this)
      </h3>
      <p className="text-muted-foreground">
        Internal hosts (<code>WEBHOOK_ALLOWED_HOSTS</code>):{' '}
        <span className="text-foreground">
          {allowed.hosts.length > 0 ? allowed.hosts.join(', ') : 'none'}
        </span>
        . Ports (<code>WEBHOOK_ALLOWED_PORTS</code>):{' '}
        <span className="text-foreground">{webhookPortsText(allowed.ports)}</span>. Every other private
        address or port is refused. An administrator of the server sets them in its environment.
      </p>
    </section>
  );
}

function DeliveryLog({ deliveries }: { deliveries: readonly WebhookDelivery[] | undefined }) {
  if (deliveries === undefined)
    return (
      <div role="status" aria-busy="true" aria-label="Loading deliveries" className="grid gap-2">
        <Skeleton className="h-10" />
      </div>
    );
  if (deliveries.length === 0)
    return <p className="text-muted-foreground text-sm">Nothing sent yet. Send a test message to try it.</p>;
  return (
    <ul aria-label="Deliveries" className="grid divide-y rounded-md border text-sm">
      {deliveries.map((delivery) => {
        const last = delivery.attempts.at(-1);
        const state = stateOf(delivery);
        const tried = delivery.attempts.length;
        return (
          <li key={delivery.id} className="p-2">
            <details>
              <summary className="flex cursor-pointer flex-wrap items-center gap-2">
                <span className="font-medium">{delivery.event}</span>
                <Badge variant={state.variant}>{state.label}</Badge>
                <span className="text-muted-foreground text-xs">
                  {alertTime(delivery.createdAt)} ·{' '}
                  {tried === 0
                    ? 'not tried yet: waiting for the sending job, which runs every few seconds'
                    : `${tried} ${tried === 1 ? 'attempt' : 'attempts'}`}
                  {last ? ` · last: ${last.status ?? 'no answer'}` : ''}
                </span>
              </summary>
              <div className="mt-2 grid gap-2">
                <p className="break-all font-mono text-xs">webhook-id: {delivery.id}</p>
                <ol className="grid gap-1 text-xs">
                  {delivery.attempts.map((attempt) => (
                    <li key={attempt.attempt}>
                      #{attempt.attempt} {alertTime(attempt.at)}: {attempt.status ?? 'no answer'}
                      {attempt.error ? ` (${attempt.error})` : ''}, {attempt.durationMs} ms
                    </li>
                  ))}
                </ol>
                <pre className="max-h-40 overflow-auto whitespace-pre-wrap break-all rounded bg-muted p-2 font-mono text-xs">
                  {delivery.body}
                </pre>
              </div>
            </details>
          </li>
        );
      })}
    </ul>
  );
}

/** One endpoint: its URL, switch, actions and (open) delivery log. */
function EndpointItem({
  endpoint,
  open,
  deliveries,
  onToggle,
  onRotate,
  onDelete,
  onTest,
  onSelect,
  busy,
}: Pick<
  WebhookSettingsProps,
  'onToggle' | 'onRotate' | 'onDelete' | 'onTest' | 'onSelect' | 'busy' | 'deliveries'
> & { endpoint: WebhookEndpoint; open: boolean }) {
  const name = endpoint.description || endpoint.url;
  return (
    <li className="grid gap-3 rounded-md border p-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <span className="break-all font-medium text-sm">{endpoint.url}</span>
          <span className="text-muted-foreground text-xs">
            {endpoint.description ? `${endpoint.description} · ` : ''}added {alertTime(endpoint.createdAt)}
            {endpoint.secretRotatedAt ? ` · secret rotated ${alertTime(endpoint.secretRotatedAt)}` : ''}
          </span>
        </div>
        <Field label="Enabled" orientation="horizontal" className="gap-2">
          {(control) => (
            <Switch
              {...control}
              aria-label={`Enabled (${name})`}
              checked={endpoint.enabled}
              onCheckedChange={(checked) => onToggle(endpoint, checked)}
            />
          )}
        </Field>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          aria-label={`Send a test (${name})`}
          onClick={() => onTest(endpoint.id)}
          loading={busy?.test === endpoint.id}
        >
          Send a test
        </Button>
        <ConfirmDialog
          trigger={
            <Button
              size="sm"
              variant="outline"
              aria-label={`Rotate secret (${name})`}
              loading={busy?.rotate === endpoint.id}
            >
              Rotate secret
            </Button>
          }
          title={`Rotate the secret of ${name}?`}
          description="From that moment every delivery, retries too, is signed with the new secret: the receiver rejects them until it has it. The new secret is shown once, to copy into the receiver."
          confirmLabel="Rotate secret"
          cancelLabel="Keep the secret"
          tone="danger"
          onConfirm={() => onRotate(endpoint.id)}
        />
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={open}
          aria-label={`${open ? 'Hide delivery log' : 'Delivery log'} (${name})`}
          onClick={() => onSelect(open ? undefined : endpoint.id)}
        >
          {open ? 'Hide delivery log' : 'Delivery log'}
        </Button>
        <ConfirmDelete
          name={name}
          what="webhook"
          consequence="Alerts stop going to this URL at once, its pending retries are dropped and its delivery log goes with it."
          ariaLabel={`Delete (${name})`}
          onConfirm={() => onDelete(endpoint.id)}
        />
      </div>
      {open ? <DeliveryLog deliveries={deliveries} /> : null}
    </li>
  );
}

export function WebhookSettings({
  endpoints,
  loadError,
  onCreate,
  createError,
  revealed,
  onDismissSecret,
  onToggle,
  onRotate,
  onDelete,
  onTest,
  busy,
  actionError,
  selected,
  onSelect,
  deliveries,
  writeText,
  allowed,
}: WebhookSettingsProps) {
  const [url, setUrl] = React.useState('');
  const [description, setDescription] = React.useState('');
  const [adding, setAdding] = React.useState(false);
  return (
    <div className="grid gap-6" data-slot="webhook-settings">
      {revealed ? (
        <Alert variant="success" data-slot="webhook-secret">
          <AlertTitle>
            {revealed.rotated ? 'New secret' : 'Webhook added'}: copy its signing secret now
          </AlertTitle>
          <AlertDescription className="grid gap-3 text-foreground">
            <p>
              Your receiver checks each delivery's webhook-signature with it (any Standard Webhooks library
              does). It is shown this once{revealed.rotated ? '; the old secret no longer signs' : ''}.
            </p>
            <CopyField label="Signing secret" value={revealed.endpoint.secret} writeText={writeText} />
            <Button variant="outline" size="sm" className="justify-self-start" onClick={onDismissSecret}>
              I have copied it
            </Button>
          </AlertDescription>
        </Alert>
      ) : null}
      <form
        aria-label="New webhook"
        className="flex flex-wrap items-end gap-3"
        onSubmit={async (event) => {
          event.preventDefault();
          setAdding(true);
          try {
            if (await onCreate({ url, description })) {
              setUrl('');
              setDescription('');
            }
          } finally {
            setAdding(false);
          }
        }}
      >
        <Field
          className="min-w-64 flex-[2_1_20rem]"
          label="Receiver URL"
          description="https:// address that accepts a JSON POST."
          error={createError ?? undefined}
        >
          <Input
            type="url"
            placeholder="https://hooks.example.com/adconsole"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
        </Field>
        <Field className="min-w-40 flex-[1_1_10rem]" label="Description">
          <Input
            value={description}
            placeholder="On-call pager"
            onChange={(event) => setDescription(event.target.value)}
          />
        </Field>
        <Button type="submit" loading={adding}>
          Add webhook
        </Button>
      </form>
      {allowed ? <AllowedDestinations allowed={allowed} /> : null}
      {actionError ? (
        <Alert variant="danger">
          <AlertTitle>{actionError}</AlertTitle>
        </Alert>
      ) : null}
      {loadError ? (
        <Alert variant="danger">
          <AlertTitle>{loadError}</AlertTitle>
        </Alert>
      ) : endpoints === undefined ? (
        <div role="status" aria-busy="true" aria-label="Loading webhooks" className="grid gap-2">
          <Skeleton className="h-14" />
        </div>
      ) : endpoints.length === 0 ? (
        <p className="text-muted-foreground text-sm">No webhooks yet: alerts go to the bell and by mail.</p>
      ) : (
        <ul aria-label="Webhooks" className="grid gap-3">
          {endpoints.map((endpoint) => (
            <EndpointItem
              key={endpoint.id}
              endpoint={endpoint}
              open={selected === endpoint.id}
              deliveries={deliveries}
              {...{ onToggle, onRotate, onDelete, onTest, onSelect, busy }}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
