// A report's frequency (docs/reports.md, "Frequency"): how many of a campaign's ads each browser had in
// the campaign's frequency window, where the browser can be told apart (a tag with caps: the browser's
// partitioned cookie on one site, or a device's advertising id). When an ad of a campaign with caps is
// served, the browser's history says which of the window's ads it is: its rank, 1 for the first. The
// serving processes count ads by campaign, window kind, 15-minute bucket and rank (1 to 10, and 11 for
// "the 11th or later"); from those counts c(k), for any range:
//   browsers (browser-windows) with exactly k ads = c(k) - c(k+1) for k = 1..9,
//   with 10 or more = c(10), browsers = c(1), ads = the sum of all ranks, average = ads / c(1).
// A window that started before the range counts its later ads without its first ones: c(k) - c(k+1) can
// then come out below zero, and is shown as 0 (the average still divides all ads by c(1)).
import { z } from 'zod/mini';
import { FREQUENCY_PERIODS, type FrequencyPeriod } from '../delivery/frequency-caps';

/** The ranks counted: 1 to 10 each, and FREQUENCY_RANK_REST for the 11th ad of a window or later. */
export const FREQUENCY_RANKS = 10;
export const FREQUENCY_RANK_REST = FREQUENCY_RANKS + 1;

/** The rank an ad is counted under: its place in the browser's window, 11 for the 11th or later. */
export const frequencyRankBucket = (rank: number): number =>
  Math.min(Math.max(1, Math.floor(rank)), FREQUENCY_RANK_REST);

const count = z.number().check(z.int(), z.nonnegative());

/** One bar: browsers that had exactly `times` ads in a window (`orMore`: `times` or more). */
export const frequencyBarSchema = z.object({
  times: count,
  orMore: z.boolean(),
  browsers: count,
});
export type FrequencyBar = z.infer<typeof frequencyBarSchema>;

/** The report's `frequency`: empty (no bars, no browsers) when the range has no ad of a capped campaign. */
export const frequencySchema = z.object({
  /** The frequency windows of the range's counts, shortest first ('day': per browser, per local day). */
  windows: z.array(z.enum(FREQUENCY_PERIODS)),
  /** Browser-windows: browsers counted once in each window they had an ad in. */
  browsers: count,
  /** Ads served to them. */
  ads: count,
  /** Ads per browser-window (ads / browsers); null without browsers. */
  average: z.nullable(z.number()),
  /** 1, 2, ... 9 and 10 or more: ten bars, or none. */
  bars: z.array(frequencyBarSchema),
});
export type Frequency = z.infer<typeof frequencySchema>;

/** What a report of a server before frequency reports answers: nothing counted. */
export const NO_FREQUENCY: Frequency = { windows: [], browsers: 0, ads: 0, average: null, bars: [] };

/** One counted row: ads of one rank (1 to 11) in one window kind. */
export interface FrequencyCount {
  period: string;
  rank: number;
  ads: number;
}

const isPeriod = (value: string): value is FrequencyPeriod =>
  (FREQUENCY_PERIODS as readonly string[]).includes(value);

/** The frequency of a range from its counted rows (rows of an unknown window or rank are left out). */
export function frequencyOf(rows: readonly FrequencyCount[]): Frequency {
  const byRank = new Array<number>(FREQUENCY_RANK_REST + 2).fill(0);
  const windows = new Set<FrequencyPeriod>();
  for (const row of rows) {
    if (!isPeriod(row.period) || !Number.isInteger(row.rank)) continue;
    if (row.rank < 1 || row.rank > FREQUENCY_RANK_REST || row.ads <= 0) continue;
    byRank[row.rank] = (byRank[row.rank] as number) + row.ads;
    windows.add(row.period);
  }
  const browsers = byRank[1] as number;
  const ads = byRank.reduce((sum, ads) => sum + ads, 0);
  if (ads === 0) return NO_FREQUENCY;
  const bars: FrequencyBar[] = [];
  for (let times = 1; times < FREQUENCY_RANKS; times += 1) {
    const exactly = (byRank[times] as number) - (byRank[times + 1] as number);
    bars.push({ times, orMore: false, browsers: Math.max(0, exactly) });
  }
  bars.push({ times: FREQUENCY_RANKS, orMore: true, browsers: byRank[FREQUENCY_RANKS] as number });
  return {
    windows: FREQUENCY_PERIODS.filter((period) => windows.has(period)),
    browsers,
    ads,
    average: browsers === 0 ? null : ads / browsers,
    bars,
  };
}

/** Whether a report has frequency to show (an ad of a capped campaign in its range). */
export const hasFrequency = (frequency: Frequency): boolean => frequency.ads > 0;

const WINDOW_WORDS: Readonly<Record<FrequencyPeriod, string>> = {
  hour: 'per hour',
  day: 'per day',
  week: 'per week',
  flight: 'over the flight',
};

/** A bar's label: '1', '2' ... '10+'. */
export const frequencyBarLabel = (bar: FrequencyBar): string => `${bar.times}${bar.orMore ? '+' : ''}`;

/** The average as shown: one decimal ('3.0'); a dash without browsers. */
export const formatFrequencyAverage = (average: number | null): string =>
  average === null ? '–' : average.toFixed(1);

/**
 * What the frequency says, in the screens' and files' words: "1,204 browsers saw 3.0 ads on average
 * (per browser on each site, per day)." The window is the campaign's longest cap period; a browser is
 * told apart on one publisher site only (the partitioned cookie), or by a device's advertising id.
 */
export function frequencySentence(frequency: Frequency, locale = 'en-US'): string {
  if (!hasFrequency(frequency)) return 'No ads of a campaign with frequency caps in this range.';
  const windows = frequency.windows.map((period) => WINDOW_WORDS[period]);
  const per = windows.length === 0 ? '' : `, ${windows.join(' or ')}`;
  const browsers = frequency.browsers.toLocaleString(locale);
  const noun = frequency.browsers === 1 ? 'browser' : 'browsers';
  return `${browsers} ${noun} saw ${formatFrequencyAverage(frequency.average)} ads on average (per browser on each site${per}).`;
}

/**
 * What the frequency card says of the range's ads served to invalid traffic (docs/traffic-quality.md):
 * they keep no frequency history, so they are in no bar; null when there were none.
 */
export function frequencyInvalidNote(invalidAds: number, locale = 'en-US'): string | null {
  if (!(invalidAds > 0)) return null;
  const ads = invalidAds === 1 ? 'ad' : 'ads';
  const were = invalidAds === 1 ? 'was' : 'were';
  return `Not in these bars: ${invalidAds.toLocaleString(locale)} ${ads} served to invalid traffic, which ${were} counted without a frequency history.`;
}
