import { FIGURE, type FigureKeyOf, figureKeysIn, formatMoney, type ReportTotals } from '@adconsole/domain';
import { cn } from '@adconsole/ui';
import type * as React from 'react';
import { defaultLocale, NO_VALUE } from '../lib/format';

export type SpendMetric = FigureKeyOf<{ group: 'spend' }>;
/** The spend figures in the order the tiles show them (the domain's REPORT_FIGURES). */
export const SPEND_METRICS: readonly SpendMetric[] = figureKeysIn('tiles', ['spend']) as SpendMetric[];

/** Each spend figure's label. */
export const SPEND_METRIC_LABELS = Object.fromEntries(
  SPEND_METRICS.map((metric) => [metric, FIGURE[metric].label]),
) as Readonly<Record<SpendMetric, string>>;

/** A spend figure in the currency ('$1,234.57'), or '—' when it has none (an eCPC without clicks). */
export function formatSpend(value: number | null | undefined, currency: string, locale: string): string {
  if (value === null || value === undefined) return NO_VALUE;
  try {
    return formatMoney(value, currency, locale);
  } catch {
    return formatMoney(value, currency);
  }
}

export type SpendTilesProps = React.ComponentProps<'dl'> & {
  /** The report's totals; nothing is drawn unless they carry `spend` (the campaign books a rate). */
  totals: Pick<ReportTotals, SpendMetric>;
  /** The booked rate's ISO 4217 currency (the report's `rate.currency`). */
  currency: string;
  /** Which tiles, in order. */
  metrics?: readonly SpendMetric[];
  locale?: string;
};

/** Spend at the booked rate and the effective costs, as tiles beside the KPI tiles. */
export function SpendTiles({
  totals,
  currency,
  metrics = SPEND_METRICS,
  locale = defaultLocale(),
  className,
  ...props
}: SpendTilesProps) {
  if (totals.spend === undefined) return null;
  return (
    <dl
      data-slot="spend-tiles"
      className={cn(
        'grid grid-cols-[repeat(auto-fill,minmax(min(11rem,calc(50%-0.375rem)),1fr))] gap-3',
        className,
      )}
      {...props}
    >
      {metrics.map((metric) => (
        <div
          key={metric}
          data-slot="spend-tile"
          data-metric={metric}
          className="flex flex-col gap-1 rounded-lg border bg-card p-4 text-card-foreground"
        >
          <dt className="text-muted-foreground text-sm">{SPEND_METRIC_LABELS[metric]}</dt>
          <dd className="font-semibold text-2xl tabular-nums tracking-tight">
            {formatSpend(totals[metric], currency, locale)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
