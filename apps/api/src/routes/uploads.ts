// Stored files under /api/uploads/{file}: assets are public (ad tags load them on publisher pages);
// generated files such as tag sheets are answered only to their owner.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../context';
import { ApiError } from '../http/errors';
import { findSession, sessionSecret } from '../services/sessions';

interface FileRow {
  name: string;
  owner_id: string | null;
  public: boolean;
  content_type: string;
}

export function registerUploads(app: FastifyInstance, ctx: Context) {
  // Also under /uploads/*: spec section 7 names the download path '/uploads/{file}' on the API host.
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const name = decodeURIComponent((request.params as { '*': string })['*'] ?? '');
    const missing = new ApiError(404, 'File not found.');
    const [file] = await ctx.db.query<FileRow>(
      'select name, owner_id, public, content_type from files where name = $1',
      [name],
    );
    if (!file) throw missing;
    if (!file.public) {
      const secret = sessionSecret(request);
      const user = secret === undefined ? undefined : await findSession(ctx.db, secret);
      if (user === undefined) throw new ApiError(401, 'You are not signed in.');
      if (user.id !== file.owner_id && user.role !== 'admin') throw missing;
    }
    const body = await ctx.storage.get(file.name);
    if (body === undefined) throw missing;
    const downloadName = file.name.split('/').pop() ?? 'file';
    return reply
      .header('Content-Type', file.content_type)
      .header('Cache-Control', file.public ? 'public, max-age=31536000, immutable' : 'private, no-store')
      .header(
        'Content-Disposition',
        `${file.public ? 'inline' : 'attachment'}; filename="${downloadName.replace(/"/g, '')}"`,
      )
      .send(body);
  };
  app.get('/api/uploads/*', handler);
  app.get('/uploads/*', handler);
}
