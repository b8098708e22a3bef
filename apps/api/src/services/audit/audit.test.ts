// The audit log's rules: a change and its entry land together or not at all; the entry names who made
// it, through which call, and only the fields that differed; secrets never reach it; an actor's entries
// outlive the actor's account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startServer, type TestServer, testDatabaseKind } from '../../test/harness';
import { PASSWORD, signedInAdmin, signedInUser } from '../../test/helpers';
import { actorInCall, recordChange } from './record';

interface Entry {
  actor_id: string | null;
  actor_email: string | null;
  entity: string;
  entity_id: string;
  campaign_id: string | null;
  action: string;
  changes: Record<string, [unknown, unknown]>;
  route: string | null;
  request_id: string | null;
}

describe(`the audit log on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let admin: Client;
  let adminEmail: string;

  const entriesOf = (entityId: string) =>
    server.db.query<Entry>('select * from audit_log where entity_id = $1 order by id', [entityId]);
  const newCampaign = async (client: Client, name: string) =>
    (await client.post<{ id: string }>('/v1/campaign/new', { name })).body.data?.id ?? '';

  beforeAll(async () => {
    server = await startServer();
    ({ client: admin, email: adminEmail } = await signedInAdmin(server));
  });
  afterAll(() => server.close());

  it('records who changed a campaign, through which call, and only the fields that differed', async () => {
    const id = await newCampaign(admin, 'Spring');
    const renamed = await admin.put('/v1/campaign/update', {
      id,
      name: 'Spring sale',
      data: { end: { date: '2026-04-30' } },
    });
    expect(renamed.httpStatus, JSON.stringify(renamed.body)).toBe(200);
    const [created, updated] = await entriesOf(id);
    expect(created).toMatchObject({
      actor_email: adminEmail,
      entity: 'campaign',
      campaign_id: id,
      action: 'create',
      route: 'POST /v1/campaign/new',
      changes: { name: [null, 'Spring'], timezone: [null, 'UTC'] },
    });
    expect(updated).toMatchObject({ action: 'update', route: 'PUT /v1/campaign/update' });
    expect(updated?.changes).toEqual({ end: [null, '2026-04-30'], name: ['Spring', 'Spring sale'] });
    expect(updated?.request_id).not.toBe(created?.request_id);
  });

  it("a call's entries share its route and request id; another call acting for the same user has its own", async () => {
    const [user] = await server.db.query<{ id: string; email: string }>(
      'select id::text as id, email from users where email = $1',
      [adminEmail],
    );
    if (!user) throw new Error('no admin');
    const change = (name: string) => ({
      entity: 'campaign' as const,
      entityId: `audit-call-${name}`,
      campaignId: null,
      before: null,
      after: { name },
    });
    const first = actorInCall(user, { route: 'PUT /v1/first' });
    const second = actorInCall(user, { route: 'PUT /v1/second' });
    await recordChange(server.db, first, change('a'));
    await recordChange(server.db, second, change('b'));
    await recordChange(server.db, first, change('c'));
    // The user object itself acts in no call (a job's change, made outside any request).
    await recordChange(server.db, user, change('d'));
    const [a, b, c, d] = await Promise.all(
      ['a', 'b', 'c', 'd'].map(async (name) => (await entriesOf(`audit-call-${name}`))[0]),
    );
    expect([a?.route, b?.route, c?.route, d?.route]).toEqual([
      'PUT /v1/first',
      'PUT /v1/second',
      'PUT /v1/first',
      null,
    ]);
    expect(a?.request_id).toBeTruthy();
    expect(c?.request_id).toBe(a?.request_id);
    expect(b?.request_id).not.toBe(a?.request_id);
    expect(d?.request_id).toBeNull();
  });

  it('a change whose entry cannot be written is not made (one transaction)', async () => {
    const id = await newCampaign(admin, 'Atomic');
    // The log refuses every write from here: the rename must fail as a whole.
    await server.db.exec(`
      create function audit_refuses() returns trigger language plpgsql as $$
        begin raise exception 'audit log refused'; end $$;
      create trigger audit_refuses before insert on audit_log for each row execute function audit_refuses();
    `);
    try {
      const renamed = await admin.put('/v1/campaign/update', { id, name: 'Never' });
      expect(renamed.httpStatus).toBe(500);
    } finally {
      await server.db.exec('drop trigger audit_refuses on audit_log; drop function audit_refuses();');
    }
    const got = await admin.get<{ name: string }>(`/v1/campaign/get?campaignID=${id}`);
    expect(got.body.data?.name).toBe('Atomic');
    expect((await entriesOf(id)).map((entry) => entry.action)).toEqual(['create']);
  });

  it('a refused change writes no entry', async () => {
    const id = await newCampaign(admin, 'Refused');
    const refused = await admin.put('/v1/campaign/update', { id, name: '' });
    expect(refused.httpStatus).toBe(400);
    expect(await entriesOf(id)).toHaveLength(1);
  });

  it('never holds a secret: an API token, a share link or a password appear only as changed', async () => {
    const { client, email } = await signedInUser(server);
    const token = await client.post<{ id: string; secret: string }>('/v1/tokens', {
      name: 'Reporting',
      scopes: ['campaigns:read'],
    });
    const campaign = await newCampaign(client, 'Shared');
    const link = await client.post<{ token: string }>('/v1/campaign/newToken', { campaignID: campaign });
    const password = `${PASSWORD}-new`;
    expect(
      (
        await client.put('/v1/me/password', {
          currentPassword: PASSWORD,
          password,
          confirmPassword: password,
        })
      ).httpStatus,
    ).toBe(200);
    const log = JSON.stringify(
      await server.db.query('select * from audit_log where actor_email = $1', [email]),
    );
    for (const secret of [token.body.data?.secret, link.body.data?.token, password, PASSWORD]) {
      expect(secret).toBeTruthy();
      expect(log).not.toContain(secret);
    }
    const [tokenEntry] = await entriesOf(token.body.data?.id ?? '');
    expect(tokenEntry?.changes).toEqual({ name: [null, 'Reporting'], scopes: [null, ['campaigns:read']] });
    const passwordEntries = await server.db.query<Entry>(
      "select * from audit_log where actor_email = $1 and route = 'PUT /v1/me/password'",
      [email],
    );
    expect(passwordEntries.map((entry) => entry.changes)).toEqual([{ password: ['(earlier)', '(changed)'] }]);
  });

  it("keeps an actor's entries when the account is deleted, by its id and address", async () => {
    const { client, email } = await signedInUser(server);
    const id = (await client.get<{ user: { id: string } }>('/me')).body.data?.user.id ?? '';
    const campaign = await newCampaign(client, 'Soon orphaned');
    expect((await client.delete(`/v1/campaign/delete?campaignID=${campaign}`)).httpStatus).toBe(200);
    expect((await admin.delete(`/v1/users?id=${id}`)).httpStatus).toBe(200);
    expect(
      (await entriesOf(campaign)).map((entry) => [entry.action, entry.actor_id, entry.actor_email]),
    ).toEqual([
      ['create', id, email],
      ['delete', id, email],
    ]);
    const [deletion] = await entriesOf(id);
    expect(deletion).toMatchObject({ entity: 'user', action: 'delete', actor_email: adminEmail });
    expect(deletion?.changes.email).toEqual([email, null]);
  });

  it("answers a campaign's history to its owner (and an API token's), newest first, and to nobody else", async () => {
    const { client } = await signedInUser(server);
    const id = await newCampaign(client, 'History');
    const creative = await client.post<{ id: string }>('/v1/campaign/creatives', {
      campaignID: id,
      name: 'Banner',
      type: 'Banner',
      width: 300,
      height: 250,
    });
    expect((await client.put('/v1/campaign/update', { id, name: 'History, renamed' })).httpStatus).toBe(200);
    const history = await client.get<{ entity: string; action: string; entityId: string; route: string }[]>(
      `/v1/campaign/history?campaignID=${id}`,
    );
    expect(history.httpStatus).toBe(200);
    expect(history.body.data?.map((entry) => [entry.entity, entry.action])).toEqual([
      ['campaign', 'update'],
      ['creative', 'create'],
      ['campaign', 'create'],
    ]);
    expect(history.body.data?.[1]?.entityId).toBe(creative.body.data?.id);
    // A change that is not to its name still says which creative (docs/console.md, "History").
    const resized = await client.put('/v1/campaign/creatives', {
      id: creative.body.data?.id,
      campaignID: id,
      name: 'Banner',
      type: 'Banner',
      width: 320,
      height: 50,
    });
    expect(resized.httpStatus, JSON.stringify(resized.body)).toBe(200);
    const named = await client.get<{ entity: string; entityName?: string; changes: object }[]>(
      `/v1/campaign/history?campaignID=${id}`,
    );
    expect(named.body.data?.[0]).toMatchObject({ entity: 'creative', entityName: 'Banner' });
    expect(named.body.data?.[0]?.changes).not.toHaveProperty('name');
    const token = await client.post<{ secret: string }>('/v1/tokens', {
      name: 'Reader',
      scopes: ['campaigns:read'],
    });
    const read = await fetch(`${server.url}/api/v1/campaign/history?campaignID=${id}`, {
      headers: { Authorization: `Bearer ${token.body.data?.secret}` },
    });
    expect(read.status).toBe(200);
    const { client: stranger } = await signedInUser(server);
    const refused = await stranger.get(`/v1/campaign/history?campaignID=${id}`);
    expect(refused.httpStatus).toBe(404);
  });
});
