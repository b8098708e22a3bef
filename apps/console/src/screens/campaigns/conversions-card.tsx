// The campaign page's "Conversions" card (docs/conversions.md; docs/console.md, "Conversions"): the campaign's
// conversion actions, each with its type, counting, lookback window, currency and archived state, and its
// copy-paste snippets (conversion-snippets.tsx); with `actions`, making, changing, archiving and
// restoring them. Props in, no fetching.
import {
  CONVERSION_COUNTING_LABELS,
  CONVERSION_TYPE_LABELS,
  type ConversionAction,
  type ConversionActionBody,
  MESSAGES,
} from '@adconsole/domain';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Skeleton,
} from '@adconsole/ui';
import { lazy, useState } from 'react';
import { Loaded } from '../../components/loaded';
import { dialogCode, OnceOpened } from './card-dialogs';
import { currencyChoiceOf } from './conversion-currency';
import { ConversionSnippetsPanel } from './conversion-snippets';

/** The new or changed action's dialog with its form, fetched when first wanted (card-dialogs.tsx). */
const dialog = dialogCode(() => import('./conversion-dialog'));
const ConversionActionDialog = lazy(() =>
  dialog.load().then((module) => ({ default: module.ConversionActionDialog })),
);

/** The action's settings in one line: counting and cap, lookback, currency and maximum, the key's rule. */
const actionSummary = (action: ConversionAction) =>
  [
    `${CONVERSION_COUNTING_LABELS[action.counting]}${action.counting === 'every' ? ` (at most ${action.maxPerClick} a click)` : ''}`,
    `${action.lookbackDays}-day lookback`,
    `value in ${action.currency}${action.maxValue === null ? '' : ` up to ${action.maxValue}`}`,
    UNSIGNED_SUMMARY[action.unsigned],
  ].join(' · ');

/** What the action's line says of conversions without the postback key. */
const UNSIGNED_SUMMARY: Readonly<Record<ConversionAction['unsigned'], string>> = {
  counted: 'counts conversions without the key',
  'tag-only': 'postbacks need the key',
  refused: 'keyed postbacks only',
};

/**
 * What the card can change. The dialog's actions answer a promise (its refusal stays in the form);
 * archiving is the caller's to report.
 */
export type ConversionActions = {
  onCreate: (body: ConversionActionBody) => Promise<unknown>;
  onUpdate: (action: ConversionAction, body: ConversionActionBody) => Promise<unknown>;
  onSetArchived: (action: ConversionAction, archived: boolean) => void;
  /** A new postback key for the action: answers the key, shown once. */
  onRotateKey: (action: ConversionAction) => Promise<string>;
};

type ConversionsCardProps = {
  /** Undefined while they load. */
  conversionActions?: ConversionAction[] | undefined;
  error?: unknown;
  /** The campaign's click id parameter. */
  clickParam: string;
  /** The currency of the campaign's booked rate, when it has one: its actions count value in it. */
  rateCurrency?: string | undefined;
  /** AD_SERVING_URL, from the server's public config. */
  servingHost: string;
  /** Without them the card only shows the actions and their snippets. */
  actions?: ConversionActions | undefined;
  /** The action whose archiving or restoring is on its way. */
  pendingActionID?: string | undefined;
  /** The actions whose snippets show at first (stories). */
  openSnippets?: readonly string[];
  /** A postback key just made, by action id (stories). */
  shownKeys?: Readonly<Record<string, string>>;
  writeText?: ((text: string) => Promise<void>) | undefined;
};

