// The campaign page's "Placements" card (issue 46; docs/console.md, "Placements and A/B tests"): each
// placement with its kind, size and rotation, its creatives with weight and paused state, its tag
// (the domain's buildPlacementTag, in a copy field like the creative's tag panel) and, when it has
// one, its A/B test. Props in, no fetching.
import {
  type AbTestResults,
  buildPlacementTag,
  type Creative,
  errorMessage,
  type Placement,
  type PlacementAbTest,
  ROTATION_MODE_LABELS,
} from '@adconsole/domain';
import {
  Alert,
  AlertDescription,
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  CopyField,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@adconsole/ui';
import { AbTestPanel } from './ab-test-panel';

/** A placement's latest A/B test and, once loaded, its results. */
export type PlacementTestState = {
  test: PlacementAbTest;
  results?: AbTestResults | undefined;
  error?: unknown;
};

type PlacementCreative = Pick<Creative, 'id' | 'name' | 'platform' | 'settings'>;

type PlacementsCardProps = {
  /** Undefined while they load. */
  placements?: Placement[] | undefined;
  error?: unknown;
  /** The campaign's creatives: the placements' names, platform and settings come from them. */
  creatives: readonly PlacementCreative[];
  /** Each placement's latest test, by placement id. */
  tests?: Readonly<Record<string, PlacementTestState>>;
  /** AD_SERVING_URL and TCF_VENDOR_ID, from the server's public config. */
  servingHost: string;
  tcfVendorID: number;
  locale?: string;
  /** Pauses or resumes a creative of a placement; without it the card only shows them. */
  onSetPaused?: ((placement: Placement, creativeId: string, paused: boolean) => void) | undefined;
  /** The placement whose change is on its way. */
  pendingPlacementID?: string | undefined;
};

export function PlacementsCard({
  placements,
  error,
  creatives,
  tests = {},
  servingHost,
  tcfVendorID,
  locale,
  onSetPaused,
  pendingPlacementID,
}: PlacementsCardProps) {
  return (
    <Card data-slot="placements-card">
      <CardHeader>
        <CardTitle level={2}>Placements</CardTitle>
        <CardDescription>One tag serving several of the campaign's creatives in rotation.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {error ? (
          <Alert variant="danger">
            <AlertDescription>{errorMessage(error, 'The placements could not be loaded.')}</AlertDescription>
          </Alert>
        ) : !placements ? (
          <Skeleton className="h-32" aria-label="Loading placements" />
        ) : placements.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            No placements yet. A placement serves several creatives of one kind and size from one tag, and can
            A/B test them; make one with the placement calls of the API.
          </p>
        ) : (
          placements.map((placement) => (
            <PlacementSection
              key={placement.id}
              placement={placement}
              creatives={creatives}
              test={tests[placement.id]}
              servingHost={servingHost}
              tcfVendorID={tcfVendorID}
              locale={locale}
              onSetPaused={onSetPaused}
              pending={pendingPlacementID === placement.id}
            />
          ))
        )}
      </CardContent>
    </Card>
  );
}

function PlacementSection({
  placement,
  creatives,
  test,
  servingHost,
  tcfVendorID,
  locale,
  onSetPaused,
  pending,
}: {
  placement: Placement;
  creatives: readonly PlacementCreative[];
  test: PlacementTestState | undefined;
  servingHost: string;
  tcfVendorID: number;
  locale: string | undefined;
  onSetPaused: PlacementsCardProps['onSetPaused'];
  pending: boolean;
}) {
  const creativeOf = (id: string) => creatives.find((creative) => creative.id === id);
  const headingId = `placement-${placement.id}`;
  const running = test?.test.status === 'running';
  // While a test runs the server refuses a change of the rotation (409): it serves the variants evenly.
  const editable = Boolean(onSetPaused) && !running;
  // A placement has no platform of its own: its tag follows its first creative's platform and settings.
  const first = placement.items
    .map((item) => creativeOf(item.creativeId))
    .find((creative) => creative?.platform);
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
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="font-semibold">
          {placement.name}
        </h3>
        {running ? <Badge variant="success">A/B test running</Badge> : null}
      </div>
      <p className="text-muted-foreground text-sm">
        {placement.kind} · {placement.width}×{placement.height} · {ROTATION_MODE_LABELS[placement.mode]}{' '}
        rotation
      </p>
      <Table aria-label={`Creatives of ${placement.name}`}>
        <TableHeader>
          <TableRow>
            <TableHead>Creative</TableHead>
            {placement.mode === 'weighted' ? <TableHead>Weight</TableHead> : null}
            <TableHead>State</TableHead>
            {editable ? (
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            ) : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {placement.items.map((item) => (
            <TableRow key={item.creativeId}>
              <TableCell className="whitespace-normal">
                {creativeOf(item.creativeId)?.name ?? item.creativeId}
              </TableCell>
              {placement.mode === 'weighted' ? (
                <TableCell className="tabular-nums">{item.weight}</TableCell>
              ) : null}
              <TableCell>
                {item.paused ? (
                  <Badge variant="secondary">Paused</Badge>
                ) : (
                  <Badge variant="success">Serving</Badge>
                )}
              </TableCell>
              {editable ? (
                <TableCell className="text-right">
                  <Button
                    variant="ghost"
                    size="sm"
                    loading={pending}
                    aria-label={`${item.paused ? 'Resume' : 'Pause'} ${creativeOf(item.creativeId)?.name ?? item.creativeId} in ${placement.name}`}
                    onClick={() => onSetPaused?.(placement, item.creativeId, !item.paused)}
                  >
                    {item.paused ? 'Resume' : 'Pause'}
                  </Button>
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
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
        <AbTestPanel test={test.test} results={test.results} error={test.error} locale={locale} />
      ) : null}
    </section>
  );
}
