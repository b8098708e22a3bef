import { filteredTotals, type ReportData, reportDataSchema } from '@adconsole/domain';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  startSecondProcess,
  startServer,
  type TestServer,
  testDatabaseKind,
} from '../../test/harness';
import {
  daysAroundToday,
  PASSWORD,
  signedInAdmin,
  signedInUser,
  uniqueEmail,
  waitForMail,
} from '../../test/helpers';
import { seedDemoData, seedDemoDataOnce } from '../demo/demo';

describe(`users, roles and invitations on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let admin: Client;
  let user: Client;
  beforeAll(async () => {
    server = await startServer({ ADMIN_EMAIL: 'boss@adconsole.test' });
    admin = (await signedInAdmin(server)).client;
    user = (await signedInUser(server)).client;
  });
  afterAll(() => server.close());

  it('lists users with role, verified and last login to admins only', async () => {
    expect((await user.get('/v1/users')).httpStatus).toBe(403);
    expect((await new Client(server.url).get('/v1/users')).httpStatus).toBe(401);
    const answer =
      await admin.get<{ email: string; role: string; verified: boolean; lastLogin: string | null }[]>(
        '/v1/users',
      );
    expect(answer.httpStatus).toBe(200);
    expect(answer.body.data?.length).toBeGreaterThanOrEqual(2);
    expect(answer.body.data?.[0]).toMatchObject({
      role: 'admin',
      verified: true,
      lastLogin: expect.any(String),
    });
  });

  it('ADMIN_EMAIL signs up as an admin', async () => {
    const { client } = await signedInUser(server, 'boss@adconsole.test');
    const me = await client.get<{ user: { role: string } }>('/me');
    expect(me.body.data?.user.role).toBe('admin');
  });

  it('invites by e-mail: the link signs up an address of any domain, verified, once', async () => {
    expect((await user.post('/v1/users/invite', { emails: ['x@partner.example'] })).httpStatus).toBe(403);
    const email = uniqueEmail('partner.example');
    const invite = await admin.post<{ invited: string[] }>('/v1/users/invite', {
      emails: [email],
      firstNames: ['Pat'],
    });
    expect(invite.httpStatus).toBe(200);
    expect(invite.body.data?.invited).toEqual([email]);
    const mail = await waitForMail(server, email);
    const link = new URL(mail.links.find((l) => l.includes('/signup?')) ?? '');
    expect(link.searchParams.get('email')).toBe(email);
    expect(link.searchParams.get('firstName')).toBe('Pat');
    const invitation = link.searchParams.get('invite') ?? '';
    const signUp = {
      firstName: 'Pat',
      lastName: 'Partner',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      termsChecked: true,
      invite: invitation,
    };
    const client = new Client(server.url);
    const answer = await client.post<{ verified: boolean }>('/signup', signUp);
    expect(answer.httpStatus).toBe(200);
    expect(answer.body.data?.verified).toBe(true);
    expect(
      (
        await client.post('/login', {
          method: 'password',
          username: email,
          password: PASSWORD,
          remember: false,
        })
      ).httpStatus,
    ).toBe(200);
    const again = await new Client(server.url).post('/signup', signUp);
    expect(again.httpStatus).toBe(400);
    expect(again.body.message).toMatch(/invitation is invalid, expired or already used/);
  });

  it('an invitation expires after 14 days', async () => {
    const email = uniqueEmail('partner.example');
    await admin.post('/v1/users/invite', { emails: [email] });
    const [row] = await server.db.query<{ days: number }>(
      "select round(extract(epoch from expires_at - created_at) / 86400)::int as days from tokens where email = $1 and kind = 'invite'",
      [email],
    );
    expect(row?.days).toBe(14);
  });

  it('without an invitation, another domain is refused', async () => {
    const answer = await new Client(server.url).post('/signup', {
      firstName: 'Eve',
      lastName: 'Outsider',
      email: uniqueEmail('partner.example'),
      password: PASSWORD,
      confirmPassword: PASSWORD,
      termsChecked: true,
    });
    expect(answer.httpStatus).toBe(400);
    expect(answer.body.message).toContain('Only adconsole.test emails allowed!');
  });

  it('publishes /api/openapi.json as a valid OpenAPI 3.1 document covering every call', async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    const calls = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(calls).toEqual(
      expect.arrayContaining([
        'POST /api/login',
        'POST /api/signup',
        'POST /api/verify',
        'GET /api/me',
        'POST /api/logout',
        'POST /api/forgotPassword',
        'POST /api/changePassword',
        'GET /api/v1/users',
        'POST /api/v1/users/invite',
        'GET /api/v1/campaign/get',
        'GET /api/v1/campaign/mine',
        'GET /api/v1/campaign/all',
        'POST /api/v1/campaign/new',
        'PUT /api/v1/campaign/update',
        'DELETE /api/v1/campaign/delete',
        'GET /api/v1/campaign/creative',
        'GET /api/v1/campaign/creatives',
        'POST /api/v1/campaign/creatives',
        'PUT /api/v1/campaign/creatives',
        'PUT /api/v1/campaign/creatives/html',
        'PUT /api/v1/campaign/creatives/duplicate',
        'POST /api/v1/campaign/creatives/publish',
        'DELETE /api/v1/campaign/creatives/delete',
        'POST /api/v1/campaign/creatives/assets',
        'DELETE /api/v1/campaign/creatives/assets',
        'POST /api/v1/campaign/tags',
        'GET /api/uploads/{file}',
      ]),
    );
  });
});

describe(`demo data on ${testDatabaseKind()}`, () => {
  it('processes started together on an empty database seed it once (an advisory lock): one seeds, the others find its users', async () => {
    const server = await startServer({ DEMO_PASSWORD: 'demo-password' });
    const second = await startSecondProcess(server, { DEMO_PASSWORD: 'demo-password' });
    try {
      const seeded = await Promise.all([
        seedDemoDataOnce(server.app.adconsole, { days: 2 }),
        seedDemoDataOnce(second.app.adconsole, { days: 2 }),
      ]);
      expect(seeded.filter((account) => account !== undefined)).toHaveLength(1);
      const [demo] = await server.db.query<{ count: number }>(
        "select count(*)::int as count from campaigns where name = 'Demo campaign'",
      );
      expect(demo?.count).toBe(1);
    } finally {
      await second.close();
      await server.close();
    }
  });

  it('seeds an admin with the DEMO_PASSWORD and a campaign with a published creative, once; a later start never re-applies DEMO_PASSWORD', async () => {
    const server = await startServer({ DEMO_PASSWORD: 'demo-password', COMPANY_DOMAIN: 'example.org' });
    try {
      // Two weeks of events are enough to check the seeding: the product's 90 days made this test
      // spend most of its time writing events, and time out on a loaded 2-core machine.
      const demo = await seedDemoData(server.app.adconsole, { days: 14 });
      expect(demo).toEqual({ email: 'demo@example.org', password: 'demo-password' });
      expect(
        await seedDemoData({
          ...server.app.adconsole,
          config: { ...server.config, demoPassword: undefined },
        }),
      ).toBeUndefined();
      // The owner changed the password; a restart with DEMO_PASSWORD still set must not undo it.
      const [before] = await server.db.query<{ password_hash: string }>(
        "select password_hash from users where email = 'demo@example.org'",
      );
      expect(await seedDemoData(server.app.adconsole)).toBeUndefined();
      const [after] = await server.db.query<{ password_hash: string }>(
        "select password_hash from users where email = 'demo@example.org'",
      );
      expect(after?.password_hash).toBe(before?.password_hash);
      const client = new Client(server.url);
      const login = await client.post<{ user: { role: string } }>('/login', {
        method: 'password',
        username: 'demo@example.org',
        password: 'demo-password',
        remember: true,
      });
      expect(login.httpStatus).toBe(200);
      expect(login.body.data?.user.role).toBe('admin');
      // The admin page's first look: colleagues in each role and state, and an invitation waiting.
      const team = await client.get<{ email: string; role: string; disabled: boolean }[]>('/v1/users');
      expect(
        team.body.data
          ?.map(({ email, role, disabled }) => `${email} ${role}${disabled ? ' disabled' : ''}`)
          .sort(),
      ).toEqual([
        'demo@example.org admin',
        'felix@example.org user disabled',
        'omar@example.org admin',
        'priya@example.org user',
      ]);
      // The former colleague's old webhook, switched off, for the admin's "Webhooks" of a user.
      const felix = (await client.get<{ id: string; email: string }[]>('/v1/users')).body.data?.find(
        (user) => user.email === 'felix@example.org',
      );
      const hooks = await client.get<{ url: string; enabled: boolean }[]>(
        `/v1/users/webhooks?userID=${felix?.id}`,
      );
      expect(hooks.body.data).toEqual([
        expect.objectContaining({ url: 'https://automation.northwind.example/incoming', enabled: false }),
      ]);
      const waiting = await client.get<{ email: string }[]>('/v1/users/invitations');
      expect(waiting.body.data?.map(({ email }) => email)).toEqual(['marketing@northwind.example']);
      const mine =
        await client.get<{ name: string; creatives: { liveCreatives: unknown[] }[] }[]>('/v1/campaign/mine');
      expect(mine.body.data?.[0]?.name).toBe('Demo campaign');
      expect(mine.body.data?.[0]?.creatives[0]?.liveCreatives).toHaveLength(1);
      // The demo's report carries a realistic share of invalid traffic: a few per cent, several reasons.
      const report = await client.get<ReportData>(
        `/v1/campaign/reports?${new URLSearchParams({
          campaignID: (mine.body.data?.[0] as { id?: string } | undefined)?.id ?? '',
          ...daysAroundToday(100, 1),
        })}`,
      );
      expect(report.httpStatus, JSON.stringify(report.body)).toBe(200);
      const { invalid, totals, errors, creatives } = reportDataSchema.parse(report.body.data);
      const filtered = filteredTotals(invalid);
      const share = filtered.impressions / (filtered.impressions + totals.impressions);
      expect(share).toBeGreaterThan(0.01);
      expect(share).toBeLessThan(0.06);
      expect(invalid.byReason.length).toBeGreaterThanOrEqual(4);
      // Every kind of creative, and the VAST errors players sent: every section has something to show.
      expect(creatives.map((creative) => creative.type).sort()).toEqual([
        'Banner',
        'Banner',
        'VAST',
        'VPAID',
      ]);
      expect(errors.map((error) => error.code).sort()).toEqual([402, 405, 900, 901]);
      const videoImpressions = creatives
        .filter((creative) => creative.type !== 'Banner')
        .reduce((sum, creative) => sum + creative.totals.impressions, 0);
      const errorShare = errors.reduce((sum, error) => sum + error.count, 0) / videoImpressions;
      expect(errorShare).toBeGreaterThan(0.01);
      expect(errorShare).toBeLessThan(0.04);
    } finally {
      await server.close();
    }
  });

  it('DEMO_DATA=false seeds nothing', async () => {
    const server = await startServer({ DEMO_DATA: 'false' });
    try {
      expect(await seedDemoData(server.app.adconsole)).toBeUndefined();
      const [{ count } = { count: -1 }] = await server.db.query<{ count: number }>(
        'select count(*)::int as count from users',
      );
      expect(count).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('prints a random password when DEMO_PASSWORD is not set', async () => {
    const server = await startServer();
    try {
      const demo = await seedDemoData(server.app.adconsole, { days: 1 });
      expect(demo?.password.length).toBeGreaterThanOrEqual(12);
    } finally {
      await server.close();
    }
  });
});
