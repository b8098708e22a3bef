// The "Preview link" card of a creative or a campaign (docs/product.md §4, "Approval"): make a link that
// expires in 7, 30 (the default) or 90 days, copy it, see each working link with its expiry, revoke one.
// Whoever holds a link sees the creatives at their size without signing in, and may approve them or ask
// for changes under their name.
import type { PreviewLink } from '@adconsole/domain';
import { MESSAGES } from '@adconsole/domain';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  ChoiceSelect,
  ConfirmDialog,
  CopyField,
  Field,
  Skeleton,
} from '@adconsole/ui';
import { useState } from 'react';
import { showError } from '../../lib/notify-error';
import { formatDay } from '../campaigns/format';
import { usePreviewLinkActions, usePreviewLinks } from './approval-queries';

const LIFETIMES = [
  { value: '7', label: 'For 7 days' },
  { value: '30', label: 'For 30 days' },
  { value: '90', label: 'For 90 days' },
] as const;
type Lifetime = (typeof LIFETIMES)[number]['value'];

type PreviewLinksPanelProps = {
  links: readonly PreviewLink[];
  /** Whether the links show one creative (else every creative of the campaign). */
  ofCreative: boolean;
  onCreate: (expiresInDays: number) => void;
  onRevoke: (token: string) => void;
  creating?: boolean;
  revoking?: string | undefined;
};

export function PreviewLinksPanel({
  links,
  ofCreative,
  onCreate,
  onRevoke,
  creating = false,
  revoking,
}: PreviewLinksPanelProps) {
  const [lifetime, setLifetime] = useState<Lifetime>('30');
  return (
    <div className="grid gap-4" data-slot="preview-links">
      <p className="text-muted-foreground text-sm">
        {ofCreative
          ? 'A page without sign-in that shows this creative at its size, where your client approves it or asks for changes.'
          : "A page without sign-in that shows the campaign's creatives at their size, where your client approves them or asks for changes."}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <Field label="Expires" className="w-40">
          {(controlProps) => (
            <ChoiceSelect
              {...controlProps}
              choices={LIFETIMES}
              value={lifetime}
              onValueChange={(value) => setLifetime(value as Lifetime)}
            />
          )}
        </Field>
        <Button size="sm" loading={creating} onClick={() => onCreate(Number(lifetime))}>
          Create preview link
        </Button>
      </div>
      {links.length === 0 ? (
        <p className="text-muted-foreground text-sm">No working preview link.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Preview links">
          {links.map((link, index) => {
            const label = `Preview link ${index + 1}`;
            return (
              <li key={link.token} className="grid min-w-0 gap-1">
                <CopyField label={label} value={link.url} />
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-muted-foreground text-xs">
                    {link.creativeID === null && ofCreative ? 'Every creative of the campaign. ' : ''}
                    Expires {formatDay(link.expiresAt)}
                  </span>
                  <ConfirmDialog
                    trigger={
                      <Button
                        variant="ghost"
                        size="sm"
                        loading={revoking === link.token}
                        aria-label={`Revoke ${label}`}
                      >
                        Revoke
                      </Button>
                    }
                    title={`Revoke ${label}?`}
                    description="Whoever has it sees a page saying the link was revoked. Other preview links keep working."
                    confirmLabel="Revoke link"
                    cancelLabel="Keep it"
                    onConfirm={() => onRevoke(link.token)}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** The card on a creative's page (creativeID) or a campaign's page (every creative). */
export function PreviewLinksCard({ campaignID, creativeID }: { campaignID: string; creativeID?: string }) {
  const links = usePreviewLinks(campaignID, creativeID);
  const { create, revoke } = usePreviewLinkActions(campaignID);
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>Preview link</CardTitle>
      </CardHeader>
      <CardContent>
        {links.data ? (
          <PreviewLinksPanel
            links={links.data}
            ofCreative={creativeID !== undefined}
            creating={create.isPending}
            revoking={revoke.isPending ? revoke.variables : undefined}
            onCreate={(expiresInDays) =>
              create.mutate(
                { expiresInDays, ...(creativeID === undefined ? {} : { creativeID }) },
                { onError: showError(MESSAGES.previewLinkNotMade) },
              )
            }
            onRevoke={(token) => revoke.mutate(token, { onError: showError(MESSAGES.previewLinkNotRevoked) })}
          />
        ) : links.isError ? (
          <p className="text-destructive text-sm">The preview links could not be loaded.</p>
        ) : (
          <Skeleton className="h-16 w-full" />
        )}
      </CardContent>
    </Card>
  );
}
