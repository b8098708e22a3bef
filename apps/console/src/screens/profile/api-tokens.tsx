// The profile's "API tokens" (docs/api.md, "API tokens"): make a personal token for another product
// (name and scopes), copy its secret the one time it is shown, see each token's scopes and when it was
// made and last used, and revoke one. Admins can switch the list to everyone's tokens, each with its
// owner, and revoke any of them.
import {
  API_TOKEN_SCOPE_LABELS,
  type ApiToken,
  type ApiTokenScope,
  type CreatedApiToken,
} from '@adconsole/domain';
import { ApiTokenForm, type ApiTokenFormValues } from '@adconsole/forms';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  CopyField,
  Field,
  Skeleton,
  Switch,
} from '@adconsole/ui';

const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});
const when = (iso: string) => dateTime.format(new Date(iso));

export type ApiTokensProps = {
  /** The user's tokens; undefined while they load. */
  tokens: readonly ApiToken[] | undefined;
  /** Why the list could not be read. */
  loadError?: string | null;
  /** Makes a token; resolve true when it was made (the form then clears). */
  onCreate: (values: ApiTokenFormValues) => Promise<boolean>;
  createError?: string | null;
  /** The token just made, with its secret: shown until dismissed, never again. */
  created?: CreatedApiToken | undefined;
  onDismissCreated: () => void;
  onRevoke: (id: string) => unknown;
  /** The id of the token being revoked. */
  revoking?: string | undefined;
  revokeError?: string | null;
  /** Writes to the clipboard (stories inject one). */
  writeText?: (text: string) => Promise<void>;
  /** Admins: the list may show every user's tokens. */
  canListAll?: boolean;
  /** The list shows every user's tokens (with their owners) instead of the user's own. */
  listAll?: boolean;
  onListAllChange?: (all: boolean) => void;
};

export function ApiTokens({
  tokens,
  loadError,
  onCreate,
  createError,
  created,
  onDismissCreated,
  onRevoke,
  revoking,
  revokeError,
  writeText,
  canListAll = false,
  listAll = false,
  onListAllChange,
}: ApiTokensProps) {
  return (
    <Card aria-labelledby="api-tokens-title" role="region" data-slot="api-tokens">
      <CardHeader>
        <CardTitle id="api-tokens-title">API tokens</CardTitle>
        <CardDescription>
          Another product (a report screen, a BI export) calls the API as you with a token, limited to what
          you tick. Send it as <code className="font-mono">Authorization: Bearer …</code>.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {created ? (
          <Alert variant="success" data-slot="api-token-created">
            <AlertTitle>Token “{created.name}” made: copy it now</AlertTitle>
            <AlertDescription className="grid gap-3 text-foreground">
              <p>
                It is shown this once; we keep only a fingerprint of it. Lost, it cannot be shown again:
                revoke it and make another.
              </p>
              <CopyField label="New API token" value={created.secret} writeText={writeText} />
              <Button variant="outline" size="sm" className="justify-self-start" onClick={onDismissCreated}>
                I have copied it
              </Button>
            </AlertDescription>
          </Alert>
        ) : null}
        <ApiTokenForm onSubmit={onCreate} serverError={createError ?? null} />
        <section aria-labelledby="api-token-list" className="grid gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h3 id="api-token-list" className="font-semibold text-sm">
              {listAll ? 'Everyone’s tokens' : 'Your tokens'}
            </h3>
            {canListAll ? (
              <Field label="Show everyone’s tokens" orientation="horizontal" className="gap-2">
                {(control) => <Switch {...control} checked={listAll} onCheckedChange={onListAllChange} />}
              </Field>
            ) : null}
          </div>
          {revokeError ? (
            <Alert variant="danger">
              <AlertTitle>{revokeError}</AlertTitle>
            </Alert>
          ) : null}
          {loadError ? (
            <Alert variant="danger">
              <AlertTitle>{loadError}</AlertTitle>
            </Alert>
          ) : tokens === undefined ? (
            <div className="grid gap-2" role="status" aria-busy="true" aria-label="Loading your tokens">
              <Skeleton className="h-12" />
              <Skeleton className="h-12" />
            </div>
          ) : tokens.length === 0 ? (
            <p className="text-muted-foreground text-sm">No API tokens yet.</p>
          ) : (
            <ul aria-label="API tokens" className="grid divide-y rounded-md border">
              {tokens.map((token) => (
                <li key={token.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                  <div className="grid gap-1">
                    <span className="font-medium text-sm">
                      {token.name}
                      {listAll ? (
                        <span className="font-normal text-muted-foreground"> · {token.owner.email}</span>
                      ) : null}
                    </span>
                    <span className="flex flex-wrap gap-1">
                      {token.scopes.map((scope: ApiTokenScope) => (
                        <Badge key={scope} variant="secondary" title={API_TOKEN_SCOPE_LABELS[scope].label}>
                          {scope}
                        </Badge>
                      ))}
                    </span>
                    <span className="text-muted-foreground text-xs">
                      Created {when(token.createdAt)},{' '}
                      {token.lastUsedAt ? `last used ${when(token.lastUsedAt)}` : 'never used'}
                    </span>
                  </div>
                  <RevokeToken
                    token={token}
                    owner={listAll ? token.owner.email : undefined}
                    pending={revoking === token.id}
                    onRevoke={onRevoke}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      </CardContent>
    </Card>
  );
}

function RevokeToken({
  token,
  owner,
  pending,
  onRevoke,
}: {
  token: ApiToken;
  /** Shown when the list is everyone's: whose token it is. */
  owner: string | undefined;
  pending: boolean;
  onRevoke: ApiTokensProps['onRevoke'];
}) {
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="outline"
          size="sm"
          loading={pending}
          aria-label={owner ? `Revoke ${token.name} of ${owner}` : `Revoke ${token.name}`}
        >
          Revoke
        </Button>
      }
      title={`Revoke “${token.name}”${owner ? ` of ${owner}` : ''}?`}
      description={`Whatever uses it gets “not valid” (401) from its next request on. ${owner ? 'Their other tokens keep working.' : 'Your other tokens keep working.'}`}
      confirmLabel="Revoke token"
      cancelLabel="Keep it"
      tone="danger"
      onConfirm={() => onRevoke(token.id)}
    />
  );
}
