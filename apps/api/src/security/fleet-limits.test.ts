// Limits hold across a fleet of API processes (docs/deploy.md): a client that sends its requests to two
// processes in turn gets each limit once, not once per process, because every limit on a caller is
// counted in the shared database. (The serving rate rule is the exception, counted in each process's
// memory: the load balancer's hashing by client address keeps a client on one process; the fleet suite
// shows it, npm run test:fleet.)
import { MESSAGES } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MAX_ATTEMPTS } from '../services/identity/login-limit';
import {
  Client,
  type SecondProcess,
  startSecondProcess,
  startServer,
  type TestServer,
  testDatabaseKind,
} from '../test/harness';
import { uniqueEmail } from '../test/helpers';

describe(`limits hold across two API processes on one ${testDatabaseKind()} database`, () => {
  let server: TestServer;
  let second: SecondProcess;
  beforeAll(async () => {
    server = await startServer();
    second = await startSecondProcess(server);
  });
  afterAll(async () => {
    await second?.close();
    await server?.close();
  });

  /** One client (one address) whose requests alternate between the two processes. */
  const alternating = () => {
    const [first, other] = [new Client(server.url), new Client(second.url)];
    Object.assign(other, { address: first.address });
    let turn = 0;
    return () => {
      turn += 1;
      return turn % 2 === 1 ? first : other;
    };
  };

  it('the per-address limit of a public call (30 password-reset requests in 15 minutes) is counted in the database, once for the fleet', async () => {
    const next = alternating();
    for (let request = 0; request < 30; request += 1) {
      expect((await next().post('/forgotPassword', { email: uniqueEmail() })).httpStatus).toBe(200);
    }
    for (let request = 0; request < 2; request += 1) {
      const limited = await next().post('/forgotPassword', { email: uniqueEmail() });
      expect(limited.httpStatus).toBe(429);
      expect(limited.body.message).toBe(MESSAGES.tooManyRequests);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Another address is not limited by it, on either process.
    expect((await new Client(second.url).post('/forgotPassword', { email: uniqueEmail() })).httpStatus).toBe(
      200,
    );
  });

  it(`sign-in's address window (${LOGIN_MAX_ATTEMPTS} attempts in 15 minutes) holds across processes`, async () => {
    const next = alternating();
    const attempt = () =>
      next().post('/login', {
        method: 'password',
        username: uniqueEmail(),
        password: 'wrong password',
        remember: false,
      });
    for (let request = 0; request < LOGIN_MAX_ATTEMPTS; request += 1) {
      expect((await attempt()).httpStatus).toBe(401);
    }
    const limited = await attempt();
    expect(limited.httpStatus).toBe(429);
    expect(limited.body.message).toBe(MESSAGES.tooManyAttempts);
  });
});
