// What the ad-serving routes (/serve/...) read from a request: path parameters, query strings and
// headers, as zod schemas. They type the server's handlers and document /api/openapi.json; the server
// never refuses a serving request on them (docs/serving.md): an unknown live creative, type or signature
// is simply not served or not counted, so a tag or a player never sees a validation error. Nor a
// parameter sent twice: SERVE_REPEATED_QUERY.
import { z } from 'zod/mini';
import { FACTS_READ_FROM_REQUEST, type RequestFactEntry } from '../../delivery/request-facts';
import { CODED_EVENT_KINDS, TRACKED_EVENT_TYPES } from '../../serving/vast-measurement';

/**
 * How a serving route reads a query parameter sent more than once (`?ifa=a&ifa=b`): its first value, as
 * URLSearchParams.get does, never a refusal (a macro a player appends to a URL that already had it, a
 * tag pasted twice into a template), unless the route's schema takes a list (a conversion's `click`).
 * The server applies it once for every serving route (routes/serve.ts); /api/openapi.json says it.
 */
export const SERVE_REPEATED_QUERY =
  "A query parameter sent more than once is read as its first value; a parameter whose schema is a list (a conversion's `click`) keeps every value.";

const text = z.string();
/** An optional text parameter, with what it is for the OpenAPI document. */
const optionalText = (description: string) => z.optional(text).check(z.describe(description));

/**
 * The query parameters the tags carry a request's facts in (REQUEST_FACTS whose edge is the request:
 * `lang`, `conn`), each with its description: a new fact's parameter is documented from its entry.
 */
type FactParameter = Extract<RequestFactEntry['edge'], { from: 'request' }>['query'][number]['name'];
const factParameters = () =>
  Object.fromEntries(
    FACTS_READ_FROM_REQUEST.flatMap((fact) =>
      fact.edge.query.map((parameter) => [parameter.name, optionalText(parameter.description)]),
    ),
  ) as Record<FactParameter, ReturnType<typeof optionalText>>;

/** `{liveID}.{extension}`: the live creative's id and the answer's extension, one path segment. */
export const serveLiveFileParamsSchema = (extensions: string) =>
  z.object({ file: text.check(z.describe(`The live creative's id and ${extensions}.`)) });

/**
 * The ad tag's query (banner JSON, VAST and VPAID): the platform's expanded click macro, the
 * cache-buster, the deal and fallback ids, and what the breakdown's site is read from (SERVE_AD_QUERY
 * names the ones the runtime sends).
 */
export const serveTagQuerySchema = z.object({
  click: optionalText(
    "The platform's expanded click macro: the click-through goes through it (when its host is allowed).",
  ),
  cb: optionalText('Cache-buster.'),
  deal_id: optionalText("The platform's deal id."),
  fallback_id: optionalText('A live creative of ours served instead while this one is out of its flight.'),
  page: optionalText(
    "The page the ad runtime sees (its top frame's origin, or its referrer's): the breakdown's site.",
  ),
  site: optionalText("The platform's site or domain macro, expanded: the breakdown's site."),
  bundle: optionalText("The platform's app-bundle macro, expanded (in-app): the breakdown's site."),
  ifa: optionalText(
    "The device's advertising id, the platform's macro expanded ([IFA] and each platform's own): frequency caps count per device in apps and on TV (docs/serving.md, \"Frequency caps\"; docs/tags.md). A macro left as written ([IFA] of a player that fills none) is no id sent: the cookie counts.",
  ),
  // The facts the delivery rules read from the tag's query (lang=, conn=: REQUEST_FACTS).
  ...factParameters(),
  nocookie: optionalText(
    '1 when the client keeps no cookies (a server-side player, a browser with cookies off): the request cannot be frequency capped (docs/serving.md, "Frequency caps").',
  ),
  // The privacy signals (docs/privacy.md): read to decide whether the request may keep device state.
  gdpr: optionalText(
    "1 when GDPR applies, 0 when not (also gdpr_applies): the platform's GDPR macro expanded.",
  ),
  gdpr_consent: optionalText(
    "The TCF v2.2 TC string (also gdpr_consent_string, consent_string): the platform's consent macro or the player's [GDPRCONSENT] expanded; one that does not decode is no consent.",
  ),
  addtl_consent: optionalText("Google's additional consent string: forwarded by the tags, not read."),
  us_privacy: optionalText('The IAB US privacy string (also usp): 1YYN opted out of sale.'),
  gpp: optionalText(
    "The IAB GPP string (also gpp_string): its US sections' opt-outs and its EU TCF section are read.",
  ),
  gpp_sid: optionalText('The GPP sections that apply (comma-separated ids; -1 none).'),
  lat: optionalText(
    "1 when the device limits ad tracking (also lmt): the player's [LIMITADTRACKING] expanded.",
  ),
  regs: optionalText("The player's [REGULATIONS] expanded: gdpr among them says GDPR applies."),
});
export type ServeTagQuery = z.output<typeof serveTagQuerySchema>;

/** A placement's tag query (docs/serving.md, "Placements"): the tag's, and the position the page showed last. */
export const servePlacementQuerySchema = z.extend(serveTagQuerySchema, {
  pos: optionalText(
    "The position in the placement's rotation this page showed last (sequential rotation goes on from it; the answer's placement.position).",
  ),
});
export type ServePlacementQuery = z.output<typeof servePlacementQuerySchema>;

/** The params of a placement's tag: `{placementID}.{extension}`. */
export const servePlacementFileParamsSchema = (extension: string) =>
  z.object({ file: text.check(z.describe(`The placement's id and ${extension}.`)) });

