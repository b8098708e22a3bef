// Where reach and the frequency card say the same thing, they must agree (docs/reports.md, "Reach and
// frequency agree"). Both count the same population where both exist: the ads of a capped campaign's
// tags served to a browser (or device) whose consent lets the ad server keep state; frequency counts
// each browser once per window it had an ad in (browser-windows), reach counts it once over the range.
// So, over a range of whole windows:
//   1. distinct browsers and devices (reach) <= browser-windows (frequency's browsers): a browser seen
//      on three days is one in reach and three in frequency;
//   2. over one window (a day, for a campaign whose longest cap is a day), the two are the same count,
//      so reach's average frequency is the frequency card's average.
// Reach is an estimate (±REACH_RELATIVE_ERROR, one standard error), so each comparison allows three
// standard errors and one browser (small counts are exact to within one).
import type { Frequency } from './frequency';
import type { Reach } from './reach';

/** Standard errors a comparison allows the estimate. */
const ALLOWED_ERRORS = 3;

/** What the reach and frequency cards of one report get wrong together: [] when they agree. */
export function reachFrequencyProblems(
  reach: Pick<Reach, 'reach' | 'identifiedAds' | 'averageFrequency' | 'relativeError'>,
  frequency: Pick<Frequency, 'browsers' | 'ads' | 'average' | 'windows'>,
  options: { oneWindow?: boolean } = {},
): string[] {
  if (frequency.browsers === 0 || reach.reach === 0) return [];
  const slack = (value: number) => value * ALLOWED_ERRORS * reach.relativeError + 1;
  const problems: string[] = [];
  if (reach.reach > frequency.browsers + slack(frequency.browsers))
    problems.push(
      `reach ${reach.reach} exceeds the ${frequency.browsers} browser-windows of the frequency card: distinct browsers over a range cannot exceed the browsers counted in each window`,
    );
  if (options.oneWindow && reach.averageFrequency !== null && frequency.average !== null) {
    const apart = Math.abs(reach.averageFrequency - frequency.average);
    if (
      apart >
      frequency.average * ALLOWED_ERRORS * reach.relativeError + frequency.average / frequency.browsers
    )
      problems.push(
        `over one window reach's ${reach.averageFrequency.toFixed(2)} ads each differs from the frequency card's ${frequency.average.toFixed(2)}`,
      );
  }
  return problems;
}
