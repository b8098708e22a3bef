// Creative QA (docs/builder.md, "Creative QA"): what a creative did when the API opened it in headless
// Chromium as it will serve, judged against Chrome's heavy-ad intervention (which removes the ad: a
// failure, and publishing is refused) and the IAB's display guidelines (a warning). The API measures;
// these rules judge, so the console, the API and the tests read the same limits.
import { z } from 'zod/mini';

/** Chrome's heavy-ad intervention: an ad past any of these is unloaded by the browser. */
export const HEAVY_AD_LIMITS = {
  /** Network bytes the ad's frame may use (more than 4 MB is removed). */
  networkBytes: 4 * 1024 * 1024,
  /** Main-thread CPU seconds in any window of `cpuWindowSeconds`. */
  cpuInWindowSeconds: 15,
  cpuWindowSeconds: 30,
  /** Main-thread CPU seconds in all. */
  cpuTotalSeconds: 60,
} as const;

/** The IAB's display guidelines (the New Ad Portfolio's LEAN limits for a display ad). */
export const IAB_DISPLAY_LIMITS = {
  /** Bytes before the page's load event (the initial load). */
  initialLoadBytes: 150 * 1024,
  /** Bytes in all, the subsequent ("polite") load included. */
  subsequentLoadBytes: 1024 * 1024,
  /** Requests of the initial load. */
  initialRequests: 15,
} as const;

/** How long one QA run may watch a creative, and how long it must be quiet to end early. */
export const CREATIVE_QA_WINDOW = { maxSeconds: 30, quietSeconds: 3 } as const;

const count = z.number().check(z.nonnegative());
const size = z.object({ width: count, height: count });

/** What one run measured. */
export const creativeQaMeasurementSchema = z.object({
  /** Bytes over the network (encoded, as transferred), every request of the ad. */
  networkBytes: count,
  /** Of those, the bytes finished before the ad document's load event. */
  initialLoadBytes: count,
  requests: count,
  initialRequests: count,
  /** Requests that were not https (up to five of them named). */
  insecureRequests: count,
  insecureExamples: z.array(z.string()),
  /** The most main-thread CPU seconds in any 30-second window, and in all. */
  cpuPeakWindowSeconds: count,
  cpuTotalSeconds: count,
  declared: size,
  /** What the ad drew (the image's own size, or the document's scroll size); null when nothing. */
  drawn: z.nullable(size),
  /** For an HTML5 archive: whether its files read a clickTag, and whether a click went through ours. */
  clickTag: z.nullable(z.object({ found: z.boolean(), wired: z.boolean() })),
  /** Seconds watched. */
  elapsedSeconds: count,
  /** The heavy-ad limit that ended the run early, if one did. */
  stoppedAt: z.nullable(z.string()),
});
export type CreativeQaMeasurement = z.infer<typeof creativeQaMeasurementSchema>;

export const CREATIVE_QA_STATUSES = ['pass', 'warning', 'fail'] as const;
export type CreativeQaStatus = (typeof CREATIVE_QA_STATUSES)[number];

export const creativeQaCheckSchema = z.object({
  id: z.enum(['network', 'initialLoad', 'requests', 'https', 'cpuWindow', 'cpuTotal', 'size', 'clickTag']),
  label: z.string(),
  status: z.enum(CREATIVE_QA_STATUSES),
  /** The number measured, as read ("5.2 MB", "20.1 s", "300×250"). */
  value: z.string(),
  /** The limit it is judged against, as read. */
  limit: z.string(),
  /** Whether a fail here is one of Chrome's heavy-ad limits (publishing is refused). */
  heavyAd: z.boolean(),
});
export type CreativeQaCheck = z.infer<typeof creativeQaCheckSchema>;

const kb = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
const seconds = (value: number) => `${value.toFixed(1)} s`;
const status = (fail: boolean, warn: boolean): CreativeQaStatus =>
  fail ? 'fail' : warn ? 'warning' : 'pass';

