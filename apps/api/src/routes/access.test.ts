import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startServer, type TestServer, testDatabaseKind } from '../test/harness';
import { signedInUser } from '../test/helpers';
import { allRoutes } from './index';

describe(`access rules of every call on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let user: Client;
  beforeAll(async () => {
    server = await startServer();
    user = (await signedInUser(server)).client;
  });
  afterAll(() => server.close());

  const signedInRoutes = allRoutes.filter((route) => route.access !== 'public');
  it.each(signedInRoutes.map((route) => [`${route.call.method} ${route.call.path}`, route] as const))(
    '%s answers 401 without a session',
    async (_name, route) => {
      const answer = await new Client(server.url).call(
        route.call.method,
        route.call.path,
        route.call.method === 'GET' ? undefined : {},
      );
      expect(answer.httpStatus).toBe(401);
      expect(answer.body).toMatchObject({
        status: 401,
        code: 'unauthorized',
        message: 'You are not signed in.',
      });
    },
  );

  const adminRoutes = allRoutes.filter((route) => route.access === 'admin');
  it.each(adminRoutes.map((route) => [`${route.call.method} ${route.call.path}`, route] as const))(
    '%s answers 403 to a user who is not an admin',
    async (_name, route) => {
      const answer = await user.call(
        route.call.method,
        route.call.path,
        route.call.method === 'GET' ? undefined : {},
      );
      expect(answer.httpStatus).toBe(403);
      expect(answer.body.message).toBe('Only administrators can do this.');
    },
  );
});
