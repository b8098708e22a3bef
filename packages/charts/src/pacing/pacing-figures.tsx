import type { PacingAnswer } from '@adconsole/domain';
import { cn } from '@adconsole/ui';
import type * as React from 'react';
import { defaultLocale, formatCount, NO_VALUE } from '../lib/format';

export type PacingFiguresProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** The campaign's pacing (the API's answer): its delivered, plan to date, projection and needed daily rate. */
  pacing: Pick<PacingAnswer, 'delivered' | 'plan' | 'projected' | 'neededDailyRate'> &
    Partial<Pick<PacingAnswer, 'status' | 'elapsedDays'>>;
  /** BCP 47 locale for the numbers; the browser's by default. */
  locale?: string;
};

/**
 * The pacing's four figures, in the goal's unit (impressions, clicks or completed views: never money, so
 * a share link without costs shows them too): delivered to date, the even plan to date, the projection
 * at the flight's end ('—' before the flight starts) and what is still needed a day ('—' once nothing is). Four across where the card
 * has room, two on a phone: the card's width decides, not the window's. The campaign page, the report
 * and the share page show the same.
 */
export function PacingFigures({ pacing, locale = defaultLocale(), className, ...props }: PacingFiguresProps) {
  const count = (value: number) => formatCount(value, locale);
  // Before the flight there is no delivery to project from: '—', not 0.
  const beforeFlight = pacing.status === 'not-started' && pacing.elapsedDays === 0;
  return (
    <div className={cn('@container', className)} {...props}>
      <dl className="grid grid-cols-2 gap-3 text-sm @lg:grid-cols-4" data-slot="pacing-figures">
        <Figure label="Delivered" value={count(Math.round(pacing.delivered))} />
        <Figure label="Plan to date" value={count(Math.round(pacing.plan))} />
        <Figure label="Projected" value={beforeFlight ? NO_VALUE : count(Math.round(pacing.projected))} />
        <Figure
          label="Needed a day"
          value={pacing.neededDailyRate > 0 ? count(Math.ceil(pacing.neededDailyRate)) : NO_VALUE}
        />
      </dl>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-semibold text-lg tabular-nums">{value}</dd>
    </div>
  );
}
