// The campaign page's "Placements" card (docs/reports.md, "A/B tests"; docs/console.md, "Placements and A/B tests"): the
// campaign's placements (placement-section.tsx: each with its creatives, what its rotation does, its
// tag and its newest A/B test) and, with `actions`, making, changing and deleting them and starting and
// ending their tests. Props in, no fetching.

import type { Placement, PlacementStats } from '@adconsole/domain';
import { MESSAGES } from '@adconsole/domain';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton } from '@adconsole/ui';
import { useState } from 'react';
import { Loaded } from '../../components/loaded';
import { OnceOpened } from './card-dialogs';
import {
  type PlacementActions,
  type PlacementCreative,
  PlacementDialog,
  PlacementSection,
  type PlacementTestState,
  placementDialogs,
} from './placement-section';

type PlacementsCardProps = {
  /** Undefined while they load. */
  placements?: Placement[] | undefined;
  error?: unknown;
  /** The campaign's creatives: the placements' names, kinds, sizes, platform and settings come from them. */
  creatives: readonly PlacementCreative[];
  /** Each placement's latest test, by placement id. */
  tests?: Readonly<Record<string, PlacementTestState>>;
  /** Each placement's stats (chance of the next request, rates so far), by placement id. */
  stats?: Readonly<Record<string, PlacementStats>>;
  /** AD_SERVING_URL and TCF_VENDOR_ID, from the server's public config. */
  servingHost: string;
  tcfVendorID: number;
  locale?: string;
  /** Without them the card only shows the placements. */
  actions?: PlacementActions | undefined;
  /** The placement whose pause or resume is on its way. */
  pendingPlacementID?: string | undefined;
};

export function PlacementsCard({
  placements,
  error,
  creatives,
  tests = {},
  stats = {},
  servingHost,
  tcfVendorID,
  locale,
  actions,
  pendingPlacementID,
}: PlacementsCardProps) {
  const [creating, setCreating] = useState(false);
  return (
    <Card data-slot="placements-card" id="placements" className="scroll-mt-20">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle level={2}>Placements</CardTitle>
          <CardDescription>One tag serving several of the campaign's creatives in rotation.</CardDescription>
        </div>
        {actions && creatives.length > 0 ? (
          <Button
            variant="outline"
            onClick={() => setCreating(true)}
            onPointerEnter={placementDialogs.preload}
            onFocus={placementDialogs.preload}
          >
            New placement
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-8">
        <Loaded
          data={placements}
          error={error}
          errorText={MESSAGES.placementsNotLoaded}
          loading={<Skeleton className="h-32" aria-label="Loading placements" />}
        >
          {(placements) =>
            placements.length === 0 ? (
              <p className="text-muted-foreground text-sm">
                No placements yet. A placement serves several creatives of one kind and size from one tag, so
                new creatives can be tried, weighted or A/B tested without trafficking a new tag.
                {creatives.length === 0 ? ' Add creatives to the campaign first.' : ''}
              </p>
            ) : (
              placements.map((placement) => (
                <PlacementSection
                  key={placement.id}
                  placement={placement}
                  creatives={creatives}
                  test={tests[placement.id]}
                  stats={stats[placement.id]}
                  servingHost={servingHost}
                  tcfVendorID={tcfVendorID}
                  locale={locale}
                  actions={actions}
                  pending={pendingPlacementID === placement.id}
                />
              ))
            )
          }
        </Loaded>
      </CardContent>
      {actions ? (
        <OnceOpened open={creating}>
          <PlacementDialog
            open={creating}
            onOpenChange={setCreating}
            creatives={creatives}
            onSave={actions.onCreate}
          />
        </OnceOpened>
      ) : null}
    </Card>
  );
}
