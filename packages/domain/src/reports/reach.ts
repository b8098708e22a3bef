// A report's reach (docs/reports.md, "Reach"): how many distinct browsers and devices the campaign (or a
// creative) reached over the range, the average frequency, and the reach by local day, new and
// returning. Counted by sketch (reach-sketch.ts), never a row per browser: each served ad whose request
// has an identity the request's consent lets us keep (the serving origin's partitioned reach cookie, a
// device's advertising id) adds its identity's hash to its campaign's and live creative's sketch of the
// 15-minute bucket; a report merges the sketches of its range. Ads without an identity are counted
// beside them, so the figure says what share of the ads it covers.
//   reach = browsers + devices (two sketches: a cookie and a device id are never the same identity)
//   average frequency = ads with an identity / reach
//   new on day d = cumulative reach to d - cumulative reach to d-1; returning = reach of d - new
// Each is an estimate, about ±0.81 % (the sketch's relative standard error): the screens and files say
// "about".
import { z } from 'zod/mini';
import { REACH_RELATIVE_ERROR } from './reach-sketch';

/**
 * The serving origin's partitioned cookie that tells a browser apart on one site for reach: a random id,
 * set on a served ad only where the request's consent lets it keep device state (docs/privacy.md).
 */
export const REACH_COOKIE = 'adc_rid';
/** How long it lives from when it is set, never extended: 13 months (the CNIL's longest for such a cookie). */
export const REACH_COOKIE_MAX_AGE_S = 395 * 24 * 60 * 60;
/** A reach cookie's value as we write it: 22 base64url characters (128 random bits). */
export const REACH_COOKIE_VALUE = /^[A-Za-z0-9_-]{22}$/;

const count = z.number().check(z.int(), z.nonnegative());

/** One local day of the range. */
export const reachDaySchema = z.object({
  date: z.string(),
  /** Browsers and devices reached that day. */
  reach: count,
  /** Of them, reached for the first time in the range. */
  new: count,
  /** Of them, reached on an earlier day of the range too. */
  returning: count,
  /** Reached from the range's first day to this one. */
  cumulative: count,
});
export type ReachDay = z.infer<typeof reachDaySchema>;

/** The report's `reach`: all zero, no days, when the range has no ad served. */
export const reachSchema = z.object({
  /** Browsers and devices reached over the range (browsers + devices). */
  reach: count,
  /** Distinct browsers (the partitioned reach cookie: one per browser on each site). */
  browsers: count,
  /** Distinct devices (advertising ids in apps and on TV). */
  devices: count,
  /** Ads served to a request with an identity. */
  identifiedAds: count,
  /** Ads served in all, with an identity or without (no consent, no cookies, no usable device id). */
  ads: count,
  /** Ads per browser or device over the range (identifiedAds / reach); null without reach. */
  averageFrequency: z.nullable(z.number()),
  /** The share of the ads that had an identity (0 to 1); null without ads. */
  coverage: z.nullable(z.number()),
  /** The estimate's relative standard error (0.0081: ±0.81 %). */
  relativeError: z.number(),
  days: z.array(reachDaySchema),
});
export type Reach = z.infer<typeof reachSchema>;

/** What a report of a server before reach answers: nothing counted. */
export const NO_REACH: Reach = {
  reach: 0,
  browsers: 0,
  devices: 0,
  identifiedAds: 0,
  ads: 0,
  averageFrequency: null,
  coverage: null,
  relativeError: REACH_RELATIVE_ERROR,
  days: [],
};

/** The estimates a report's reach is made of (the API's merge of the sketches, reach-read). */
export interface ReachEstimates {
  browsers: number;
  devices: number;
  identifiedAds: number;
  ads: number;
  /** By local day in the range's order: that day's reach and the cumulative reach to its end. */
  days: readonly { date: string; reach: number; cumulative: number }[];
}

/**
 * The report's reach from the merged sketches' estimates: rounded; the cumulative curve kept from
 * falling (two estimates of nested sets can differ by the error the other way); new and returning
 * from it.
 */
export function reachOf(estimates: ReachEstimates): Reach {
  const browsers = Math.round(estimates.browsers);
  const devices = Math.round(estimates.devices);
  const reach = browsers + devices;
  let previous = 0;
  const days = estimates.days.map((day) => {
    const dayReach = Math.round(day.reach);
    const cumulative = Math.max(previous, Math.round(day.cumulative));
    const fresh = Math.min(dayReach, cumulative - previous);
    previous = cumulative;
    return { date: day.date, reach: dayReach, new: fresh, returning: dayReach - fresh, cumulative };
  });
  return {
    reach,
    browsers,
    devices,
    identifiedAds: estimates.identifiedAds,
    ads: estimates.ads,
    averageFrequency: reach === 0 ? null : estimates.identifiedAds / reach,
    coverage: estimates.ads === 0 ? null : estimates.identifiedAds / estimates.ads,
    relativeError: REACH_RELATIVE_ERROR,
    days,
  };
}

/**
 * Whether a report has a reach section (card, file section, mail line): any ad served in the range, so
 * a range whose ads had no identity says why there is no figure rather than leaving the section out.
 */
export const reachShown = (reach: Pick<Reach, 'ads'>): boolean => reach.ads > 0;

/** Whether a report has reach to show (a browser or a device counted). */
export const hasReach = (reach: Reach): boolean => reach.reach > 0;

/** The error as written beside the figures: '±0.8 %'. */
export const reachErrorText = (reach: Pick<Reach, 'relativeError'>): string =>
  `±${(reach.relativeError * 100).toFixed(1)} %`;

/**
 * What the reach says, in the screens' and files' words: "About 12,400 browsers and devices (±0.8 %)
 * saw 3.1 ads on average; 84 % of the ads had an identity." Without an identity it says why there is no
 * figure instead of a 0.
 */
export function reachSentence(reach: Reach, locale = 'en-US'): string {
  if (reach.ads === 0) return 'No ads served in this range.';
  if (!hasReach(reach))
    return 'No ad in this range had an identity to count (no consent to keep one, no cookies, no device id): reach cannot be told.';
  const number = (value: number) => value.toLocaleString(locale);
  const noun = reach.reach === 1 ? 'browser or device' : 'browsers and devices';
  const average = reach.averageFrequency === null ? '–' : reach.averageFrequency.toFixed(1);
  const covered = Math.round((reach.coverage ?? 0) * 100);
  return `About ${number(reach.reach)} ${noun} (${reachErrorText(reach)}) saw ${average} ads on average; ${covered} % of the ads had an identity.`;
}
