// The share links of a campaign's report (docs/product.md §1; §4, "Share link"): create one (until
// revoked, or for a number of days; with the costs or, by default, without: docs/reports.md, "Share
// links"), copy it, see every live link with its age, expiry and costs, revoke one. Each link shows
// by its token, whose end stays in view however narrow the menu ("…/share/Vt1S8n…aZp6LwE"): the links
// of one console differ only there (a field cut at its width showed "http://localhost:400" for each).
import type { NewTokenRequest, ReportToken } from '@adconsole/domain';
import {
  Button,
  Checkbox,
  ChoiceSelect,
  ConfirmDialog,
  CopyButton,
  Field,
  useClipboardCopy,
} from '@adconsole/ui';
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
  /** Writes a link to the clipboard; navigator.clipboard's by default (stories inject one). */
  writeText?: (text: string) => Promise<void>;
};

export function ShareLinks({
  tokens,
  onCreate,
  onRevoke,
  creating = false,
  revoking,
  now = new Date(),
  writeText,
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
        <ul aria-label="Share links" className="grid min-w-0 gap-3">
          {newestFirst(tokens).map((token, index) => (
            <li key={token.token ?? token.url} className="grid min-w-0 gap-1.5">
              <ShareLinkField
                url={token.url}
                label={index === 0 ? 'Newest share link' : `Share link ${index + 1}`}
                {...(writeText ? { writeText } : {})}
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

/** The link's path ("/share/<token>"): its origin is every link's. */
function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/** How many of the token's last characters stay in view whatever the width. */
const KEPT_END = 6;

/**
 * A share link by its path, cut in the middle when narrow so the token's end stays ("…/share/Vt1S8n…
 * aZp6LwE"); the whole link is its title and what Copy copies, and it opens the shared report.
 */
function ShareLinkField({
  url,
  label,
  writeText,
}: {
  url: string;
  label: string;
  writeText?: (text: string) => Promise<void>;
}) {
  const { copied, failed, copy } = useClipboardCopy({ value: url, writeText });
  const path = pathOf(url);
  return (
    // min-w-0: a long link never widens the menu; its middle gives way instead.
    <div className="grid min-w-0 gap-1" data-slot="share-link">
      <div className="flex min-w-0 items-center gap-2">
        <a
          href={url}
          title={url}
          target="_blank"
          rel="noreferrer"
          className="flex h-9 min-w-0 flex-1 items-center rounded-md border border-input bg-muted/40 px-3 font-mono text-foreground text-xs underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40"
        >
          {/* Named first as the list names it (the visible text stays part of the name, as WCAG 2.5.3 asks). */}
          <span className="sr-only">{label}: </span>
          <span className="truncate">…{path.slice(0, -KEPT_END)}</span>
          <span className="shrink-0">{path.slice(-KEPT_END)}</span>
        </a>
        <CopyButton label={label} copied={copied} onClick={copy} />
      </div>
      <p aria-live="polite" className={failed ? 'text-destructive text-xs' : 'sr-only'}>
        {failed
          ? "Could not copy. Copy the link's address from its menu (right-click or long press)."
          : copied
            ? `${label} copied`
            : ''}
      </p>
    </div>
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
