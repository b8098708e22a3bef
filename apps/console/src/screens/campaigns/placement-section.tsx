// One placement on the campaign page's Placements card (docs/reports.md, "A/B tests"; docs/console.md, "Placements and A/B
// tests"): its name, kind, size and rotation, its actions (edit, start an A/B test, delete), its
// creatives with what the rotation does (placement-creatives.tsx), its tag (the domain's
// buildPlacementTag, in a copy field like the creative's tag panel) and its newest A/B test. While a
// test runs the server refuses a change of the rotation (409), so editing and pausing wait for its end.
import {
  type AbTestResults,
  buildPlacementTag,
  type CreateAbTestRequest,
  type Creative,
  type Placement,
  type PlacementAbTest,
  type PlacementBody,
  type PlacementStats,
  placementTagCreative,
  ROTATION_MODE_LABELS,
} from '@adconsole/domain';
import { Alert, AlertDescription, Badge, Button, CopyField } from '@adconsole/ui';
import { lazy, useState } from 'react';
import { ConfirmDelete } from '../../components/confirm-delete';
import { AbTestPanel } from './ab-test-panel';
import { dialogCode, OnceOpened } from './card-dialogs';
import { PlacementCreatives } from './placement-creatives';
import type { DialogCreative } from './placement-dialogs';
import { PlacementTests } from './placement-tests';

/** The placement's and the A/B test's dialogs with their forms, fetched when first wanted (card-dialogs.tsx). */
export const placementDialogs = dialogCode(() => import('./placement-dialogs'));
export const PlacementDialog = lazy(() =>
  placementDialogs.load().then((module) => ({ default: module.PlacementDialog })),
);
const AbTestDialog = lazy(() => placementDialogs.load().then((module) => ({ default: module.AbTestDialog })));

export type PlacementCreative = DialogCreative & Pick<Creative, 'platform' | 'settings'>;

/** A placement's latest A/B test and, once loaded, its results. */
export type PlacementTestState = {
  test: PlacementAbTest;
  results?: AbTestResults | undefined;
  error?: unknown;
  /** Every test of the placement, newest first (the one above among them). */
  all?: readonly PlacementAbTest[] | undefined;
};

/**
 * What the card can change. The dialogs' actions answer a promise (its refusal stays in the form);
 * the others are the caller's to report.
 */
export type PlacementActions = {
  onCreate: (body: PlacementBody) => Promise<unknown>;
  onUpdate: (placement: Placement, body: PlacementBody) => Promise<unknown>;
  onSetPaused: (placement: Placement, creativeId: string, paused: boolean) => void;
  onDelete: (placement: Placement) => void;
  onStartTest: (request: CreateAbTestRequest) => Promise<unknown>;
  onStopTest: (test: PlacementAbTest) => void;
};

export function PlacementSection({
  placement,
  creatives,
  test,
  stats,
  servingHost,
  tcfVendorID,
  locale,
  actions,
  pending,
}: {
  placement: Placement;
  creatives: readonly PlacementCreative[];
  test: PlacementTestState | undefined;
  stats: PlacementStats | undefined;
  servingHost: string;
  tcfVendorID: number;
  locale: string | undefined;
  actions: PlacementActions | undefined;
  pending: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [testing, setTesting] = useState(false);
  const creativeOf = (id: string) => creatives.find((creative) => creative.id === id);
  const nameOf = (id: string) => creativeOf(id)?.name ?? `Deleted creative ${id}`;
  const headingId = `placement-${placement.id}`;
  const running = test?.test.status === 'running';
  const canChange = Boolean(actions) && !running;
  // A placement has no platform of its own: its tag follows its first creative's platform and settings
  // (placementTagCreative, which the campaign's tag sheet asks too).
  const first = placementTagCreative(placement, creatives);
  const tag = first?.platform
    ? buildPlacementTag({
        placement,
        platform: first.platform,
        settings: first.settings,
        servingHost,
        tcfVendorID,
      })
    : null;
  return (
    <section aria-labelledby={headingId} data-slot="placement" className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h3 id={headingId} className="break-words font-semibold">
            {placement.name}
          </h3>
          {running ? <Badge variant="success">A/B test running</Badge> : null}
        </div>
        {actions ? (
          <div className="flex flex-wrap gap-1">
            {canChange ? (
              <Button
                variant="outline"
                size="sm"
                aria-label={`Edit ${placement.name}`}
                onClick={() => setEditing(true)}
                onPointerEnter={placementDialogs.preload}
                onFocus={placementDialogs.preload}
              >
                Edit
              </Button>
            ) : null}
            {canChange && placement.items.length >= 2 ? (
              <Button
                variant="outline"
                size="sm"
                aria-label={`Start A/B test of ${placement.name}`}
                onClick={() => setTesting(true)}
                onPointerEnter={placementDialogs.preload}
                onFocus={placementDialogs.preload}
              >
                Start A/B test
              </Button>
            ) : null}
            <ConfirmDelete
              name={placement.name}
              what="placement"
              consequence="Its tag stops serving on every page it is on, and its A/B tests go with it. Its creatives and their own tags stay."
              onConfirm={() => actions.onDelete(placement)}
            />
          </div>
        ) : null}
      </div>
      <p className="text-muted-foreground text-sm">
        {placement.kind} · {placement.width}×{placement.height} · {ROTATION_MODE_LABELS[placement.mode]}{' '}
        rotation
      </p>
      {running && actions ? (
        <p className="text-muted-foreground text-xs">
          While its A/B test runs the placement serves the test's variants evenly: end the test to change its
          rotation.
        </p>
      ) : null}
      <PlacementCreatives
        placement={placement}
        nameOf={nameOf}
        stats={stats}
        locale={locale}
        pending={pending}
        onSetPaused={
          canChange && actions
            ? (creativeId, paused) => actions.onSetPaused(placement, creativeId, paused)
            : undefined
        }
      />
      {!tag ? (
        <p className="text-muted-foreground text-sm">
          Choose a platform for the placement's creatives to get its tag.
        </p>
      ) : tag.ok ? (
        <CopyField label={`Tag of ${placement.name}`} value={tag.tag} multiline={tag.kind === 'ins'} />
      ) : (
        <Alert variant="warning">
          <AlertDescription>{tag.error}</AlertDescription>
        </Alert>
      )}
      {test ? (
        <AbTestPanel
          test={test.test}
          results={test.results}
          error={test.error}
          locale={locale}
          onStop={actions ? () => actions.onStopTest(test.test) : undefined}
        />
      ) : null}
      {test?.all && test.all.length > 0 ? (
        <PlacementTests placementName={placement.name} tests={test.all} nameOf={nameOf} />
      ) : null}
      {actions ? (
        <>
          <OnceOpened open={editing}>
            <PlacementDialog
              open={editing}
              onOpenChange={setEditing}
              creatives={creatives}
              placement={placement}
              onSave={(body) => actions.onUpdate(placement, body)}
            />
          </OnceOpened>
          <OnceOpened open={testing}>
            <AbTestDialog
              open={testing}
              onOpenChange={setTesting}
              placement={placement}
              creatives={creatives}
              stats={stats}
              locale={locale}
              onStart={actions.onStartTest}
            />
          </OnceOpened>
        </>
      ) : null}
    </section>
  );
}