/** Each check of a measurement, pass / warning / fail, with its number and limit. */
export function judgeCreativeQa(m: CreativeQaMeasurement): CreativeQaCheck[] {
  const heavy = HEAVY_AD_LIMITS;
  const iab = IAB_DISPLAY_LIMITS;
  const checks: CreativeQaCheck[] = [
    {
      id: 'network',
      label: 'Network (Chrome heavy ad; IAB subsequent load)',
      status: status(m.networkBytes > heavy.networkBytes, m.networkBytes > iab.subsequentLoadBytes),
      value: kb(m.networkBytes),
      limit: `${kb(heavy.networkBytes)} (Chrome); ${kb(iab.subsequentLoadBytes)} (IAB)`,
      heavyAd: true,
    },
    {
      id: 'initialLoad',
      label: 'Initial load (IAB)',
      status: status(false, m.initialLoadBytes > iab.initialLoadBytes),
      value: kb(m.initialLoadBytes),
      limit: kb(iab.initialLoadBytes),
      heavyAd: false,
    },
    {
      id: 'requests',
      label: 'Requests of the initial load (IAB)',
      status: status(false, m.initialRequests > iab.initialRequests),
      value: `${m.initialRequests} of ${m.requests}`,
      limit: String(iab.initialRequests),
      heavyAd: false,
    },
    {
      id: 'https',
      label: 'https only (IAB)',
      status: status(false, m.insecureRequests > 0),
      value: m.insecureRequests === 0 ? 'all https' : `${m.insecureRequests} not https`,
      limit: 'every request',
      heavyAd: false,
    },
    {
      id: 'cpuWindow',
      label: 'Main-thread CPU in any 30 s (Chrome heavy ad)',
      status: status(m.cpuPeakWindowSeconds >= heavy.cpuInWindowSeconds, m.cpuPeakWindowSeconds >= 5),
      value: seconds(m.cpuPeakWindowSeconds),
      limit: `${heavy.cpuInWindowSeconds} s`,
      heavyAd: true,
    },
    {
      id: 'cpuTotal',
      label: 'Main-thread CPU in all (Chrome heavy ad)',
      status: status(m.cpuTotalSeconds >= heavy.cpuTotalSeconds, false),
      value: seconds(m.cpuTotalSeconds),
      limit: `${heavy.cpuTotalSeconds} s`,
      heavyAd: true,
    },
    {
      id: 'size',
      label: 'Drawn size matches the declared size',
      status: status(
        false,
        m.drawn === null || m.drawn.width !== m.declared.width || m.drawn.height !== m.declared.height,
      ),
      value: m.drawn ? `${m.drawn.width}×${m.drawn.height}` : m.stoppedAt ? 'not measured' : 'nothing drawn',
      limit: `${m.declared.width}×${m.declared.height}`,
      heavyAd: false,
    },
  ];
  if (m.clickTag)
    checks.push({
      id: 'clickTag',
      label: 'clickTag read and wired (HTML5)',
      status: status(false, !(m.clickTag.found && m.clickTag.wired)),
      value: !m.clickTag.found ? 'not found' : m.clickTag.wired ? 'wired' : 'found, a click did not use it',
      limit: 'a click opens the clickTag',
      heavyAd: false,
    });
  return checks;
}

/**
 * Why Chrome would remove the ad (the sentence publishing refuses with, its numbers in it), or undefined
 * when it stays within every heavy-ad limit.
 */
export function heavyAdProblem(m: CreativeQaMeasurement): string | undefined {
  const heavy = HEAVY_AD_LIMITS;
  const reasons: string[] = [];
  if (m.networkBytes > heavy.networkBytes)
    reasons.push(`it used ${kb(m.networkBytes)} of network (the limit is ${kb(heavy.networkBytes)})`);
  if (m.cpuPeakWindowSeconds >= heavy.cpuInWindowSeconds)
    reasons.push(
      `it used ${seconds(m.cpuPeakWindowSeconds)} of main-thread CPU in ${heavy.cpuWindowSeconds} s (the limit is ${heavy.cpuInWindowSeconds} s)`,
    );
  if (m.cpuTotalSeconds >= heavy.cpuTotalSeconds)
    reasons.push(
      `it used ${seconds(m.cpuTotalSeconds)} of main-thread CPU in all (the limit is ${heavy.cpuTotalSeconds} s)`,
    );
  if (reasons.length === 0) return undefined;
  return `Chrome would remove this ad as a heavy ad: ${reasons.join('; ')}. Make it lighter and upload it again.`;
}

