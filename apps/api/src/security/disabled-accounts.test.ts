// A disabled account is silent (docs/security.md, "Round 4"): its campaigns are not evaluated, and no
// alert mail, webhook or scheduled report of its goes out, whether it was queued before the account was
// disabled (checked when the job runs) or would be after (checked when it would be queued). Admins list,
// switch off and delete any account's webhook endpoints. Every delivery goes to a receiver on 127.0.0.1
// that WEBHOOK_ALLOWED_HOSTS allows.
import { MESSAGES } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateAlerts } from '../services/alerts/evaluate';
import { reportDeliveryJobs } from '../services/reports/delivery-jobs';
import { type Client, startServer, type TestServer, testDatabaseKind } from '../test/harness';
import { readOutboxTo, settled, signedInAdmin, signedInUser, uniqueEmail } from '../test/helpers';
import { startWebhookReceiver } from '../test/peers';
import { publish } from '../test/reports-world';

const HOUR = 3_600_000;
const day = (offset: number) => new Date(Date.now() + offset * 24 * HOUR).toISOString().slice(0, 10);

describe(`a disabled account is silent (${testDatabaseKind()})`, () => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let admin: Client;
  let owner: Client;
  let ownerId = '';
  let ownerEmail = '';
  let endpointId = '';
  let campaignId = '';
  let scheduleId = '';
  const alertRecipient = uniqueEmail();
  const reportRecipient = uniqueEmail();

  const jobsOfOwner = (state: string) =>
    server.db.query<{ kind: string; payload: Record<string, unknown> }>(
      'select kind, payload from jobs where account_id = $1 and state = $2 order by kind',
      [ownerId, state],
    );
  const scheduleDue = () =>
    server.db.query("update scheduled_reports set next_run_at = now() - interval '1 minute' where id = $1", [
      scheduleId,
    ]);
  const setDisabled = async (disabled: boolean) => {
    const answer = await admin.put('/v1/users/disabled', { id: ownerId, disabled });
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
  };

  beforeAll(async () => {
    receiver = await startWebhookReceiver(
      () => 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      () => 204,
    );
    server = await startServer({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_ALLOWED_PORTS: receiver.port });
    ({ client: admin } = await signedInAdmin(server));
    ({ client: owner, email: ownerEmail } = await signedInUser(server));
    ownerId = (await owner.get<{ user: { id: string } }>('/me')).body.data?.user.id ?? '';
    const hook = await owner.post<{ id: string }>('/v1/webhooks', { url: receiver.url });
    expect(hook.httpStatus, JSON.stringify(hook.body)).toBe(200);
    endpointId = hook.body.data?.id ?? '';
    const made = await owner.post<{ id: string }>('/v1/campaign/new', {
      name: 'Silenced',
      data: { start: { date: day(-10) }, end: { date: day(10) }, timezone: 'UTC' },
    });
    campaignId = made.body.data?.id ?? '';
    const live = await publish(owner, campaignId, { name: 'Silenced banner', type: 'Banner' });
    // Made and published ten days ago, as its flight (no delivery counts from when delivery could start).
    await server.db.query("update campaigns set created_at = now() - interval '10 days' where id = $1", [
      campaignId,
    ]);
    await server.db.query(
      "update live_creatives set created_at = now() - interval '10 days' where campaign_id = $1",
      [campaignId],
    );
    // Its last impression three hours ago: "no delivery" (2 hours by default) fires.
    const imported = await admin.post('/v1/events/import', {
      events: [
        { liveID: live, type: 'impression', at: new Date(Date.now() - 3 * HOUR).toISOString(), count: 50 },
      ],
    });
    expect(imported.httpStatus, JSON.stringify(imported.body)).toBe(200);
    const rules = await owner.put('/v1/alerts/rules', {
      campaignID: campaignId,
      settings: {},
      recipients: [alertRecipient],
    });
    expect(rules.httpStatus, JSON.stringify(rules.body)).toBe(200);
    const schedule = await owner.post<{ id: string }>('/v1/campaign/scheduledReport', {
      campaignID: campaignId,
      name: 'Daily numbers',
      frequency: 'Daily',
      reportType: 'Summary',
      format: 'csv',
      timezone: 'UTC',
      recipients: [reportRecipient],
      withVideo: false,
    });
    expect(schedule.httpStatus, JSON.stringify(schedule.body)).toBe(200);
    scheduleId = schedule.body.data?.id ?? '';
    await settled(server);
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  it('attack: a disabled account keeps alerting: the alert mail, webhook and report it had queued are not sent (security round 4, finding 4)', async () => {
    const ctx = server.app.adconsole;
    expect((await evaluateAlerts(ctx)).fired).toBeGreaterThan(0);
    await scheduleDue();
    await reportDeliveryJobs.queueDue?.(ctx);
    expect((await jobsOfOwner('pending')).map((job) => job.kind)).toEqual([
      'alert-mail',
      'report-delivery',
      'webhook',
    ]);
    const addresses = [ownerEmail, alertRecipient, reportRecipient];
    const mailsBefore = await Promise.all(addresses.map((to) => readOutboxTo(server, to)));
    await setDisabled(true);
    await server.app.jobs.runOnce(20);
    await settled(server);
    expect(receiver.received).toHaveLength(0);
    // Nothing since (the owner's verification mail of the sign-up came before).
    expect(await Promise.all(addresses.map((to) => readOutboxTo(server, to)))).toEqual(mailsBefore);
    const done = await jobsOfOwner('done');
    expect(done.map((job) => [job.kind, job.payload.skipped])).toEqual([
      ['alert-mail', 'The account is disabled: nothing is sent.'],
      ['report-delivery', 'The account is disabled: nothing is sent.'],
      ['webhook', 'account disabled'],
    ]);
    // The delivery log says why the message was not sent.
    const [attempt] = await server.db.query<{ error: string }>(
      `select a.error from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id
        where d.endpoint_id = $1`,
      [endpointId],
    );
    expect(attempt?.error).toBe(MESSAGES.webhookAccountDisabled);
  });

  it('a disabled account’s campaigns are not evaluated and its schedules queue nothing (security round 4, finding 4)', async () => {
    const ctx = server.app.adconsole;
    const [before] = await server.db.query<{ status: string }>(
      'select status from alerts where campaign_id = $1',
      [campaignId],
    );
    expect(before?.status).toBe('open');
    // Delivery is back: enabled, the evaluation would close the alert and send its recovery.
    const live = (
      await server.db.query<{ id: string }>('select id from live_creatives where campaign_id = $1', [
        campaignId,
      ])
    )[0]?.id;
    await admin.post('/v1/events/import', {
      events: [{ liveID: live, type: 'impression', at: new Date().toISOString(), count: 50 }],
    });
    const summary = await evaluateAlerts(ctx);
    expect(summary).toMatchObject({ campaigns: 0, fired: 0, recovered: 0 });
    await scheduleDue();
    await server.app.jobs.runOnce(20);
    const [after] = await server.db.query<{ status: string }>(
      'select status from alerts where campaign_id = $1',
      [campaignId],
    );
    expect(after?.status).toBe('open');
    expect(await jobsOfOwner('pending')).toEqual([]);
    // The schedule moved on past the period without queueing it.
    const reports = await server.db.query('select 1 from jobs where key like $1', [`report:${scheduleId}:%`]);
    expect(reports).toHaveLength(1);
    const [schedule] = await server.db.query<{ next_run_at: Date }>(
      'select next_run_at from scheduled_reports where id = $1',
      [scheduleId],
    );
    expect(new Date(schedule?.next_run_at ?? 0).getTime()).toBeGreaterThan(Date.now());
    // Enabled again, it is evaluated again: the alert recovers.
    await setDisabled(false);
    expect((await evaluateAlerts(ctx)).recovered).toBe(1);
  });

  it('admins list, switch off and delete any account’s webhook endpoints, audited, never seeing a secret (security round 4, finding 4)', async () => {
    const listed = await admin.get<Record<string, unknown>[]>(`/v1/users/webhooks?userID=${ownerId}`);
    expect(listed.httpStatus).toBe(200);
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id: endpointId, url: receiver.url, enabled: true }),
    ]);
    expect(listed.body.data?.[0]).not.toHaveProperty('secret');
    const off = await admin.put<{ enabled: boolean }>('/v1/users/webhooks', {
      id: endpointId,
      enabled: false,
    });
    expect(off.httpStatus, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data?.enabled).toBe(false);
    const removed = await admin.delete(`/v1/users/webhooks?id=${endpointId}`);
    expect(removed.httpStatus).toBe(200);
    expect((await admin.get(`/v1/users/webhooks?userID=${ownerId}`)).body.data).toEqual([]);
    const audit = await server.db.query<{
      action: string;
      changes: unknown;
      route: string;
      actor_id: string;
    }>(
      "select action, changes, route, actor_id from audit_log where entity = 'webhook' and entity_id = $1 order by id",
      [endpointId],
    );
    expect(audit.map((entry) => [entry.route, entry.action])).toEqual([
      ['POST /v1/webhooks', 'create'],
      ['PUT /v1/users/webhooks', 'update'],
      ['DELETE /v1/users/webhooks', 'delete'],
    ]);
    expect(audit[1]?.changes).toEqual({ enabled: [true, false] });
    const adminId = (await admin.get<{ user: { id: string } }>('/me')).body.data?.user.id;
    expect(audit.slice(1).map((entry) => entry.actor_id)).toEqual([adminId, adminId]);
    expect((await admin.get(`/v1/users/webhooks?userID=no-such-user`)).httpStatus).toBe(404);
    expect((await admin.delete(`/v1/users/webhooks?id=${endpointId}`)).httpStatus).toBe(404);
  });
});
