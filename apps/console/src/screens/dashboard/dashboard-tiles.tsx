// The dashboard's key figures: every campaign's summed over the range against the period before, and,
// when the user counts conversions, a Conversions tile (the count only: campaigns may count their value
// in different currencies, so the dashboard adds no value up; docs/conversions.md, "Charts and screens").
import { KPI_METRICS, type KpiTileMetric, KpiTiles } from '@adconsole/charts';
import { type Dashboard, figureSpec } from '@adconsole/domain';
import { Skeleton } from '@adconsole/ui';

/** The headline tiles of the base group (the domain's REPORT_FIGURES): the dashboard has no video figures. */
const METRICS: readonly KpiTileMetric[] = KPI_METRICS.filter((metric) => figureSpec(metric).group === 'base');
const WITH_CONVERSIONS: readonly KpiTileMetric[] = [...METRICS, 'conversions'];

type DashboardFigures = Pick<Dashboard, 'totals' | 'previousTotals' | 'topCampaigns' | 'recentCampaigns'>;

/**
 * Whether the dashboard shows conversions: its totals carry them (every answer since conversions does,
 * 0 without any) and the user counts them: a campaign it lists has conversion actions, or a conversion
 * came in this range or the one before.
 */
const dashboardHasConversions = (board: DashboardFigures): boolean =>
  board.totals.conversions !== undefined &&
  ([...board.topCampaigns, ...board.recentCampaigns].some((campaign) =>
    Boolean(campaign.conversionCurrency),
  ) ||
    (board.totals.conversions ?? 0) > 0 ||
    (board.previousTotals.conversions ?? 0) > 0);

/** The tiles, or their placeholders while the dashboard loads. */
export function DashboardTiles({ board, locale }: { board: DashboardFigures | undefined; locale?: string }) {
  if (!board) {
    return (
      <div className="grid grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] gap-3">
        {Array.from({ length: METRICS.length }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={index} className="h-[114px]" />
        ))}
      </div>
    );
  }
  return (
    <KpiTiles
      totals={board.totals}
      previous={board.previousTotals}
      metrics={dashboardHasConversions(board) ? WITH_CONVERSIONS : METRICS}
      locale={locale}
    />
  );
}
