import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../../test/local-server';
import { ValidationError } from '../../validation/validation-error';
import { createApiClient } from '../client';
import { ApiError, errorMessage } from '../errors';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.respond(() => ({ body: { status: 200, data: null } }));
});

const client = () => createApiClient({ baseUrl: server.url, companyDomain: 'example.com' });
const user = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };
const caught = async (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('authentication calls (docs/product.md §7)', () => {
  it("POSTs /login with method 'password', username, password and remember; answers user, expiry and location", async () => {
    const expiry = { date: '2026-01-02 00:00:00', timezone_type: 3, timezone: 'UTC' };
    server.respond(() => ({ body: { status: 200, data: { user, expiry, location: '/campaigns' } } }));
    const answer = await client().login({ username: 'ada@example.com', password: 'secret1', remember: true });
    expect(server.requests[0]).toMatchObject({ method: 'POST', path: '/login' });
    expect(server.requests[0]?.json()).toEqual({
      method: 'password',
      username: 'ada@example.com',
      password: 'secret1',
      remember: true,
    });
    expect(answer).toMatchObject({ user: { ...user, role: 'user' }, expiry, location: '/campaigns' });
  });

  it('checks the login form before any call: a ValidationError and no request', async () => {
    const error = await caught(client().login({ username: 'ada', password: '1' }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).messages).toEqual([
      'Fill in your email',
      'Fill in your password at least 6 characters long',
    ]);
    expect(server.requests).toHaveLength(0);
  });

  it("shows the server's sign-in message, or 'Sign in failed!'", async () => {
    server.respond(() => ({
      status: 401,
      body: { status: 401, code: 'unauthorized', message: 'Wrong email or password' },
    }));
    expect(
      errorMessage(
        await caught(client().login({ username: 'ada@example.com', password: 'secret1' })),
        'Sign in failed!',
      ),
    ).toBe('Wrong email or password');
    server.respond(() => ({ status: 500 }));
    expect(
      errorMessage(
        await caught(client().login({ username: 'ada@example.com', password: 'secret1' })),
        'Sign in failed!',
      ),
    ).toBe('Sign in failed!');
  });

  it('ends the server session on logout and reads the session from GET /me', async () => {
    await client().logout();
    server.respond(() => ({ body: { status: 200, data: { user, expiry: null, location: null } } }));
    expect(await client().me()).toMatchObject({ user: { email: 'ada@example.com' } });
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /logout',
      'GET /me',
    ]);
  });

  it('POSTs /forgotPassword with the email', async () => {
    await client().forgotPassword({ email: 'ada@example.com' });
    expect(server.requests[0]?.json()).toEqual({ email: 'ada@example.com' });
  });

  it('POSTs /changePassword with username, password, confirmPassword and the code of the reset link', async () => {
    await client().changePassword({
      username: 'ada@example.com',
      password: 'secret1',
      confirmPassword: 'secret1',
      code: 'forgot-1',
    });
    expect(server.requests[0]?.json()).toEqual({
      username: 'ada@example.com',
      password: 'secret1',
      confirmPassword: 'secret1',
      code: 'forgot-1',
    });
    const error = await caught(
      client().changePassword({
        username: 'ada@example.com',
        password: 'secret1',
        confirmPassword: 'other12',
        code: 'x',
      }),
    );
    expect((error as ValidationError).messages).toEqual(['Passwords do not match!']);
  });

  it('POSTs /verify with code, verifyToken and the e-mail decoded from the code', async () => {
    await client().verify({ code: 'YWRhQGV4YW1wbGUuY29t', verifyToken: 'tok' });
    expect(server.requests[0]?.json()).toEqual({
      code: 'YWRhQGV4YW1wbGUuY29t',
      verifyToken: 'tok',
      email: 'ada@example.com',
    });
    expect(await caught(client().verify({ code: 'YWRhQGV4YW1wbGUuY29t' }))).toMatchObject({
      messages: ['Invalid URL!'],
    });
    server.respond(() => ({ status: 400, body: {} }));
    expect(
      errorMessage(
        await caught(client().verify({ code: 'YWRhQGV4YW1wbGUuY29t', verifyToken: 'tok' })),
        'Verification failed!',
      ),
    ).toBe('Verification failed!');
  });

  it('POSTs /signup with the form; success needs status 200 and a user', async () => {
    const form = {
      firstName: 'Ada',
      lastName: 'L',
      email: 'ada@example.com',
      password: 'secret1',
      confirmPassword: 'secret1',
      termsChecked: true,
    };
    server.respond(() => ({ body: { status: 200, data: { user } } }));
    expect((await client().signUp(form)).user.email).toBe('ada@example.com');
    expect(server.requests[0]?.json()).toEqual(form);
    await client().signUp({ ...form, invite: 'inv-1' });
    expect(server.requests[1]?.json()).toEqual({ ...form, invite: 'inv-1' });

    server.respond(() => ({ status: 201, body: { status: 201, data: { user } } }));
    expect(errorMessage(await caught(client().signUp(form)), 'Sign up failed!')).toBe('Sign up failed!');
    server.respond(() => ({ body: { status: 200, data: {} } }));
    expect(await caught(client().signUp(form))).toMatchObject({ message: 'Sign up failed!' });
    server.respond(() => ({ status: 409, body: { status: 409, message: ['Email already registered'] } }));
    expect(errorMessage(await caught(client().signUp(form)), 'Sign up failed!')).toBe(
      'Email already registered',
    );
  });

  it('checks sign-up against the company domain before any call', async () => {
    const form = {
      firstName: 'Ada',
      lastName: 'L',
      email: 'ada@gmail.com',
      password: 'secret1',
      confirmPassword: 'secret1',
      termsChecked: true,
    };
    expect(await caught(client().signUp(form))).toMatchObject({
      messages: ['Only example.com emails allowed!'],
    });
    expect(server.requests).toHaveLength(0);
    await expect(createApiClient({ baseUrl: server.url }).signUp(form)).rejects.toThrow(
      'createApiClient needs companyDomain',
    );
  });

  it('refuses an answer of an unexpected shape', async () => {
    server.respond(() => ({ body: { status: 200, data: { user: { name: 'x' } } } }));
    const error = await caught(client().login({ username: 'ada@example.com', password: 'secret1' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 502,
      code: 'invalid_response',
      message: 'Unexpected answer from the server',
    });
  });
});

