// What a player and a verification vendor report about a VAST ad beyond the runtime's events: the more
// linear events (counted like the others), and the coded pings, VAST errors by [ERRORCODE] and
// verifications not executed by [REASON], counted per code. Plain constants and functions (no zod), so
// the ad runtime could bundle them.
import { EVENT_TYPES } from './serve-paths';

/**
 * Events only a VAST player sends, each counted once per impression like the runtime's events:
 * `notViewable` and `viewUndetermined` are the two other answers of <ViewableImpression> (the first is
 * our `viewable`); `otherAdInteraction` and the player's mute/pause are an `engagement`.
 */
export const VAST_EVENT_TYPES = [
  'creativeView',
  'loaded',
  'skip',
  'closeLinear',
  'notViewable',
  'viewUndetermined',
] as const;
export type VastEventType = (typeof VAST_EVENT_TYPES)[number];

/** The event types a tracking call may send (`/serve/t/{type}`): the runtime's and the VAST player's. */
export const TRACKED_EVENT_TYPES = [...EVENT_TYPES, ...VAST_EVENT_TYPES] as const;
export type TrackedEventType = (typeof TRACKED_EVENT_TYPES)[number];

/**
 * Events only the server writes, never a tracking call: a counted conversion (attributed to its click's
 * live creative and breakdown values) and its value, whose `count` is the value in the minor unit of the
 * conversion action's currency (docs/conversions.md). Each is stored once under the conversion's own id.
 */
export const SERVER_EVENT_TYPES = [
  'conversion',
  'conversionValue',
  // How a counted conversion came (with the action's postback key, or without: the tag's kind), and a
  // conversion refused through a real click of the campaign (docs/conversions.md, "Signed postbacks and caps").
  'conversionSigned',
  'conversionUnsigned',
  'conversionRefused',
] as const;
export type ServerEventType = (typeof SERVER_EVENT_TYPES)[number];

/** Every event type counted into a counter: the tracked ones and the server's. */
export const COUNTED_EVENT_TYPES = [...TRACKED_EVENT_TYPES, ...SERVER_EVENT_TYPES] as const;
export type CountedEventType = (typeof COUNTED_EVENT_TYPES)[number];

/** Pings counted per code: the tracking path is `/serve/t/{kind}`, the code in `?code=`. */
export const CODED_EVENT_KINDS = ['error', 'verificationNotExecuted'] as const;
export type CodedEventKind = (typeof CODED_EVENT_KINDS)[number];
/** How a coded ping is stored: its kind and code in one event type ('error:303'), once per impression. */
export type CodedEventType = `${CodedEventKind}:${number}`;

/** The VAST 4.2 error codes and what each means (the IAB's table, in short). */
export const VAST_ERROR_CODES: Readonly<Record<number, string>> = {
  100: 'XML parsing error',
  101: 'VAST schema validation error',
  102: 'VAST version of response not supported',
  200: 'Trafficking error: the player cannot play this ad type',
  201: 'Player expected a different linearity',
  202: 'Player expected a different duration',
  203: 'Player expected a different size',
  204: 'Ad category was required but not provided',
  205: 'Ad category blocked by the wrapper',
  206: 'Ad break shortened: ad not served',
  300: 'General wrapper error',
  301: 'Timeout of the wrapper VAST URI',
  302: 'Wrapper limit reached',
  303: 'No VAST response after one or more wrappers',
  304: 'Ad failed to display within the time limit',
  400: 'General linear error: the player cannot display the linear ad',
  401: 'File not found: MediaFile URI unreachable',
  402: 'Timeout of the MediaFile URI',
  403: 'No MediaFile the player supports',
  405: 'Problem displaying the MediaFile',
  406: 'Mezzanine was required but not provided',
  407: 'Mezzanine is being downloaded for the first time',
  408: 'Conditional ad rejected',
  409: 'Interactive creative file not executed',
  410: 'Verification not executed',
  411: 'Mezzanine does not meet the required specification',
  500: 'General non-linear ads error',
  501: 'Non-linear ad does not fit the display area',
  502: 'Unable to fetch the non-linear resource',
  503: 'No non-linear resource of a supported type',
  600: 'General companion ads error',
  601: 'Companion does not fit the display area',
  602: 'Unable to display a required companion',
  603: 'Unable to fetch the companion resource',
  604: 'No companion resource of a supported type',
  900: 'Undefined error',
  901: 'General VPAID error',
  902: 'General interactive creative file error',
};
/** What a missing, unexpanded or unknown [ERRORCODE] counts as. */
export const UNDEFINED_VAST_ERROR = 900;

/** The [REASON] codes of a `verificationNotExecuted` tracker (VAST 4.2), and 0 for a missing one. */
export const VERIFICATION_NOT_EXECUTED_REASONS: Readonly<Record<number, string>> = {
  0: 'Reason not given',
  1: 'Verification resource rejected',
  2: 'Verification not supported',
  3: 'Error during resource load',
};

const TABLES: Readonly<
  Record<CodedEventKind, { labels: Readonly<Record<number, string>>; unknown: number }>
> = {
  error: { labels: VAST_ERROR_CODES, unknown: UNDEFINED_VAST_ERROR },
  verificationNotExecuted: { labels: VERIFICATION_NOT_EXECUTED_REASONS, unknown: 0 },
};

/**
 * The code a ping counts under: the player's code when the table knows it, else the kind's unknown
 * code (900 for errors: a player that sends no code, an unexpanded `[ERRORCODE]` or 999 reports an
 * undefined error).
 */
export function codeOfPing(kind: CodedEventKind, raw: string | null | undefined): number {
  const { labels, unknown } = TABLES[kind];
  const code = /^\d{1,3}$/.test(raw?.trim() ?? '') ? Number(raw?.trim()) : Number.NaN;
  return labels[code] === undefined ? unknown : code;
}

/** The label of a code of a kind ('File not found: MediaFile URI unreachable'). */
export const labelOfCode = (kind: CodedEventKind, code: number): string =>
  TABLES[kind].labels[code] ?? TABLES[kind].labels[TABLES[kind].unknown] ?? String(code);

export const codedEventType = (kind: CodedEventKind, code: number): CodedEventType => `${kind}:${code}`;

/** The kind and code of a stored coded event type; undefined for any other event type. */
export function parseCodedEventType(type: string): { kind: CodedEventKind; code: number } | undefined {
  const match = /^(error|verificationNotExecuted):(\d{1,3})$/.exec(type);
  return match ? { kind: match[1] as CodedEventKind, code: Number(match[2]) } : undefined;
}

/** VAST 4.2's [APIFRAMEWORKS] value of VPAID 2.0. */
export const VPAID_2_API_FRAMEWORK = '2';

/**
 * Whether a player's [APIFRAMEWORKS] (comma-separated API framework codes) admits a VPAID 2.0
 * MediaFile: yes when the player did not send the list (or left the macro unexpanded), else only when
 * the list holds 2.
 */
export function playerTakesVpaid(apiFrameworks: string | null | undefined): boolean {
  const value = apiFrameworks?.trim() ?? '';
  if (value === '' || /^\[?APIFRAMEWORKS\]?$/i.test(value)) return true;
  return value
    .split(',')
    .map((part) => part.trim())
    .includes(VPAID_2_API_FRAMEWORK);
}
