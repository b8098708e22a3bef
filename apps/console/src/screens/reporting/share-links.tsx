// The share links of a campaign's report (docs/product.md §1; §4, "Share link"): create one (until
// revoked, or for a number of days; with the costs or, by default, without: docs/reports.md, "Share
// links"), copy it, see every live link with its age, expiry and costs, revoke one.
import type { NewTokenRequest, ReportToken } from '@adconsole/domain';
import { Button, Checkbox, ChoiceSelect, ConfirmDialog, CopyField, Field } from '@adconsole/ui';
import { useState } from 'react';

const LIFETIMES = [
  { value: 'never', label: 'Until revoked', days: null },
  { value: '7', label: 'For 7 days', days: 7 },
  { value: '30', label: 'For 30 days', days: 30 },
  { value: '90', label: 'For 90 days', days: 90 },
] as const;
type Lifetime = (typeof LIFETIMES)[number]['value'];

const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});
const when = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : undefined);

/**
 * The links newest first, whatever order they come in: the report's answer lists them oldest first, and
 * a link just made is put in front of the cached list; a link without its time counts as the newest.
 */
function newestFirst(tokens: readonly ReportToken[]): ReportToken[] {
  const made = (token: ReportToken) =>
    token.createdAt ? Date.parse(token.createdAt) : Number.POSITIVE_INFINITY;
  // A stable sort: links of one time (two without one: Infinity - Infinity is NaN, read as equal) keep their order.
  return [...tokens].sort((a, b) => made(b) - made(a));
}

/** What a new share link is made with: the share call's request, its campaign aside. */
type NewShareLink = Omit<NewTokenRequest, 'campaignID'>;

export type ShareLinksProps = {
  tokens: readonly ReportToken[];
  /**
   * Creates a link that stops working at `expiresAt` (ISO 8601), or never when null, whose report shows
   * the costs (spend, effective costs, conversion value, ROAS) only with `includeCosts`.
   */
  onCreate: (link: NewShareLink) => unknown;
  onRevoke: (token: string) => unknown;
  creating?: boolean;
  /** The token being revoked. */
  revoking?: string | undefined;
  /** The clock, so stories and tests are deterministic. */
  now?: Date;
};

export function ShareLinks({
  tokens,
  onCreate,
  onRevoke,
  creating = false,
  revoking,
  now = new Date(),
}: ShareLinksProps) {
  const [lifetime, setLifetime] = useState<Lifetime>('never');
  const [includeCosts, setIncludeCosts] = useState(false);
  const create = () => {
    const days = LIFETIMES.find((choice) => choice.value === lifetime)?.days ?? null;
    return onCreate({
      expiresAt: days === null ? null : new Date(now.getTime() + days * 86_400_000).toISOString(),
      includeCosts,
    });
  };
  return (
    <section aria-labelledby="share-links" className="grid gap-3" data-slot="share-links">
      <h3 id="share-links" className="font-semibold text-sm">
        Share link
      </h3>
      <p className="text-muted-foreground text-xs">
        Anyone with the link sees this campaign's report, without signing in.
      </p>
      <Field label="Link works">
        {(control) => (
          <ChoiceSelect {...control} choices={LIFETIMES} value={lifetime} onValueChange={setLifetime} />
        )}
      </Field>
      <Field
        label="Include costs"
        description="Spend, eCPM, eCPC, conversion value and ROAS. Off: the link shows none of them."
        orientation="horizontal"
      >
        {(control) => (
          <Checkbox
            {...control}
            checked={includeCosts}
            onCheckedChange={(checked) => setIncludeCosts(checked === true)}
          />
        )}
      </Field>
      <Button variant="secondary" loading={creating} onClick={create}>
        Create share link
      </Button>
      {tokens.length === 0 ? (
        <p className="text-muted-foreground text-xs">No share links yet.</p>
      ) : (
        <ul aria-label="Share links" className="grid gap-3">
          {newestFirst(tokens).map((token, index) => (
            <li key={token.token ?? token.url} className="grid gap-1.5">
              <CopyField
                label={index === 0 ? 'Newest share link' : `Share link ${index + 1}`}
                value={token.url}
              />
              <div className="flex items-center justify-between gap-2">
                <span className="text-muted-foreground text-xs">
                  {[
                    token.createdAt ? `Created ${when(token.createdAt)}` : undefined,
                    token.expiresAt ? `expires ${when(token.expiresAt)}` : 'works until revoked',
                    token.includeCosts ? 'with costs' : 'without costs',
                  ]
                    .filter(Boolean)
                    .join(', ')}
                </span>
                {token.token ? (
                  <RevokeLink
                    token={token.token}
                    label={index === 0 ? 'the newest share link' : `share link ${index + 1}`}
                    pending={revoking === token.token}
                    onRevoke={onRevoke}
                  />
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RevokeLink({
  token,
  label,
  pending,
  onRevoke,
}: {
  token: string;
  label: string;
  pending: boolean;
  onRevoke: ShareLinksProps['onRevoke'];
}) {
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" loading={pending} aria-label={`Revoke ${label}`}>
          Revoke
        </Button>
      }
      title={`Revoke ${label}?`}
      description="Whoever has it sees a page saying the link no longer works. Other share links keep working."
      confirmLabel="Revoke link"
      cancelLabel="Keep it"
      tone="danger"
      onConfirm={() => onRevoke(token)}
    />
  );
}
