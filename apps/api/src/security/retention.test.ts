// Retention (docs/privacy.md, "What is stored, and for how long"): every store that keeps personal or
// per-request data keeps it for a written period, and a sweep enforces it. Each sweep here is run on a
// real server's database with the clock moved past its period: what is older goes, what is newer stays.
// (The device histories' sweep: serving/gate-integrity.test.ts; the conversions': conversions tests.)
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  AUDIT_LOG_KEPT_DAYS,
  MAIL_OUTBOX_KEPT_DAYS,
  RAW_EVENTS_KEPT_DAYS,
  REQUEST_FACTS_KEPT_DAYS,
  WEBHOOK_LOG_KEPT_DAYS,
} from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuditRow } from '../db/queries/audit-log';
import { insertWebhookDelivery, insertWebhookEndpoint } from '../db/queries/webhooks';
import { sweepAuditLog } from '../services/audit/retention';
import { sweepRawEvents } from '../services/events/raw-events-sweep';
import { sweepRequestFacts } from '../services/events/request-facts';
import { sweepMailOutbox, sweepWebhookLog } from '../services/outbound/retention';
import { startServer, type TestServer, testStoresLabel } from '../test/harness';
import { signedInUser } from '../test/helpers';

const DAY_MS = 86_400_000;
const NOW = Date.UTC(2026, 10, 27, 12);
const daysAgo = (days: number) => new Date(NOW - days * DAY_MS);

describe(`retention: each store's period, enforced by its sweep (${testStoresLabel()})`, () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({}, { clock: () => NOW });
  });
  afterAll(() => server.close());

  const count = async (sql: string) => Number((await server.db.query<{ n: string }>(sql))[0]?.n);

  it(`raw events are kept ${RAW_EVENTS_KEPT_DAYS} days, the oldest swept first`, async () => {
    const insert = (live: string, at: Date) =>
      server.db.query("insert into events (live_id, type, at, count) values ($1, 'impression', $2, 1)", [
        live,
        at,
      ]);
    await insert('retention-old', daysAgo(RAW_EVENTS_KEPT_DAYS + 1));
    await insert('retention-old', daysAgo(RAW_EVENTS_KEPT_DAYS + 200));
    await insert('retention-new', daysAgo(RAW_EVENTS_KEPT_DAYS - 1));
    expect(await sweepRawEvents(server.app.adconsole, NOW)).toBe(2);
    expect(await count("select count(*) as n from events where live_id like 'retention-%'")).toBe(1);
    // A day later the newer one is past its period too.
    expect(await sweepRawEvents(server.app.adconsole, NOW + 2 * DAY_MS)).toBe(1);
  });

  it(`the forecast's request history is kept ${REQUEST_FACTS_KEPT_DAYS} days`, async () => {
    const insert = (campaign: string, at: Date) =>
      server.db.query('insert into ad_request_facts (campaign_id, bucket, requests) values ($1, $2, 1)', [
        campaign,
        at.toISOString(),
      ]);
    await insert('retention-old', daysAgo(REQUEST_FACTS_KEPT_DAYS + 1));
    await insert('retention-old', daysAgo(REQUEST_FACTS_KEPT_DAYS + 30));
    await insert('retention-new', daysAgo(REQUEST_FACTS_KEPT_DAYS - 1));
    expect(await sweepRequestFacts(server.app.adconsole, NOW)).toBe(2);
    expect(
      await count("select count(*) as n from ad_request_facts where campaign_id like 'retention-%'"),
    ).toBe(1);
    expect(await sweepRequestFacts(server.app.adconsole, NOW + 2 * DAY_MS)).toBe(1);
  });

  it(`the audit log is kept ${AUDIT_LOG_KEPT_DAYS} days`, async () => {
    const entry = (at: Date, entityId: string) =>
      insertAuditRow(server.db, {
        actorId: null,
        actorEmail: null,
        entity: 'campaign',
        entityId,
        campaignId: null,
        action: 'update',
        changes: {},
        route: null,
        requestId: null,
        at,
      });
    await entry(daysAgo(AUDIT_LOG_KEPT_DAYS + 3), 'old-entry');
    await entry(daysAgo(AUDIT_LOG_KEPT_DAYS - 3), 'new-entry');
    expect(await sweepAuditLog(server.app.adconsole, NOW)).toBe(1);
    const left = await server.db.query<{ entity_id: string }>(
      "select entity_id from audit_log where entity_id in ('old-entry', 'new-entry')",
    );
    expect(left.map((row) => row.entity_id)).toEqual(['new-entry']);
  });

  it(`the webhooks' finished deliveries are kept ${WEBHOOK_LOG_KEPT_DAYS} days, a pending one until it is done`, async () => {
    const { email } = await signedInUser(server);
    const [user] = await server.db.query<{ id: string }>('select id from users where email = $1', [email]);
    await insertWebhookEndpoint(server.db, {
      id: 'wh-retention',
      user_id: user?.id ?? '',
      url: 'https://hooks.example/ads',
      description: '',
      secret: 'whsec_test',
      enabled: true,
    });
    for (const id of ['done-old', 'done-new', 'pending-old'])
      await insertWebhookDelivery(server.db, {
        id,
        endpoint_id: 'wh-retention',
        event: 'alert.fired',
        alert_id: null,
        body: '{}',
      });
    const finish = (id: string, state: string, at: Date | null) =>
      server.db.query(
        'update webhook_deliveries set state = $2, finished_at = $3, created_at = $4 where id = $1',
        [id, state, at, daysAgo(WEBHOOK_LOG_KEPT_DAYS + 40)],
      );
    await finish('done-old', 'delivered', daysAgo(WEBHOOK_LOG_KEPT_DAYS + 1));
    await finish('done-new', 'failed', daysAgo(WEBHOOK_LOG_KEPT_DAYS - 1));
    await finish('pending-old', 'pending', null);
    expect(await sweepWebhookLog(server.app.adconsole, NOW)).toBe(1);
    const left = await server.db.query<{ id: string }>(
      "select id from webhook_deliveries where endpoint_id = 'wh-retention' order by id",
    );
    expect(left.map((row) => row.id)).toEqual(['done-new', 'pending-old']);
  });

  it(`the mail outbox keeps a message ${MAIL_OUTBOX_KEPT_DAYS} days`, async () => {
    const outbox = path.join(server.app.adconsole.config.dataDir, 'outbox-retention');
    await mkdir(outbox, { recursive: true });
    const message = async (name: string, written: Date) => {
      const file = path.join(outbox, name);
      await writeFile(file, 'To: someone@example.com\r\n\r\nA link.');
      await utimes(file, written, written);
    };
    await message('old.eml', daysAgo(MAIL_OUTBOX_KEPT_DAYS + 1));
    await message('new.eml', daysAgo(MAIL_OUTBOX_KEPT_DAYS - 1));
    await writeFile(path.join(outbox, 'notes.txt'), 'not a message');
    expect(await sweepMailOutbox(outbox, NOW)).toBe(1);
    expect((await readdir(outbox)).sort()).toEqual(['new.eml', 'notes.txt']);
    expect(await sweepMailOutbox(path.join(outbox, 'missing'), NOW)).toBe(0);
  });
});
