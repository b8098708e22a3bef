import { PACING_STATUS_LABELS, type PacingAnswer, type PacingStatus } from '@adconsole/domain';
import { Badge, type BadgeProps } from '@adconsole/ui';
import type * as React from 'react';
import { defaultLocale } from '../lib/format';

/** The badge's tone by status: good news green, a warning amber, trouble red, nothing yet grey. */
const STATUS_VARIANT: Record<PacingStatus, NonNullable<BadgeProps['variant']>> = {
  'not-started': 'secondary',
  'on-track': 'success',
  ahead: 'info',
  behind: 'warning',
  'at-risk': 'danger',
  delivered: 'success',
  missed: 'danger',
};

const percentFormat = new Map<string, Intl.NumberFormat>();
const wholePercent = (share: number, locale: string): string => {
  let format = percentFormat.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    percentFormat.set(locale, format);
  }
  return format.format(share);
};

/**
 * What the badge says beside the status: how far delivery is from the plan ('20% under plan'), or
 * nothing where the plan has no say (not started, delivered, missed, or less than 1 % off).
 */
export function pacingDeviationText(pacing: Pick<PacingAnswer, 'status' | 'deviation'>, locale: string) {
  const { status, deviation } = pacing;
  if (deviation === null || status === 'not-started' || status === 'delivered' || status === 'missed')
    return undefined;
  if (Math.abs(deviation) < 0.005) return 'on plan';
  return `${wholePercent(Math.abs(deviation), locale)} ${deviation < 0 ? 'under' : 'over'} plan`;
}

/** The status and its deviation as one line: 'At risk · 20% under plan'. */
export function pacingStatusText(pacing: Pick<PacingAnswer, 'status' | 'deviation'>, locale: string): string {
  const deviation = pacingDeviationText(pacing, locale);
  const label = PACING_STATUS_LABELS[pacing.status];
  return deviation ? `${label} · ${deviation}` : label;
}

export type PacingStatusBadgeProps = Omit<React.ComponentProps<'span'>, 'children'> & {
  /** The campaign's pacing (the API's answer); its status and deviation are shown. */
  pacing: Pick<PacingAnswer, 'status' | 'deviation'>;
  /** Only the status's label, without the deviation (a narrow table column). */
  compact?: boolean;
  locale?: string;
};

/** A campaign's pacing status as a coloured badge: 'Behind · 20% under plan'. */
export function PacingStatusBadge({
  pacing,
  compact = false,
  locale = defaultLocale(),
  className,
  ...props
}: PacingStatusBadgeProps) {
  const full = pacingStatusText(pacing, locale);
  const label = PACING_STATUS_LABELS[pacing.status];
  return (
    <Badge
      data-slot="pacing-status"
      data-status={pacing.status}
      variant={STATUS_VARIANT[pacing.status]}
      className={className}
      title={compact && full !== label ? full : undefined}
      {...props}
    >
      {compact ? (
        <>
          {label}
          {full !== label ? <span className="sr-only">{full.slice(label.length)}</span> : null}
        </>
      ) : (
        full
      )}
    </Badge>
  );
}
