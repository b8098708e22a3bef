// The serving routes' text answers (VAST, the ad JSON), compressed here rather than by
// @fastify/compress, whose stream per answer costs more than the answer itself. A templated answer
// (services/serving/answer-template.ts) goes out as gzip spliced from its template, whose constant text
// was compressed once (gzip-template.ts: a few microseconds, against about 20 µs for brotli at quality
// 1 of a 7 KB VAST document); a client that takes brotli but not gzip gets brotli at quality 1. Answers
// under 1 KB and clients that take neither get the text (docs/serving.md, "What a request costs").
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type FilledAnswer, fillAnswer } from '../services/serving/answer-template';
import { gzipAnswer } from '../services/serving/gzip-template';
import { type Encoding, negotiateEncoding } from './console-files';

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

export function sendServingText(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: string | FilledAnswer,
  type: string,
) {
  reply.type(type);
  // A templated answer (a VAST document, an ad JSON) is kilobytes: always worth compressing.
  const encoding =
    typeof answer !== 'string' || answer.length >= MIN_COMPRESSED_BYTES
      ? servingEncoding(request.headers['accept-encoding'])
      : undefined;
  const text = () => (typeof answer === 'string' ? answer : fillAnswer(answer.template, answer.values));
  // The CORS hook adds Origin to Vary (routes/serve.ts); a templated answer depends on Accept-Encoding
  // too, compressed or not (a shared cache must not hand a text answer to a client that asked for gzip).
  if (typeof answer !== 'string' || encoding !== undefined) reply.header('Vary', 'Accept-Encoding');
  if (encoding === undefined) return reply.send(text());
  reply.header('Content-Encoding', encoding);
  if (encoding === 'br') return reply.send(brotliCompressSync(text(), BROTLI));
  return reply.send(typeof answer === 'string' ? gzipSync(answer, { level: 1 }) : gzipAnswer(answer));
}
