// The ad-serving contract, written once: every route under /serve/ (method, path, what it reads, what
// it answers, what it is for). The server registers its serving routes from these entries and
// /api/openapi.json documents them from the same entries. Serving is not the console's API: no `/api`
// base, no `{status, data}` envelope, no cookie, every origin allowed; its answers are JavaScript, JSON,
// XML, HTML, files, pixels and redirects (docs/serving.md). SERVE_PATHS (serving/serve-paths.ts, free
// of zod for the ad runtime) builds URLs of these routes.
import type { z } from 'zod/mini';
import { conversionAnswerSchema } from '../../conversions/conversion';
import { servedAdSchema } from '../../serving/served-ad';
import {
  serveBeaconQuerySchema,
  serveClickQuerySchema,
  serveConversionHeadersSchema,
  serveConversionParamsSchema,
  serveConversionQuerySchema,
  serveFileHeadersSchema,
  serveFileParamsSchema,
  serveHtml5ParamsSchema,
  serveInitHeadersSchema,
  serveLiveFileParamsSchema,
  serveLiveIdParamsSchema,
  servePlacementFileParamsSchema,
  servePlacementQuerySchema,
  servePlacementVpaidQuerySchema,
  servePrivacyHeadersSchema,
  serveTagQuerySchema,
  serveTrackParamsSchema,
  serveTrackQuerySchema,
  serveVpaidQuerySchema,
} from './requests';

/**
 * What an answer is: `json` with a schema, `error` the API's error body, `javascript`, `xml`, `html`,
 * `pixel` (a 1×1 GIF), `file` (any stored file, its own type), `redirect` (Location) or `empty` (no body).
 */
export type ServeAnswerKind =
  | 'json'
  | 'error'
  | 'javascript'
  | 'xml'
  | 'html'
  | 'pixel'
  | 'file'
  | 'redirect'
  | 'empty';

export interface ServeAnswer {
  /** One kind, or the kinds one status may be (the VPAID route answers XML or the script). */
  readonly kind: ServeAnswerKind | readonly ServeAnswerKind[];
  readonly description: string;
  /** The JSON body's schema (kind `json`). */
  readonly schema?: z.core.$ZodType;
}

type Shape = z.ZodMiniObject;

export interface ServeRouteContract<
  P extends Shape | undefined = Shape | undefined,
  Q extends Shape | undefined = Shape | undefined,
> {
  readonly method: 'GET' | 'POST';
  /**
   * The path under the serving origin (AD_SERVING_URL), its parameters in braces. The parameter named
   * by `rest`, last in the path, takes the remainder of the path, slashes included.
   */
  readonly path: string;
  readonly rest?: string;
  /** The stable name of the operation in /api/openapi.json. */
  readonly operationId: string;
  readonly summary: string;
  readonly params: P;
  readonly query: Q;
  /** Request headers the route reads. */
  readonly headers?: Shape;
  /** Every status the route answers, with what it means. */
  readonly answers: Readonly<Record<number, ServeAnswer>>;
}

const route = <P extends Shape | undefined = undefined, Q extends Shape | undefined = undefined>(
  entry: Omit<ServeRouteContract<P, Q>, 'params' | 'query'> & { params?: P; query?: Q },
): ServeRouteContract<P, Q> => ({ ...entry, params: entry.params as P, query: entry.query as Q });

const notServing = (what: string): ServeAnswer => ({ kind: 'error', description: what });

