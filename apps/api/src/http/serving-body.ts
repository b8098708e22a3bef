// The serving routes' text answers (VAST, the ad JSON), compressed here rather than by
// @fastify/compress, whose stream per answer costs more than the answer itself: brotli at quality 1
// (about 20 µs for a 7 KB VAST document, which shrinks to a twentieth) or gzip at level 1, for answers
// of 1 KB and more when the client takes them, as browsers and players do (docs/serving.md, "What a
// request costs").
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiateEncoding } from './console-files';

const MIN_COMPRESSED_BYTES = 1024;
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };

export function sendServingText(request: FastifyRequest, reply: FastifyReply, text: string, type: string) {
  reply.type(type);
  const encoding =
    text.length >= MIN_COMPRESSED_BYTES ? negotiateEncoding(request.headers['accept-encoding']) : undefined;
  if (encoding === undefined) return reply.send(text);
  // The CORS hook adds Origin to Vary (routes/serve.ts); the answer now depends on Accept-Encoding too.
  reply.header('Vary', 'Accept-Encoding').header('Content-Encoding', encoding);
  return reply.send(encoding === 'br' ? brotliCompressSync(text, BROTLI) : gzipSync(text, { level: 1 }));
}