describe('amILoggedIn (docs/product.md §4 and §7)', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  const stored = {
    user: { ...user, role: 'user' as const },
    expiry: { date: '2026-05-02 12:00:00', timezone_type: 3, timezone: 'UTC' },
    location: '/campaigns',
    lastRequest: now.getTime() - 2000,
    lastLogin: now.getTime() - 500_000,
  };

  it('answers from local data within 6 s of the last request, without a server call', async () => {
    expect(await client().amILoggedIn(stored, now)).toEqual({
      loggedIn: true,
      session: stored,
      fromServer: false,
    });
    expect(server.requests).toHaveLength(0);
  });

  it('asks GET /me after 6 s and refreshes the stored session from its expiry and location', async () => {
    const expiry = { date: '2026-05-03 12:00:00', timezone_type: 3, timezone: 'UTC' };
    server.respond(() => ({ body: { status: 200, data: { expiry, location: '/dashboard' } } }));
    const check = await client().amILoggedIn({ ...stored, lastRequest: now.getTime() - 6000 }, now);
    expect(server.requests.map((request) => request.path)).toEqual(['/me']);
    expect(check).toEqual({
      loggedIn: true,
      fromServer: true,
      session: {
        user: stored.user,
        expiry,
        location: '/dashboard',
        lastRequest: now.getTime(),
        lastLogin: stored.lastLogin,
      },
    });
  });

  it('asks the server when the local session has expired, and is logged out when /me fails', async () => {
    server.respond(() => ({ status: 401, body: { status: 401, message: 'Sign in first' } }));
    const check = await client().amILoggedIn(
      { ...stored, expiry: { ...stored.expiry, date: '2026-05-01 11:00:00' } },
      now,
    );
    expect(check).toMatchObject({ loggedIn: false, session: null });
    expect(server.requests).toHaveLength(1);
  });

  it('is logged out when neither /me nor local data names a user', async () => {
    server.respond(() => ({ body: { status: 200, data: {} } }));
    expect(await client().amILoggedIn(null, now)).toEqual({ loggedIn: false, session: null });
    server.respond(() => ({ body: { status: 200, data: { user, expiry: null } } }));
    const check = await client().amILoggedIn(undefined, now);
    expect(check.loggedIn && check.session.expiry).toEqual({
      date: '2026-05-02 12:00:00',
      timezone_type: 3,
      timezone: 'UTC',
    });
  });
});