export const servingContract = {
  health: route({
    method: 'GET',
    path: '/serve/health',
    operationId: 'getServeHealth',
    summary:
      'Does nothing: a health check for load balancers (of a serving-only fleet: it reads no database), and the ceiling the serving benchmarks compare with.',
    answers: {
      204: { kind: 'empty', description: 'Up.' },
      503: {
        kind: 'empty',
        description: 'Draining after SIGTERM: the process exits once its requests are done.',
      },
    },
  }),
  init: route({
    method: 'GET',
    path: '/serve/init.js',
    operationId: 'getServeInitJs',
    summary: 'The ad runtime (@adconsole/ad-runtime) that banner tags load; revalidated by its ETag.',
    headers: serveInitHeadersSchema,
    answers: {
      200: {
        kind: 'javascript',
        description: 'The script, with its ETag (cached 5 minutes, then revalidated).',
      },
      304: { kind: 'empty', description: 'Not modified.' },
      503: notServing('The ad runtime is not built.'),
    },
  }),
  video: route({
    method: 'GET',
    path: '/serve/video.js',
    operationId: 'getServeVideoJs',
    summary:
      "The ad runtime's In-Banner Video part (its player and layout options), which init.js loads only for an ad with that layout; revalidated by its ETag.",
    headers: serveInitHeadersSchema,
    answers: {
      200: {
        kind: 'javascript',
        description: 'The script, with its ETag (cached 5 minutes, then revalidated).',
      },
      304: { kind: 'empty', description: 'Not modified.' },
      503: notServing('The ad runtime is not built.'),
    },
  }),
  ad: route({
    method: 'GET',
    path: '/serve/ad/{file}',
    operationId: 'getServeAd',
    summary: 'What the runtime renders for one live creative, with a fresh signed impression (never cached).',
    params: serveLiveFileParamsSchema('.json'),
    query: serveTagQuerySchema,
    headers: servePrivacyHeadersSchema,
    answers: {
      200: {
        kind: 'json',
        schema: servedAdSchema,
        description: "The served ad (the domain's servedAdSchema).",
      },
      404: notServing('No live creative with this id is serving (unknown, removed, or out of its flight).'),
    },
  }),
  vast: route({
    method: 'GET',
    path: '/serve/vast/{file}',
    operationId: 'getServeVast',
    summary:
      'VAST 4.2 for one live creative; an empty <VAST version="4.2"/> (200) when it is unknown or removed.',
    params: serveLiveFileParamsSchema('.xml'),
    query: serveTagQuerySchema,
    headers: servePrivacyHeadersSchema,
    answers: { 200: { kind: 'xml', description: 'VAST 4.2 XML (never cached).' } },
  }),
  vpaid: route({
    method: 'GET',
    path: '/serve/vpaid/{file}',
    operationId: 'getServeVpaid',
    summary:
      'VAST 4.2 with the VPAID JavaScript MediaFile beside the video (.xml), or the VPAID script itself (.js).',
    params: serveLiveFileParamsSchema('.xml or .js'),
    query: serveVpaidQuerySchema,
    headers: servePrivacyHeadersSchema,
    answers: {
      200: { kind: ['xml', 'javascript'], description: 'VAST XML, or the script.' },
      404: notServing('No VPAID script for this live creative (.js).'),
    },
  }),
  adPlacement: route({
    method: 'GET',
    path: '/serve/ad/p/{file}',
    operationId: 'getServeAdPlacement',
    summary:
      "A placement's banner tag: one of its creatives chosen by its rotation, answered as that live creative's /serve/ad/{file} (never cached).",
    params: servePlacementFileParamsSchema('.json'),
    query: servePlacementQuerySchema,
    headers: servePrivacyHeadersSchema,
    answers: {
      200: {
        kind: 'json',
        schema: servedAdSchema,
        description:
          'The served ad of the chosen live creative, with `placement` (its id and the position served).',
      },
      404: notServing(
        'Nothing to serve: no such placement, every creative paused or unpublished, or out of its flight.',
      ),
    },
  }),
  vastPlacement: route({
    method: 'GET',
    path: '/serve/vast/p/{file}',
    operationId: 'getServeVastPlacement',
    summary:
      "A placement's VAST tag: one of its creatives chosen by its rotation, answered as that live creative's /serve/vast/{file}.",
    params: servePlacementFileParamsSchema('.xml'),
    query: servePlacementQuerySchema,
    headers: servePrivacyHeadersSchema,
    answers: {
      200: {
        kind: 'xml',
        description: 'VAST 4.2 XML (never cached); the empty <VAST version="4.2"/> when nothing serves.',
      },
    },
  }),
  vpaidPlacement: route({
    method: 'GET',
    path: '/serve/vpaid/p/{file}',
    operationId: 'getServeVpaidPlacement',
    summary:
      "A placement's VPAID tag: one of its creatives chosen by its rotation, answered as that live creative's /serve/vpaid/{file}.",
    params: servePlacementFileParamsSchema('.xml'),
    query: servePlacementVpaidQuerySchema,
    headers: servePrivacyHeadersSchema,
    answers: {
      200: {
        kind: 'xml',
        description:
          'VAST 4.2 XML with the VPAID MediaFile (never cached); the empty document when nothing serves.',
      },
    },
  }),
  track: route({
    method: 'GET',
    path: '/serve/t/{type}',
    operationId: 'getServeTrack',
    summary:
      'Counts one event of a signed impression (once per impression and type; errors and verifications not executed once per impression and code); answers a 1×1 GIF, or 204 with r=204. A HEAD (a link scanner, a prefetch) gets the same headers and counts nothing.',
    params: serveTrackParamsSchema,
    query: serveTrackQuerySchema,
    answers: {
      200: { kind: 'pixel', description: 'A 1×1 GIF, after the event is committed (or not counted).' },
      204: { kind: 'empty', description: 'With r=204: the same, without a body.' },
    },
  }),
  trackBeacon: route({
    method: 'POST',
    path: '/serve/t/{type}',
    operationId: 'postServeTrack',
    summary:
      'The same as a beacon (navigator.sendBeacon): 204 after the event is committed (or not counted).',
    params: serveTrackParamsSchema,
    query: serveBeaconQuerySchema,
    answers: {
      204: {
        kind: 'empty',
        description: 'Committed, or not counted (bad signature, unknown or removed live creative).',
      },
    },
  }),
  click: route({
    method: 'GET',
    path: '/serve/click/{liveID}',
    operationId: 'getServeClick',
    summary:
      "Counts a click (once per impression) and redirects to the landing page through the platform's click tracker. A HEAD (a mail's link scanner, an unfurler) counts nothing and is sent to the landing page alone.",
    params: serveLiveIdParamsSchema,
    query: serveClickQuerySchema,
    answers: {
      302: { kind: 'redirect', description: 'To the landing page.' },
      204: { kind: 'empty', description: 'No landing page, or not serving.' },
    },
  }),
  conversionTag: route({
    method: 'GET',
    path: '/serve/conv.js',
    operationId: 'getServeConversionTag',
    summary:
      "The conversion tag (docs/conversions.md) for the advertiser's own pages: keeps the click id of the landing URL in the site's first-party storage and sends conversions (`adconsole('conversion', {action, value, currency, order})`); revalidated by its ETag.",
    headers: serveInitHeadersSchema,
    answers: {
      200: {
        kind: 'javascript',
        description: 'The script, with its ETag (cached 5 minutes, then revalidated).',
      },
      304: { kind: 'empty', description: 'Not modified.' },
      503: notServing('The ad runtime is not built.'),
    },
  }),
  conversion: route({
    method: 'GET',
    path: '/serve/conv/{action}',
    operationId: 'getServeConversion',
    summary:
      "A conversion of an action, by the advertiser's server (postback, signed with the action's key in `Authorization: Bearer`): counted when its click id verifies, its click counted, the lookback window holds, its order was not counted before, its click is under the action's conversions per click, its value under the action's maximum and (unsigned) not implausible against the action's history; otherwise refused with its reason, counted per action, live creative, reason and hour, never stored a row each. The rate rule meets unsigned requests per address and user agent and per address alone. Unsigned requests learn `duplicate` for a repeated order or click alike, and under \"every\" read a repeat within the click's cap as counted. A HEAD stores nothing.",
    params: serveConversionParamsSchema,
    query: serveConversionQuerySchema,
    headers: serveConversionHeadersSchema,
    answers: {
      200: {
        kind: 'json',
        schema: conversionAnswerSchema,
        description: 'Received: counted, or not with its reason (forged, expired, click-cap...).',
      },
      400: notServing(
        "Nothing stored: no or a malformed click id, a malformed or negative value, more decimals than the currency has, another currency than the action's, an order id over 128 characters.",
      ),
      401: notServing("Nothing stored: an Authorization header that is not the action's postback key."),
    },
  }),
  conversionPost: route({
    method: 'POST',
    path: '/serve/conv/{action}',
    operationId: 'postServeConversion',
    summary:
      "The same as a POST: the conversion tag's beacon (navigator.sendBeacon), or a postback; the fields in the query string or a form body.",
    params: serveConversionParamsSchema,
    query: serveConversionQuerySchema,
    headers: serveConversionHeadersSchema,
    answers: {
      200: {
        kind: 'json',
        schema: conversionAnswerSchema,
        description: 'Received: counted, or not with its reason.',
      },
      400: notServing('Nothing stored: the request is malformed (as GET).'),
      401: notServing("Nothing stored: an Authorization header that is not the action's postback key."),
    },
  }),
  html5: route({
    method: 'GET',
    path: '/serve/h5/{liveID}/{path}',
    rest: 'path',
    operationId: 'getServeHtml5',
    summary:
      "A file of an HTML5 creative's ZIP, sent with the ad frame's sandbox as its Content-Security-Policy.",
    params: serveHtml5ParamsSchema,
    answers: {
      200: { kind: 'file', description: 'The file.' },
      404: notServing('No such file.'),
    },
  }),
  files: route({
    method: 'GET',
    path: '/serve/files/{file}',
    rest: 'file',
    operationId: 'getServeFile',
    summary: 'A file a served ad loads (video, image): public assets only, with byte ranges.',
    params: serveFileParamsSchema,
    headers: serveFileHeadersSchema,
    answers: {
      200: { kind: 'file', description: 'The file.' },
      206: { kind: 'file', description: 'The byte range asked for.' },
      304: { kind: 'empty', description: 'Not modified.' },
      404: notServing('No such public file.'),
      416: notServing('The range is outside the file.'),
    },
  }),
  demo: route({
    method: 'GET',
    path: '/serve/demo',
    operationId: 'getServeDemo',
    summary: "A publisher's page with the demo campaign's ads live.",
    answers: { 200: { kind: 'html', description: 'HTML.' } },
  }),
  preview: route({
    method: 'GET',
    path: '/serve/preview',
    operationId: 'getServePreview',
    summary:
      "The creative editor's preview: a page framed by the console only, which draws the draft the editor posts to it (a ServedAd) with the ad runtime, under its own nonce policy; nothing is requested or counted.",
    answers: { 200: { kind: 'html', description: 'HTML.' } },
  }),
  previewScript: route({
    method: 'GET',
    path: '/serve/preview.js',
    operationId: 'getServePreviewJs',
    summary:
      "The preview page's script: the ad runtime, drawing the drafts the console posts (and only the console); revalidated by its ETag.",
    headers: serveInitHeadersSchema,
    answers: {
      200: {
        kind: 'javascript',
        description: 'The script, with its ETag (cached 5 minutes, then revalidated).',
      },
      304: { kind: 'empty', description: 'Not modified.' },
      503: notServing('The ad runtime is not built.'),
    },
  }),
} as const;

export type ServingContract = typeof servingContract;
export type ServeRouteName = keyof ServingContract;