/**
 * Which heavy-ad limit the run has passed so far (it stops measuring there), or null: the run's own
 * early stop, the same limits as `heavyAdProblem`.
 */
export function heavyAdLimitPassed(m: {
  networkBytes: number;
  cpuPeakWindowSeconds: number;
  cpuTotalSeconds: number;
}): string | null {
  if (m.networkBytes > HEAVY_AD_LIMITS.networkBytes) return 'network';
  if (m.cpuPeakWindowSeconds >= HEAVY_AD_LIMITS.cpuInWindowSeconds) return 'cpuWindow';
  if (m.cpuTotalSeconds >= HEAVY_AD_LIMITS.cpuTotalSeconds) return 'cpuTotal';
  return null;
}

/** The QA of a creative as the API answers it. */
export const CREATIVE_QA_STATES = ['none', 'running', 'measured', 'not_measured', 'error'] as const;

export const creativeQaSchema = z.object({
  creativeId: z.string(),
  /**
   * none: never run; running: queued or measuring; measured: `checks` hold the results; not_measured:
   * this server has no Chromium (publishing is not blocked); error: the run itself failed (`reason`).
   */
  state: z.enum(CREATIVE_QA_STATES),
  /** Whether the results are of the creative's current assets (a later upload makes them stale). */
  current: z.boolean(),
  measuredAt: z.nullable(z.string()),
  checks: z.array(creativeQaCheckSchema),
  measurement: z.nullable(creativeQaMeasurementSchema),
  /** The heavy-ad sentence when a heavy-ad limit failed (publishing is refused with it). */
  heavyAd: z.nullable(z.string()),
  reason: z.nullable(z.string()),
});
export type CreativeQa = z.infer<typeof creativeQaSchema>;

/** Said on the creative page and in the API when the server has no Chromium to measure with. */
export const CREATIVE_QA_NOT_MEASURED =
  'Not measured: this server has no Chromium for creative QA (docs/deploy.md). Publishing is not blocked.';
/** A creative QA does not draw: a video creative, or a banner without HTML, an image or an HTML5 ZIP yet. */
export const CREATIVE_QA_NOTHING_TO_DRAW =
  "Not measured: creative QA measures a banner's image, HTML or HTML5 archive; this creative has none (a video is checked by its player).";
/** Publishing a creative whose current assets have not been measured yet (or are being measured). */
export const CREATIVE_QA_RUNNING =
  'Creative QA is measuring this creative in Chromium (at most 30 s): publish again when it has finished.';
/** The console's creative page: "Run again" refused, or the QA not read. */
export const CREATIVE_QA_NOT_STARTED = 'Creative QA did not start.';
export const CREATIVE_QA_NOT_LOADED = 'Creative QA could not be loaded.';

/**
 * A creative's QA in one word, as the campaign page's list of creatives shows it beside each one: its
 * last run's worst check (pass, warning, fail) when that run measured its current assets; `outdated`
 * when it measured earlier assets; else where the QA stands (`running`, `none`, `not_measured`, `error`).
 */
export const CREATIVE_QA_SUMMARIES = [
  'pass',
  'warning',
  'fail',
  'outdated',
  'running',
  'none',
  'not_measured',
  'error',
] as const;
export type CreativeQaSummary = (typeof CREATIVE_QA_SUMMARIES)[number];

export function creativeQaSummary(qa: Pick<CreativeQa, 'state' | 'current' | 'checks'>): CreativeQaSummary {
  if (qa.state !== 'measured') return qa.state;
  if (!qa.current) return 'outdated';
  if (qa.checks.some((check) => check.status === 'fail')) return 'fail';
  return qa.checks.some((check) => check.status === 'warning') ? 'warning' : 'pass';
}