export function ConversionsCard({
  conversionActions,
  error,
  clickParam,
  rateCurrency,
  servingHost,
  actions,
  pendingActionID,
  openSnippets = [],
  shownKeys = {},
  writeText,
}: ConversionsCardProps) {
  const [creating, setCreating] = useState(false);
  return (
    <Card data-slot="conversions-card">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        {/* Beside the button where the card has room, above it on a phone. */}
        <div className="grid min-w-0 grow basis-80 gap-1.5">
          <CardTitle level={2}>Conversions</CardTitle>
          <CardDescription>
            What the ads led to on the advertiser's site. Each click's landing URL carries a click id in{' '}
            <code className="font-mono">{clickParam}</code> (the campaign's click id parameter); the site's
            tag or the advertiser's server sends it back with the conversion.
          </CardDescription>
        </div>
        {actions ? (
          // Its dialog offers the currencies the actions use: it opens once they are loaded.
          <Button
            variant="outline"
            onClick={() => setCreating(true)}
            onPointerEnter={dialog.preload}
            onFocus={dialog.preload}
            disabled={!conversionActions}
          >
            New conversion action
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-6">
        <Loaded
          data={conversionActions}
          error={error}
          errorText={MESSAGES.conversionActionsNotLoaded}
          loading={<Skeleton className="h-24" aria-label="Loading conversion actions" />}
        >
          {(conversionActions) =>
            conversionActions.length === 0 ? (
              <p className="text-muted-foreground text-sm">
                No conversion actions yet. Add one for each thing the advertiser counts (a purchase, a lead, a
                sign-up): each comes with a tag for the website and a postback URL for a shop's or CRM's
                server.
              </p>
            ) : (
              conversionActions.map((action) => (
                <ConversionActionSection
                  key={action.id}
                  action={action}
                  all={conversionActions}
                  clickParam={clickParam}
                  rateCurrency={rateCurrency}
                  servingHost={servingHost}
                  actions={actions}
                  pending={pendingActionID === action.id}
                  snippetsOpen={openSnippets.includes(action.id)}
                  shownKey={shownKeys[action.id]}
                  writeText={writeText}
                />
              ))
            )
          }
        </Loaded>
      </CardContent>
      {actions && conversionActions ? (
        <OnceOpened open={creating}>
          <ConversionActionDialog
            open={creating}
            onOpenChange={setCreating}
            currency={currencyChoiceOf(conversionActions, rateCurrency)}
            onSave={actions.onCreate}
          />
        </OnceOpened>
      ) : null}
    </Card>
  );
}

function ConversionActionSection({
  action,
  all,
  clickParam,
  rateCurrency,
  servingHost,
  actions,
  pending,
  snippetsOpen,
  shownKey,
  writeText,
}: {
  action: ConversionAction;
  shownKey: string | undefined;
  all: readonly ConversionAction[];
  clickParam: string;
  rateCurrency: string | undefined;
  servingHost: string;
  actions: ConversionActions | undefined;
  pending: boolean;
  snippetsOpen: boolean;
  writeText: ((text: string) => Promise<void>) | undefined;
}) {
  const [editing, setEditing] = useState(false);
  const [showing, setShowing] = useState(snippetsOpen);
  const headingId = `conversion-action-${action.id}`;
  const panelId = `conversion-snippets-${action.id}`;
  return (
    <section aria-labelledby={headingId} data-slot="conversion-action" className="grid min-w-0 gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h3
            id={headingId}
            className={
              action.archived
                ? 'break-words font-semibold text-muted-foreground'
                : 'break-words font-semibold'
            }
          >
            {action.name}
          </h3>
          <Badge variant="secondary">{CONVERSION_TYPE_LABELS[action.type]}</Badge>
          {action.archived ? <Badge variant="outline">Archived</Badge> : null}
        </div>
        <div className="flex flex-wrap gap-1">
          <Button
            variant="outline"
            size="sm"
            aria-expanded={showing}
            aria-controls={panelId}
            aria-label={`${showing ? 'Hide' : 'Show'} snippets of ${action.name}`}
            onClick={() => setShowing((shown) => !shown)}
          >
            {showing ? 'Hide snippets' : 'Snippets'}
          </Button>
          {actions ? (
            <>
              <Button
                variant="outline"
                size="sm"
                aria-label={`Edit ${action.name}`}
                onClick={() => setEditing(true)}
                onPointerEnter={dialog.preload}
                onFocus={dialog.preload}
              >
                Edit
              </Button>
              <Button
                variant="outline"
                size="sm"
                loading={pending}
                aria-label={`${action.archived ? 'Restore' : 'Archive'} ${action.name}`}
                onClick={() => actions.onSetArchived(action, !action.archived)}
              >
                {action.archived ? 'Restore' : 'Archive'}
              </Button>
            </>
          ) : null}
        </div>
      </div>
      <p className="text-muted-foreground text-sm">{actionSummary(action)}</p>
      {showing ? (
        <div id={panelId}>
          <ConversionSnippetsPanel
            action={action}
            clickParam={clickParam}
            servingHost={servingHost}
            writeText={writeText}
            onRotateKey={actions ? () => actions.onRotateKey(action) : undefined}
            shownKey={shownKey}
          />
        </div>
      ) : null}
      {actions ? (
        <OnceOpened open={editing}>
          <ConversionActionDialog
            open={editing}
            onOpenChange={setEditing}
            action={action}
            currency={currencyChoiceOf(all, rateCurrency, action)}
            onSave={(body) => actions.onUpdate(action, body)}
          />
        </OnceOpened>
      ) : null}
    </section>
  );
}
