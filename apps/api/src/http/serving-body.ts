// The serving routes' text answers (VAST, the ad JSON), compressed here rather than by
// @fastify/compress, whose stream per answer costs more than the answer itself. A templated answer
// (services/serving/answer-template.ts) goes out as gzip spliced from its template, whose constant text
// was compressed once (gzip-template.ts: a few microseconds, against about 20 µs for brotli at quality
// 1 of a 7 KB VAST document); a client that takes brotli but not gzip gets brotli at quality 1. Answers
// under 1 KB and clients that take neither get the text (docs/serving.md, "What a request costs").
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../context';
import { type FilledAnswer, fillAnswer } from '../services/serving/answer-template';
import { gzipAnswer } from '../services/serving/gzip-template';
import { type Encoding, negotiateEncoding } from './console-files';
import { everyAnswersHeaders } from './security-headers';

const MIN_COMPRESSED_BYTES = 1024;
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };
/** gzip first: the spliced gzip costs a fraction of brotli, and every browser and player takes it. */
const SERVING_ENCODINGS = ['gzip', 'br'] as const;

/** Accept-Encoding values seen (browsers and players send a handful): parsed once each. */
const negotiated = new Map<string, Encoding | undefined>();
function servingEncoding(header: string | undefined): Encoding | undefined {
  if (header === undefined) return undefined;
  if (negotiated.has(header)) return negotiated.get(header);
  const encoding = negotiateEncoding(header, SERVING_ENCODINGS);
  if (negotiated.size >= 256) negotiated.clear();
  negotiated.set(header, encoding);
  return encoding;
}

/** The headers a page may read from a cross-origin answer beyond the safelisted ones (video seeking). */
const EXPOSED_HEADERS = 'Content-Range, Accept-Ranges, Content-Length';
const CORS_ANY = [
  'Access-Control-Allow-Origin',
  '*',
  'Access-Control-Expose-Headers',
  EXPOSED_HEADERS,
  'Cross-Origin-Resource-Policy',
  'cross-origin',
];

/**
 * CORS of every serving answer, as name, value, name, value (`Vary: Origin` aside, which the caller
 * merges). Players fetch VAST and media with credentials (`withCredentials`), and a browser refuses `*`
 * for a credentialed request: a request with an `Origin` gets that origin echoed, with credentials
 * allowed (and `Vary: Origin`, so no cache hands one publisher's answer to another); `*` only without an
 * Origin. Serving reads and sets only its own partitioned cookies on its ad answers (the cap history and
 * the reach cookie, with the request's consent; services/serving/frequency-jar.ts), never a session's.
 */
export const servingCorsHeaders = (origin: string | undefined): readonly string[] =>
  origin
    ? [
        'Access-Control-Allow-Origin',
        origin,
        'Access-Control-Allow-Credentials',
        'true',
        'Access-Control-Expose-Headers',
        EXPOSED_HEADERS,
        'Cross-Origin-Resource-Policy',
        'cross-origin',
      ]
    : CORS_ANY;

/**
 * A VAST document or an ad JSON, never cached (a fresh signed impression each time), written straight
 * to the response: the answer's own headers, its CORS and what every answer carries
 * (`everyAnswersHeaders`), as one flat list. Not through `reply.send`: Fastify's send and its onSend
 * hooks (the cookie plugin's, the security headers', the serving CORS) cost about 9 µs of the 60 a VAST
 * answer costs (docs/serving.md, "What a request costs"), and these answers need none of their work.
 * The answer is made before the reply is taken over, so an error still answers through the error
 * envelope. Node leaves the body out of an answer to HEAD. `cookie` is the Set-Cookie lines: the browser's
 * frequency-cap history when an ad with caps was served, its reach cookie when one was made
 * (services/serving/frequency-jar.ts).
 */
export function sendServingText(
  ctx: Context,
  request: FastifyRequest,
  reply: FastifyReply,
  answer: string | FilledAnswer,
  type: string,
  cookie?: readonly string[],
) {
  // A templated answer (a VAST document, an ad JSON) is kilobytes: always worth compressing.
  const encoding =
    typeof answer !== 'string' || answer.length >= MIN_COMPRESSED_BYTES
      ? servingEncoding(request.headers['accept-encoding'])
      : undefined;
  const text = () => (typeof answer === 'string' ? answer : fillAnswer(answer.template, answer.values));
  const body =
    encoding === undefined
      ? Buffer.from(text())
      : encoding === 'br'
        ? brotliCompressSync(text(), BROTLI)
        : typeof answer === 'string'
          ? gzipSync(answer, { level: 1 })
          : gzipAnswer(answer);
  // Vary names Origin (the CORS) and, for a templated answer, compressed or not, Accept-Encoding too (a
  // shared cache must not hand a text answer to a client that asked for gzip).
  return writeServingAnswer(ctx, request, reply, 200, body, {
    type,
    vary: typeof answer !== 'string' || encoding !== undefined ? 'Accept-Encoding, Origin' : 'Origin',
    encoding,
    cookie,
  });
}

/**
 * A serving answer that is never cached, written straight to the response (above, sendServingText):
 * `status`, `body` (none for a 204) with its type, encoding and Vary (`Origin` unless said), then
 * `Cache-Control: no-store`, its length, its CORS and what every answer carries, and the Set-Cookie lines
 * given (the cap history, the reach cookie). A tracking beacon's 204 and pixel go this way too, and the
 * click's redirect (an empty body, its `location`).
 */
export function writeServingAnswer(
  ctx: Context,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  body: Buffer | undefined,
  {
    type,
    vary = 'Origin',
    encoding,
    cookie,
    location,
  }: {
    type?: string;
    vary?: string;
    encoding?: Encoding;
    cookie?: readonly string[] | undefined;
    /** A redirect's target (the click's 302). */
    location?: string;
  } = {},
) {
  const headers = [
    ...(location === undefined ? [] : ['Location', location]),
    ...(type === undefined ? [] : ['Content-Type', type]),
    ...(encoding === undefined ? [] : ['Content-Encoding', encoding]),
    'Vary',
    vary,
    'Cache-Control',
    'no-store',
    ...(body === undefined ? [] : ['Content-Length', String(body.length)]),
    ...(cookie ?? []).flatMap((line) => ['Set-Cookie', line]),
    ...servingCorsHeaders(request.headers.origin),
    ...everyAnswersHeaders(ctx),
  ];
  reply.hijack();
  reply.raw.writeHead(status, headers);
  reply.raw.end(body);
  return reply;
}
