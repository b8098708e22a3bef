// A placement's creatives on the campaign page (docs/serving.md, "Placements"): each with its weight (weighted rotation), its
// chance of the next ad request and, in optimized rotation, the rate its choice is made on (the API's
// placement stats), its state and the pause or resume action; above them, what the rotation does, in
// words. Props in, no fetching.
import {
  type Placement,
  type PlacementCreativeStats,
  type PlacementStats,
  THOMPSON_EXPLORATION,
} from '@adconsole/domain';
import { Badge, Button, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@adconsole/ui';
import { formatCount } from './format';

const percent = (value: number, locale: string | undefined, digits = 1) =>
  new Intl.NumberFormat(locale ?? 'en-US', {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);

/** How the placement chooses, in a sentence the card shows above its creatives. */
function rotationExplained(placement: Placement, stats: PlacementStats | undefined, locale?: string): string {
  const explore = percent(stats?.exploration ?? THOMPSON_EXPLORATION, locale, 0);
  switch (placement.mode) {
    case 'even':
      return 'Each request gets one of the serving creatives, all equally often.';
    case 'weighted':
      return 'Each request gets a serving creative in proportion to its weight.';
    case 'sequential':
      return 'Each page view shows the next serving creative after the one it showed last, in this order; a new page starts from the first.';
    default: {
      const metric = stats?.optimizedOn === 'videoCompletes' ? 'completes per impression' : 'CTR';
      return `Each request draws a likely ${metric} for every serving creative from what it has shown so far (Thompson sampling) and serves the highest draw, so the likely best gets most requests while the others keep being measured; ${explore} of requests are spread evenly. The chance below is how often the next request goes to each.`;
    }
  }
}

/** The rate optimized rotation reads: '0.34% (280 of 81,539)'. */
function optimizationRate(stats: PlacementCreativeStats, locale: string | undefined): string {
  const { successes, trials } = stats.optimization;
  if (trials === 0) return 'No impressions yet';
  return `${percent(successes / trials, locale, 2)} (${formatCount(successes)} of ${formatCount(trials)})`;
}

export function PlacementCreatives({
  placement,
  nameOf,
  stats,
  locale,
  onSetPaused,
  pending,
}: {
  placement: Placement;
  nameOf: (creativeId: string) => string;
  stats: PlacementStats | undefined;
  locale: string | undefined;
  /** Pauses or resumes a creative; without it the table only shows them. */
  onSetPaused: ((creativeId: string, paused: boolean) => void) | undefined;
  pending: boolean;
}) {
  const statsOf = (creativeId: string) => stats?.creatives.find((each) => each.creativeId === creativeId);
  const showShares = Boolean(stats) && placement.mode !== 'sequential';
  const optimized = placement.mode === 'optimized' && Boolean(stats);
  const metric = stats?.optimizedOn === 'videoCompletes' ? 'Completes per impression' : 'CTR so far';
  return (
    <div className="grid min-w-0 gap-2">
      <p className="text-muted-foreground text-sm" data-slot="rotation-explained">
        {rotationExplained(placement, stats, locale)}
      </p>
      <Table aria-label={`Creatives of ${placement.name}`}>
        <TableHeader>
          <TableRow>
            <TableHead>Creative</TableHead>
            {placement.mode === 'weighted' ? <TableHead>Weight</TableHead> : null}
            {showShares ? (
              <TableHead className="whitespace-normal">Chance of the next request</TableHead>
            ) : null}
            {optimized ? <TableHead>{metric}</TableHead> : null}
            <TableHead>State</TableHead>
            {onSetPaused ? (
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            ) : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {placement.items.map((item) => {
            const name = nameOf(item.creativeId);
            const itemStats = statsOf(item.creativeId);
            const unpublished = itemStats ? itemStats.liveID === null : false;
            return (
              <TableRow key={item.creativeId}>
                <TableCell className="whitespace-normal">{name}</TableCell>
                {placement.mode === 'weighted' ? (
                  <TableCell className="tabular-nums">{item.weight}</TableCell>
                ) : null}
                {showShares ? (
                  <TableCell className="tabular-nums">
                    {itemStats?.share == null ? '–' : percent(itemStats.share, locale)}
                  </TableCell>
                ) : null}
                {optimized ? (
                  <TableCell className="whitespace-normal tabular-nums">
                    {itemStats ? optimizationRate(itemStats, locale) : '–'}
                  </TableCell>
                ) : null}
                <TableCell>
                  {item.paused ? (
                    <Badge variant="secondary">Paused</Badge>
                  ) : unpublished ? (
                    <Badge variant="outline">Not published</Badge>
                  ) : (
                    <Badge variant="success">Serving</Badge>
                  )}
                </TableCell>
                {onSetPaused ? (
                  <TableCell className="text-right">
                    <Button
                      variant="ghost"
                      size="sm"
                      loading={pending}
                      aria-label={`${item.paused ? 'Resume' : 'Pause'} ${name} in ${placement.name}`}
                      onClick={() => onSetPaused(item.creativeId, !item.paused)}
                    >
                      {item.paused ? 'Resume' : 'Pause'}
                    </Button>
                  </TableCell>
                ) : null}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
