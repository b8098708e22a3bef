// A static file server on loopback, for pages a browser will not run from disk (a built app or
// Storybook: module scripts are blocked on file:// URLs). Used by the consumer checks and by
// `pnpm visual:review --serve`.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.mp4': 'video/mp4',
};

export type StaticServer = { url: string; close: () => Promise<void> };

/**
 * Serves `folder` on 127.0.0.1 (a free port unless one is given); a folder's URL serves its
 * index.html. With `only`, just those top-level entries of the folder are served.
 */
export async function serveFolder(
  folder: string,
  options: { port?: number; only?: string[] } = {},
): Promise<StaticServer> {
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    let file = path.join(folder, pathname);
    const top = path.relative(folder, file).split(path.sep)[0] ?? '';
    const allowed = !options.only || options.only.includes(top);
    if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!allowed || !file.startsWith(folder) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    const type = contentTypes[path.extname(file)] ?? 'application/octet-stream';
    response.writeHead(200, { 'content-type': type }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('the static server has no port');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
