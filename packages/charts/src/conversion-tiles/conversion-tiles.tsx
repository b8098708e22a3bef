import { metricChange, type ReportTotals } from '@adconsole/domain';
import { cn } from '@adconsole/ui';
import type * as React from 'react';
import { KpiTile, TILE_GRID } from '../kpi-tiles/kpi-tiles';
import {
  CONVERSION_METRICS,
  type ConversionMetric,
  formatConversionFigure,
  formatConversionMoney,
  formatRoas,
  showsConversionFigure,
} from '../lib/conversions';
import { defaultLocale, formatMetric } from '../lib/format';

export type ConversionTilesProps = React.ComponentProps<'dl'> & {
  /** The report's totals; nothing is drawn unless they carry `conversions`. */
  totals: ReportTotals;
  /**
   * The report's `conversionCurrency` (ISO 4217): value and cost per conversion are shown in it. Null
   * (a campaign without conversion actions): nothing is drawn.
   */
  currency: string | null | undefined;
  /** The previous period's totals: each tile then shows its change, coloured good or bad. */
  previous?: ReportTotals;
  /** The previous period's totals are on their way: each tile keeps the room of its change. */
  comparing?: boolean;
  /**
   * Which tiles, in order. Value, cost per conversion and ROAS show only when the totals carry them (the
   * last two need a booked rate; a share link without costs carries none of the three).
   */
  metrics?: readonly ConversionMetric[];
  /** BCP 47 locale for numbers and money; the browser's by default. */
  locale?: string;
};

/**
 * The report's conversions as tiles beside the KPI tiles: conversions, conversion rate (per click),
 * value, and with a booked rate cost per conversion and ROAS. A figure without its denominator reads '—'.
 */
export function ConversionTiles({
  totals,
  currency,
  previous,
  comparing = false,
  metrics = CONVERSION_METRICS,
  locale = defaultLocale(),
  className,
  ...props
}: ConversionTilesProps) {
  if (totals.conversions === undefined || !currency) return null;
  const shown = metrics.filter((metric) => showsConversionFigure(metric, totals));
  /** A change's values as the tile shows them: money in the currency, ROAS as a ratio ('2.35x'). */
  const formatValue = (metric: string, value: number) =>
    metric === 'conversionValue' || metric === 'costPerConversion'
      ? formatConversionMoney(value, currency, locale)
      : metric === 'roas'
        ? formatRoas(value, locale)
        : formatMetric(metric as ConversionMetric, value, locale);
  return (
    <dl data-slot="conversion-tiles" className={cn(TILE_GRID, className)} {...props}>
      {shown.map((metric) => (
        <KpiTile
          key={metric}
          slot="conversion-tile"
          metric={metric}
          value={formatConversionFigure(metric, totals, currency, locale)}
          change={previous ? metricChange(metric, totals, previous) : undefined}
          comparing={!previous && comparing}
          locale={locale}
          format={formatValue}
        />
      ))}
    </dl>
  );
}
