import { metricChange, type ReportTotals } from '@adconsole/domain';
import { cn, Skeleton } from '@adconsole/ui';
import type * as React from 'react';
import { KpiDelta } from '../kpi-tiles/kpi-tiles';
import {
  CONVERSION_METRICS,
  type ConversionMetric,
  formatConversionFigure,
  formatConversionMoney,
  formatRoas,
  SPEND_CONVERSION_METRICS,
} from '../lib/conversions';
import { defaultLocale, formatMetric } from '../lib/format';
import { metricConfig } from '../lib/metrics';

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
   * Which tiles, in order. Cost per conversion and ROAS show only when the totals carry them (the
   * campaign books a rate, so the report has spend).
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
  const shown = metrics.filter(
    (metric) => !SPEND_CONVERSION_METRICS.includes(metric) || totals[metric] !== undefined,
  );
  /** A change's values as the tile shows them: money in the currency, ROAS in percent of spend. */
  const formatValue = (metric: string, value: number) =>
    metric === 'conversionValue' || metric === 'costPerConversion'
      ? formatConversionMoney(value, currency, locale)
      : metric === 'roas'
        ? formatRoas(value, locale)
        : formatMetric(metric as ConversionMetric, value, locale);
  return (
    <dl
      data-slot="conversion-tiles"
      className={cn(
        'grid grid-cols-[repeat(auto-fill,minmax(min(11rem,calc(50%-0.375rem)),1fr))] gap-3',
        className,
      )}
      {...props}
    >
      {shown.map((metric) => (
        <div
          key={metric}
          data-slot="conversion-tile"
          data-metric={metric}
          className="flex flex-col gap-1 rounded-lg border bg-card p-4 text-card-foreground"
        >
          <dt className="text-muted-foreground text-sm">{metricConfig[metric].label}</dt>
          <dd className="font-semibold text-2xl tabular-nums tracking-tight">
            {formatConversionFigure(metric, totals, currency, locale)}
          </dd>
          {previous ? (
            <KpiDelta change={metricChange(metric, totals, previous)} locale={locale} format={formatValue} />
          ) : comparing ? (
            <dd data-slot="kpi-delta" data-loading="" aria-hidden="true">
              <Skeleton className="h-5 w-16 rounded-md" />
            </dd>
          ) : null}
        </div>
      ))}
    </dl>
  );
}
