// Webhook endpoints of the account (issue 50, docs/alerts.md "Webhooks"): add one (its whsec_ secret is
// shown once, to copy into the receiver), switch it off and on, rotate its secret (shown once again),
// send it a test message, delete it, and read its delivery log: each message with its webhook-id,
// state and every attempt's time, HTTP status, error and duration.
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from '@adconsole/domain';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Badge,
  Button,
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
}

const STATE_BADGE = {
  pending: { label: 'Retrying', variant: 'warning' },
  delivered: { label: 'Delivered', variant: 'success' },
  failed: { label: 'Failed', variant: 'danger' },
} as const;

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
        return (
          <li key={delivery.id} className="p-2">
            <details>
              <summary className="flex cursor-pointer flex-wrap items-center gap-2">
                <span className="font-medium">{delivery.event}</span>
                <Badge variant={STATE_BADGE[delivery.state].variant}>
                  {STATE_BADGE[delivery.state].label}
                </Badge>
                <span className="text-muted-foreground text-xs">
                  {alertTime(delivery.createdAt)} · {delivery.attempts.length}{' '}
                  {delivery.attempts.length === 1 ? 'attempt' : 'attempts'}
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
          {endpoints.map((endpoint) => {
            const name = endpoint.description || endpoint.url;
            const open = selected === endpoint.id;
            return (
              <li key={endpoint.id} className="grid gap-3 rounded-md border p-3">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="grid min-w-0 gap-1">
                    <span className="break-all font-medium text-sm">{endpoint.url}</span>
                    <span className="text-muted-foreground text-xs">
                      {endpoint.description ? `${endpoint.description} · ` : ''}added{' '}
                      {alertTime(endpoint.createdAt)}
                      {endpoint.secretRotatedAt
                        ? ` · secret rotated ${alertTime(endpoint.secretRotatedAt)}`
                        : ''}
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
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Rotate secret (${name})`}
                    onClick={() => onRotate(endpoint.id)}
                    loading={busy?.rotate === endpoint.id}
                  >
                    Rotate secret
                  </Button>
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
          })}
        </ul>
      )}
    </div>
  );
}