/** The VPAID tag's query: the tag's, and the player's [APIFRAMEWORKS]. */
export const serveVpaidQuerySchema = z.extend(serveTagQuerySchema, {
  apiframeworks: optionalText(
    "The player's [APIFRAMEWORKS]: without 2 (VPAID 2.0) the VPAID MediaFile is left out.",
  ),
});
export type ServeVpaidQuery = z.output<typeof serveVpaidQuerySchema>;

/** A VPAID placement's tag query. */
export const servePlacementVpaidQuerySchema = z.extend(serveVpaidQuerySchema, {
  pos: servePlacementQuerySchema.shape.pos,
});

/** Every tracking type: the counted events, and the pings counted per code (docs/serving.md). */
export const TRACKED_TYPES = [...TRACKED_EVENT_TYPES, ...CODED_EVENT_KINDS] as const;

export const serveTrackParamsSchema = z.object({
  type: z
    .enum(TRACKED_TYPES)
    .check(z.describe('The event; any other type answers as usual and is not counted.')),
});

/** A tracking URL's query: the signed impression, a coded ping's code, and how a GET wants its answer. */
export const serveTrackQuerySchema = z.object({
  l: optionalText('Live creative id.'),
  i: optionalText('The signed impression id.'),
  s: optionalText("The impression's signature."),
  code: optionalText(
    'error: the VAST error code ([ERRORCODE]; missing or unknown counts as 900); verificationNotExecuted: the [REASON] (1-3).',
  ),
  d: optionalText("The impression's breakdown values, signed with it."),
  r: optionalText('204: answer 204 No Content instead of the 1×1 GIF (GET only).'),
});
export type ServeTrackQuery = z.output<typeof serveTrackQuerySchema>;

/** A beacon's query (POST): the tracking URL's, answered 204 always. */
export const serveBeaconQuerySchema = z.omit(serveTrackQuerySchema, { r: true });

export const serveLiveIdParamsSchema = z.object({ liveID: text.check(z.describe('Live creative id.')) });

/** The click URL's query: the signed impression and the platform's click prefix. */
export const serveClickQuerySchema = z.object({
  i: optionalText('The signed impression id.'),
  s: optionalText("The click's signature, covering the impression and the prefix."),
  c: optionalText("The platform's click prefix, covered by the signature."),
  d: optionalText("The impression's breakdown values, covered by the signature."),
});
export type ServeClickQuery = z.output<typeof serveClickQuerySchema>;

export const serveHtml5ParamsSchema = z.object({
  liveID: text.check(z.describe('Live creative id.')),
  path: text.check(z.describe("The file's path inside the creative's ZIP, slashes included.")),
});

export const serveFileParamsSchema = z.object({
  file: text.check(z.describe("The file's storage key (assets/...), slashes included.")),
});

export const serveFileHeadersSchema = z.object({
  Range: optionalText('One byte range (`bytes=start-end`).'),
  'If-None-Match': optionalText('The ETag of a copy held: 304 when it is still the file.'),
});

export const serveInitHeadersSchema = z.object({
  'If-None-Match': optionalText('The ETag of a copy held: 304 when it is still the script.'),
});

/**
 * A postback's key (docs/conversions.md, "Signed postbacks and caps"): `Authorization: Bearer <key>`,
 * the action's postback key. Without it a conversion is unsigned (the browser tag's kind).
 */
export const serveConversionHeadersSchema = z.object({
  Authorization: optionalText(
    "`Bearer <the action's postback key>`: a signed postback. Absent: unsigned (the conversion tag's calls are).",
  ),
});

/** A conversion's path: the conversion action it counts for. */
export const serveConversionParamsSchema = z.object({
  action: text.check(
    z.describe("The conversion action's id (the console shows it with the tag and postback)."),
  ),
});

/**
 * A conversion's query (GET and POST alike): the click id (or, for a postback, several: the newest that
 * verifies wins), the value in the action's currency, its currency, the order id. Unlike the other
 * serving routes, a malformed conversion is refused (400) so the advertiser's integration sees it.
 */
export const serveConversionQuerySchema = z.object({
  click: z
    .optional(z.union([text, z.array(text)]))
    .check(
      z.describe(
        "The click id the landing page received (adc_click, or the campaign's own name); a postback may repeat it (at most 10): the newest that verifies wins.",
      ),
    ),
  value: optionalText(
    "The value, with a dot before the decimals (49.99), no more decimals than the currency's minor unit has; 0 when absent.",
  ),
  currency: optionalText("ISO 4217; must be the action's currency when given."),
  order: optionalText(
    'The order id (at most 128 characters): an order counts once per action. Stored hashed.',
  ),
  src: optionalText(
    '`tag` when the conversion tag sends it: believed only from a browser context (a POST with `Sec-Fetch-Dest: empty`, `Sec-Fetch-Mode: cors` or `no-cors`, `Sec-Fetch-Site: cross-site` or `same-site`), else the request is an unsigned postback; a postback sends none.',
  ),
});
export type ServeConversionQuery = z.output<typeof serveConversionQuerySchema>;

/** The privacy headers an ad request's answer follows (docs/privacy.md): each an opt-out as the settings say. */
export const servePrivacyHeadersSchema = z.object({
  'Sec-GPC': optionalText('1: Global Privacy Control, an opt-out (no device state kept).'),
  DNT: optionalText('1: Do Not Track, an opt-out unless the server is set to ignore it.'),
});
