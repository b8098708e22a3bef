// Every route under /serve/ of an app's own route table (Fastify's printRoutes), each method on its
// own: the suites that must call every serving route (cookies under /serve/, repeated query
// parameters) walk this list, so a route added later is called too.
import type { FastifyInstance } from 'fastify';

export interface ServeRoute {
  method: string;
  /** The path with its parameters as Fastify writes them (`:name`, `*`). */
  path: string;
}

/** Every route under /serve of the app's route table: method and path with its parameters. */
export function serveRoutes(app: FastifyInstance): ServeRoute[] {
  const routes: ServeRoute[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /(\/serve\S*) \(([^)]+)\)/.exec(line);
    if (!match) continue;
    for (const method of (match[2] ?? '').split(',').map((each) => each.trim()))
      routes.push({ method, path: match[1] ?? '' });
  }
  return routes;
}
