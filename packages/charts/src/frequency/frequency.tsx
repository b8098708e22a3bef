import {
  type Frequency,
  formatFrequencyAverage,
  frequencyBarLabel,
  frequencyInvalidNote,
  frequencySentence,
  hasFrequency,
} from '@adconsole/domain';
import { cn } from '@adconsole/ui';
import type * as React from 'react';
import { defaultLocale, formatCompact, formatCount } from '../lib/format';

export type FrequencyPanelProps = React.ComponentProps<'div'> & {
  /** The report's ads per browser in the campaign's frequency window (`data.frequency`). */
  frequency: Frequency;
  /** BCP 47 locale for numbers; the browser's by default. */
  locale?: string;
  /**
   * Ads of the same range served to invalid traffic (the not-served figures' `adsServedInvalid`): they
   * keep no frequency history and are in no bar, which the panel says when there were any.
   */
  invalidAds?: number;
};

/**
 * "Frequency": how many browsers had 1, 2 ... 9 and 10 or more of the campaign's ads in its frequency
 * window (its longest cap period: per browser on each site, per day for a day cap), as bars against the
 * largest, with the average and a sentence saying what a browser means here. The bars are hidden from
 * screen readers, which read the same figures as a table.
 */
export function FrequencyPanel({
  frequency,
  locale = defaultLocale(),
  invalidAds = 0,
  className,
  ...props
}: FrequencyPanelProps) {
  const sentence = frequencySentence(frequency, locale);
  const invalid = frequencyInvalidNote(invalidAds, locale);
  const invalidNote =
    invalid === null ? null : (
      <p data-slot="frequency-invalid" className="text-muted-foreground text-sm">
        {invalid}
      </p>
    );
  if (!hasFrequency(frequency))
    return (
      <div data-slot="frequency" className={cn('grid gap-3', className)} {...props}>
        <p data-slot="frequency-summary" className="text-muted-foreground text-sm">
          {sentence}
        </p>
        {invalidNote}
      </div>
    );
  const largest = Math.max(1, ...frequency.bars.map((bar) => bar.browsers));
  return (
    <div data-slot="frequency" className={cn('@container grid gap-4', className)} {...props}>
      <div className="flex flex-wrap items-baseline gap-x-6 gap-y-1">
        <p className="text-sm">
          <span className="text-muted-foreground">Average </span>
          <span data-slot="frequency-average" className="font-semibold text-2xl tabular-nums">
            {formatFrequencyAverage(frequency.average)}
          </span>
          <span className="text-muted-foreground"> ads per browser</span>
        </p>
        <p className="text-muted-foreground text-sm">
          {formatCount(frequency.browsers, locale)} browsers · {formatCount(frequency.ads, locale)} ads
        </p>
      </div>
      <p data-slot="frequency-summary" className="text-muted-foreground text-sm">
        {sentence}
      </p>
      {invalidNote}
      <div
        data-slot="frequency-bars"
        aria-hidden="true"
        className="grid grid-cols-10 items-end gap-1 @md:gap-2"
      >
        {frequency.bars.map((bar) => (
          <div key={bar.times} className="grid min-w-0 justify-items-center gap-1">
            {/* A phone's column is about 26 px (the panel's own width decides, not the window's): its count in a smaller type keeps "1.2K" inside it. */}
            <span className="text-[0.625rem] text-muted-foreground tabular-nums @md:text-xs">
              {formatCompact(bar.browsers, locale)}
            </span>
            <div className="flex h-32 w-full items-end">
              <span
                className="block w-full rounded-t-sm bg-[var(--chart-1)]"
                style={{ height: `${bar.browsers === 0 ? 0 : Math.max((bar.browsers / largest) * 100, 1)}%` }}
              />
            </div>
            <span className="text-xs tabular-nums">{frequencyBarLabel(bar)}</span>
          </div>
        ))}
      </div>
      <p aria-hidden="true" className="text-center text-muted-foreground text-xs">
        Ads per browser
      </p>
      <table className="sr-only">
        <caption>Browsers by the number of ads they had</caption>
        <thead>
          <tr>
            <th scope="col">Ads per browser</th>
            <th scope="col">Browsers</th>
          </tr>
        </thead>
        <tbody>
          {frequency.bars.map((bar) => (
            <tr key={bar.times}>
              <th scope="row">{bar.orMore ? `${bar.times} or more` : String(bar.times)}</th>
              <td>{formatCount(bar.browsers, locale)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">Average</th>
            <td>{formatFrequencyAverage(frequency.average)}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}
