// Stored files under /api/uploads/{file} (and /uploads/{file}, the download path on the API host of
// docs/product.md §7): assets for anyone, generated files for their owner (or a share link's holder, with
// ?sharedToken=); streamed, with byte ranges.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../context';
import { sessionSecret } from '../http/cookies';
import { sendFile } from '../http/send-file';
import { findSession } from '../services/identity/sessions';
import { readableFile } from '../services/stored-files/file-rows';

export function registerUploads(app: FastifyInstance, ctx: Context) {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    // The router has already decoded the path once; decoding again would turn '%25' into a URIError.
    const name = (request.params as { '*': string })['*'] ?? '';
    const { sharedToken } = request.query as { sharedToken?: string };
    const user = async () => {
      const secret = sessionSecret(request);
      return secret === undefined ? undefined : findSession(ctx.db, secret);
    };
    return sendFile(ctx, request, reply, await readableFile(ctx.db, name, { user, sharedToken }));
  };
  app.get('/api/uploads/*', handler);
  app.get('/uploads/*', handler);
}
