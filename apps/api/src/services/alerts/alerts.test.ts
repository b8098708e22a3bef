// Alerts end to end on the API (docs/alerts.md) with the clock pinned: events imported
// through the admin's import call (and invalid ones and VAST errors written through the event store, as
// the serving edge does) make each of the seven rules fire exactly once; an open alert stays open and
// silent; it recovers with a notice; the quiet period keeps a recovered alert from firing again for 12
// hours and then it re-arms. Notices reach the owner's mail (the outbox) and a webhook receiver that
// verifies every delivery with the `standardwebhooks` reference library. Two API processes evaluate
// once per period. The campaigns run in Europe/Berlin across the change to summer time (29 March 2026),
// so the usual hour is found a local hour apart in UTC.
import { MESSAGES, tokenLacksScopeMessage, webhookPrivateAddressMessage } from '@adconsole/domain';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAlertEvaluation } from '../../test/alerts';
import {
  type Client,
  type SecondProcess,
  startSecondProcess,
  startServer,
  type TestServer,
  testDatabaseKind,
} from '../../test/harness';
import { readOutboxTo, settled, signedInAdmin, signedInUser, waitForMail } from '../../test/helpers';
import { startWebhookReceiver } from '../../test/peers';
import { publish } from '../../test/reports-world';

const HOUR = 3_600_000;
/** Tuesday 31 March 2026, 14:05 in Berlin (summer time, UTC+2): the last full local hour is 13:00-14:00. */
const T0 = Date.parse('2026-03-31T12:05:00Z');
/** The same local hour (13:00-14:00) on the four Tuesdays before, in winter time (UTC+1): 12:00Z. */
const PAST_TUESDAYS = ['2026-03-03', '2026-03-10', '2026-03-17', '2026-03-24'];

interface AlertAnswer {
  id: string;
  campaignID: string;
  rule: string;
  status: 'open' | 'closed';
  message: string;
  recoveredMessage: string | null;
  value: number | null;
  threshold: number;
  mutedUntil: string | null;
  acknowledgedBy: string | null;
}

describe(`alerts on ${testDatabaseKind()}`, () => {
  let now = T0;
  let server: TestServer;
  let second: SecondProcess;
  let owner: Client;
  let ownerEmail: string;
  let admin: Client;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let secret = '';
  const campaigns: Record<string, { id: string; live: string }> = {};

  const flight = (end = '2026-04-30') => ({
    start: { date: '2026-03-01' },
    end: { date: end },
    timezone: 'Europe/Berlin',
  });

  /** A campaign with one published banner (the alerts read every live creative alike); its id and live creative. */
  async function campaign(name: string, data: Record<string, unknown>) {
    const made = await owner.post<{ id: string }>('/v1/campaign/new', { name, data });
    expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data?.id ?? '';
    const live = await publish(owner, id, { name: `${name} banner`, type: 'Banner' });
    expect(live).not.toBe('');
    return { id, live };
  }

  const impressions = (live: string, at: string, count: number) => ({
    liveID: live,
    type: 'impression',
    at,
    count,
  });

  async function importEvents(events: ReturnType<typeof impressions>[]) {
    const answer = await admin.post('/v1/events/import', { events });
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
  }

  /** One evaluation at the pinned clock (its lease freed first: 15 minutes passed), then its notices sent. */
  async function evaluate(at: number) {
    now = at;
    await runAlertEvaluation(server);
  }

  const alertsOf = async (key: string) =>
    (await owner.get<AlertAnswer[]>(`/v1/alerts?campaignID=${campaigns[key]?.id}`)).body.data
      ?.slice()
      .reverse() ?? [];

  /** The owner's alert mails (not the sign-up's), and one subject's. */
  const subjectsTo = async (address: string) =>
    Promise.all(
      (await readOutboxTo(server, address)).map(
        async (mail) => (await PostalMime.parse(mail.text)).subject ?? '',
      ),
    );
  const alertMails = async (subject = /^(Alert|Recovered): /) =>
    (await subjectsTo(ownerEmail)).filter((line) => subject.test(line));
  /** A mailed link, on the test server (the mails carry the configured public URL). */
  const onServer = (link: string) => {
    const url = new URL(link);
    return new URL(`${url.pathname}${url.search}`, server.url).toString();
  };

  const setRules = async (key: string, settings: Record<string, unknown>, recipients?: string[]) => {
    const answer = await owner.put('/v1/alerts/rules', {
      campaignID: campaigns[key]?.id,
      settings,
      ...(recipients ? { recipients } : {}),
    });
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    return answer;
  };

  beforeAll(async () => {
    receiver = await startWebhookReceiver(
      () => secret,
      () => 204,
    );
    server = await startServer(
      { JOB_POLL_SECONDS: '0', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_ALLOWED_PORTS: receiver.port },
      { clock: () => now },
    );
    ({ client: owner, email: ownerEmail } = await signedInUser(server));
    ({ client: admin } = await signedInAdmin(server));
    const hook = await owner.post<{ secret: string }>('/v1/webhooks', {
      url: receiver.url,
      description: 'Ops pager',
    });
    expect(hook.httpStatus, JSON.stringify(hook.body)).toBe(200);
    secret = hook.body.data?.secret ?? '';
    expect(secret).toMatch(/^whsec_/);

    const goal = { metric: 'impressions', amount: 1_000_000 };
    campaigns.drop = await campaign('Drop', flight());
    campaigns.holds = await campaign('Holds', flight());
    campaigns.floor = await campaign('Floor', flight());
    campaigns.spike = await campaign('Spike', flight());
    campaigns.silent = await campaign('Silent', flight());
    campaigns.invalid = await campaign('Invalid', flight());
    campaigns.vast = await campaign('VAST', flight());
    campaigns.pacing = await campaign('Pacing', { ...flight(), goal });
    campaigns.ending = await campaign('Ending', { ...flight('2026-04-02'), goal });
    const live = (key: string) => campaigns[key]?.live ?? '';
    // Made and published before their history began, as the imported events say ("no delivery" counts
    // from the later of the flight's start, the campaign's creation and its first live creative).
    const ids = Object.values(campaigns).map((entry) => entry?.id);
    await server.db.query(
      "update campaigns set created_at = '2026-02-20T00:00:00Z' where id = any($1::text[])",
      [ids],
    );
    await server.db.query(
      "update live_creatives set created_at = '2026-02-20T00:00:00Z' where campaign_id = any($1::text[])",
      [ids],
    );

    // Usual hour 1,000 on every past Tuesday 13:00-14:00 local (12:10Z in winter time).
    const usual = (key: string, count = 1_000) =>
      PAST_TUESDAYS.map((day) => impressions(live(key), `${day}T12:10:00Z`, count));
    await importEvents([
      // 400 against 1,000: 40 % of the usual hour, a 60 % drop (under 50 %): fires.
      ...usual('drop'),
      impressions(live('drop'), '2026-03-31T11:10:00Z', 400),
      // 600 against 1,000: a 40 % drop (60 % of the usual hour): holds.
      ...usual('holds'),
      impressions(live('holds'), '2026-03-31T11:10:00Z', 600),
      // A usual hour of 90 (under the floor of 100): nothing at all this hour is not judged.
      ...usual('floor', 90),
      // 3,500 against 1,000: 3.5 times the usual hour (over 3): fires.
      ...usual('spike'),
      impressions(live('spike'), '2026-03-31T11:10:00Z', 3_500),
      // The last impression at 09:50Z (its bucket ends 10:00Z): 2 h 5 min without one at 12:05Z.
      impressions(live('silent'), '2026-03-31T09:50:00Z', 1_000),
      impressions(live('invalid'), '2026-03-31T11:20:00Z', 1_000),
      impressions(live('vast'), '2026-03-31T11:20:00Z', 1_000),
      impressions(live('pacing'), '2026-03-31T11:20:00Z', 1_000),
      impressions(live('ending'), '2026-03-31T11:20:00Z', 1_000),
    ]);
    // 200 invalid ad requests beside 1,000 valid: 200 / 1,200 = 16.7 % (over 10 %). 80 + 20 VAST error
    // pings for 1,000 impressions: 10 % (over 5 %), most of them 405.
    await server.app.adconsole.events.store.writeBatch([
      {
        liveId: live('invalid'),
        type: 'impression',
        at: new Date('2026-03-31T11:25:00Z'),
        count: 200,
        impressionId: null,
        reason: 'bot',
      },
      {
        liveId: live('vast'),
        type: 'error:405',
        at: new Date('2026-03-31T11:25:00Z'),
        count: 80,
        impressionId: null,
      },
      {
        liveId: live('vast'),
        type: 'error:402',
        at: new Date('2026-03-31T11:25:00Z'),
        count: 20,
        impressionId: null,
      },
    ]);
    // Each campaign watches the rule it is about; the others that its figures would also break are off.
    await setRules('floor', { 'no-delivery': { enabled: false } });
    await setRules('drop', { 'no-delivery': { enabled: false } });
    await setRules('spike', { 'no-delivery': { enabled: false } });
    await setRules('ending', { 'pacing-behind': { enabled: false } });
  });
  afterAll(async () => {
    await second?.close();
    await server?.close();
    await receiver?.close();
  });

  it('imported events make each rule fire exactly once, with its measured value against its line', async () => {
    await evaluate(T0);
    const fired = async (key: string) => (await alertsOf(key)).map((alert) => alert.rule);
    expect(await fired('drop')).toEqual(['delivery-drop']);
    expect(await fired('holds')).toEqual([]);
    expect(await fired('floor')).toEqual([]);
    expect(await fired('spike')).toEqual(['delivery-spike']);
    expect(await fired('silent')).toEqual(['no-delivery']);
    expect(await fired('invalid')).toEqual(['invalid-traffic']);
    expect(await fired('vast')).toEqual(['vast-errors']);
    expect(await fired('pacing')).toEqual(['pacing-behind']);
    expect(await fired('ending')).toEqual(['flight-ending']);

    const [drop] = await alertsOf('drop');
    expect(drop).toMatchObject({ status: 'open', value: 400, threshold: 500 });
    expect(drop?.message).toContain('40 % of the usual 1,000');
    const [spike] = await alertsOf('spike');
    expect(spike).toMatchObject({ value: 3_500, threshold: 3_000 });
    const [silent] = await alertsOf('silent');
    expect(silent?.value).toBeCloseTo(125 / 60, 10);
    const [invalid] = await alertsOf('invalid');
    expect(invalid?.value).toBeCloseTo((200 / 1_200) * 100, 10);
    const [vast] = await alertsOf('vast');
    expect(vast?.value).toBeCloseTo(10, 10);
    expect(vast?.message).toContain('most were error 405');
    const [ending] = await alertsOf('ending');
    // The flight ends at the end of 2 April in Berlin (22:00Z): 2 days 9 h 55 min after 12:05Z on 31 March.
    expect(ending?.value).toBeCloseTo((2 * 24 + 9 + 55 / 60) / 24, 10);
  });

  it('each notice reached the owner by mail and the webhook receiver, verified by the reference library', async () => {
    expect(await alertMails()).toHaveLength(7);
    expect((await alertMails()).every((subject) => subject.startsWith('Alert: '))).toBe(true);
    expect(await alertMails()).toContain('Alert: Delivery drop on "Drop"');
    const drop = await waitForMail(server, ownerEmail, 1);
    expect(drop.text).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    const fired = receiver.received.filter(
      (delivery) => (delivery.verified as { type?: string }).type === 'alert.fired',
    );
    expect(receiver.received).toHaveLength(7);
    expect(fired).toHaveLength(7);
    const rules = fired.map(
      (delivery) => (delivery.verified as { data: { alert: { rule: string } } }).data.alert.rule,
    );
    expect(rules.sort()).toEqual([
      'delivery-drop',
      'delivery-spike',
      'flight-ending',
      'invalid-traffic',
      'no-delivery',
      'pacing-behind',
      'vast-errors',
    ]);
  });

  it('an open alert stays open and silent while its rule holds', async () => {
    await evaluate(T0 + 15 * 60_000);
    for (const key of ['drop', 'spike', 'silent', 'invalid', 'vast', 'pacing', 'ending']) {
      const alerts = await alertsOf(key);
      expect(alerts, key).toHaveLength(1);
      expect(alerts[0]?.status, key).toBe('open');
    }
    expect(await alertMails()).toHaveLength(7);
    expect(receiver.received).toHaveLength(7);
  });

  it('rules: thresholds out of range are refused with their sentence; the account default applies where a campaign sets nothing', async () => {
    const bad = await owner.put<unknown>('/v1/alerts/rules', {
      campaignID: campaigns.holds?.id,
      settings: { 'delivery-drop': { percent: 120 } },
    });
    expect(bad.httpStatus).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('The delivery drop threshold must be a number from 1 to 99');
    const account = await owner.put<{ effective: { 'delivery-drop': { percent: number } } }>(
      '/v1/alerts/rules',
      {
        settings: { 'delivery-drop': { percent: 70 } },
      },
    );
    expect(account.httpStatus).toBe(200);
    const holds = await owner.get<{
      effective: { 'delivery-drop': { percent: number }; quietHours: number };
      campaign: unknown;
    }>(`/v1/alerts/rules?campaignID=${campaigns.holds?.id}`);
    expect(holds.body.data?.effective['delivery-drop'].percent).toBe(70);
    expect(holds.body.data?.effective.quietHours).toBe(12);
    expect(holds.body.data?.campaign).toEqual({});
    // 600 against 1,000 at 13:00-14:00 (the past Tuesdays): under 70 % now: the "holds" campaign fires.
    await evaluate(T0 + 30 * 60_000);
    expect((await alertsOf('holds')).map((alert) => alert.rule)).toEqual(['delivery-drop']);
  });

  it('acknowledging and the bell: an acknowledged alert is still open; a closed one cannot be acknowledged', async () => {
    const [drop] = await alertsOf('drop');
    const acknowledged = await owner.post<AlertAnswer>('/v1/alerts/acknowledge', { id: drop?.id });
    expect(acknowledged.httpStatus).toBe(200);
    // At the context's clock, as everything else of an alert.
    expect(acknowledged.body.data).toMatchObject({
      status: 'open',
      acknowledgedBy: ownerEmail,
      acknowledgedAt: new Date(now).toISOString(),
    });
    const open = await owner.get<AlertAnswer[]>('/v1/alerts?status=open');
    expect(open.body.data).toHaveLength(8);
    // Another account sees none of them, and cannot touch them.
    const { client: stranger } = await signedInUser(server);
    expect((await stranger.get<AlertAnswer[]>('/v1/alerts')).body.data).toEqual([]);
    expect((await stranger.post('/v1/alerts/acknowledge', { id: drop?.id })).httpStatus).toBe(404);
  });

  it('API tokens: reports:read lists alerts and rules; changing them needs the session; campaigns:read reads none', async () => {
    const token = async (scopes: string[]) => {
      const made = await owner.post<{ secret: string }>('/v1/tokens', { name: 'Monitoring', scopes });
      expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
      return made.body.data?.secret ?? '';
    };
    /**
     * A call as another product makes it: the token, no cookie; with the console's header too, so a
     * refusal is the token's, not the CSRF check's.
     */
    const call = async (secret: string, method: string, pathname: string, body?: unknown) => {
      const response = await fetch(`${server.url}/api${pathname}`, {
        method,
        headers: {
          Authorization: `Bearer ${secret}`,
          'X-Requested-With': 'adconsole',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return {
        status: response.status,
        body: (await response.json()) as { data?: unknown; message?: string },
      };
    };
    const reader = await token(['reports:read']);
    const listed = await call(reader, 'GET', `/v1/alerts?campaignID=${campaigns.drop?.id}`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.data).toEqual(
      (await owner.get(`/v1/alerts?campaignID=${campaigns.drop?.id}`)).body.data,
    );
    const rules = await call(reader, 'GET', `/v1/alerts/rules?campaignID=${campaigns.drop?.id}`);
    expect(rules.status, JSON.stringify(rules.body)).toBe(200);
    expect(rules.body.data).toMatchObject({ campaignID: campaigns.drop?.id, ownerEmail });
    const [drop] = await alertsOf('drop');
    for (const [method, pathname, body] of [
      ['POST', '/v1/alerts/acknowledge', { id: drop?.id }],
      ['POST', '/v1/alerts/mute', { id: drop?.id, hours: 24 }],
      ['PUT', '/v1/alerts/rules', { settings: {} }],
      ['GET', '/v1/webhooks', undefined],
      ['POST', '/v1/webhooks/test', { id: 'any' }],
    ] as const) {
      const refused = await call(reader, method, pathname, body);
      expect(refused.status, `${method} ${pathname}`).toBe(403);
      expect(refused.body.message).toBe(MESSAGES.tokenNotAccepted);
    }
    const campaignsOnly = await token(['campaigns:read']);
    const refused = await call(campaignsOnly, 'GET', '/v1/alerts');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(tokenLacksScopeMessage('reports:read'));
  });

  it('the alert recovers with one notice when its rule clears', async () => {
    // 15:05 in Berlin: the last full hour (14:00-15:00) has no usual count to judge by.
    await evaluate(T0 + HOUR);
    const [drop] = await alertsOf('drop');
    expect(drop?.status).toBe('closed');
    expect(drop?.recoveredMessage).toMatch(/^Not checked/);
    expect((await owner.post('/v1/alerts/acknowledge', { id: drop?.id })).httpStatus).toBe(409);
    for (const key of ['spike', 'invalid', 'vast', 'holds'])
      expect((await alertsOf(key))[0]?.status, key).toBe('closed');
    for (const key of ['silent', 'pacing', 'ending'])
      expect((await alertsOf(key))[0]?.status, key).toBe('open');
    const recovered = await alertMails(/^Recovered: /);
    expect(recovered).toHaveLength(5);
    expect(
      receiver.received.filter(
        (delivery) => (delivery.verified as { type?: string }).type === 'alert.recovered',
      ),
    ).toHaveLength(5);
  });

  it('a recovered alert stays quiet for 12 hours, then re-arms', async () => {
    const count = async () => (await alertsOf('drop')).length;
    // 16:05 Berlin: the hour 15:00-16:00 against 1,000 on the past Tuesdays' 15:00-16:00 (14:10Z), and
    // none now: the rule fires, an hour after the alert closed: quiet.
    await importEvents(
      PAST_TUESDAYS.map((day) => impressions(campaigns.drop?.live ?? '', `${day}T14:10:00Z`, 1_000)),
    );
    await evaluate(T0 + 2 * HOUR);
    expect(await count()).toBe(1);
    // 03:05 Berlin on Wednesday, 12 hours after it closed (13:05Z): the hour 02:00-03:00 against the past
    // Wednesdays' (01:10Z in winter time), nothing now: it fires again.
    await importEvents(
      ['2026-03-04', '2026-03-11', '2026-03-18', '2026-03-25'].map((day) =>
        impressions(campaigns.drop?.live ?? '', `${day}T01:10:00Z`, 1_000),
      ),
    );
    await evaluate(T0 + 13 * HOUR);
    const alerts = await alertsOf('drop');
    expect(alerts.map((alert) => alert.status)).toEqual(['closed', 'open']);
    expect(alerts[1]?.message).toContain('Impressions dropped to 0');
  });

  it('a muted alert sends nothing, and neither does the same rule firing again while the mute lasts', async () => {
    const [, open] = await alertsOf('drop');
    const mailsBefore = (await alertMails()).length;
    const muted = await owner.post<AlertAnswer>('/v1/alerts/mute', { id: open?.id, hours: 48 });
    expect(muted.httpStatus, JSON.stringify(muted.body)).toBe(200);
    expect(muted.body.data?.mutedUntil).toBe(new Date(T0 + 13 * HOUR + 48 * HOUR).toISOString());
    // 04:05 Berlin: nothing to compare the hour with: it recovers, silently.
    await evaluate(T0 + 14 * HOUR);
    expect((await alertsOf('drop')).map((alert) => alert.status)).toEqual(['closed', 'closed']);
    expect(await alertMails()).toHaveLength(mailsBefore);
    const refused = await owner.post('/v1/alerts/mute', { id: open?.id, hours: 721 });
    expect(refused.httpStatus).toBe(400);
  });

  it('outside recipients get the opt-in first and alert mails only once they confirm; each mail can unsubscribe', async () => {
    const outside = 'ops@partner.example';
    const set = await setRules('spike', { 'no-delivery': { enabled: false } }, [outside]);
    expect(JSON.stringify(set.body)).toContain('"state":"awaiting"');
    await settled(server);
    const optIn = await waitForMail(server, outside);
    expect(optIn.text).toContain('Confirm campaign alert mails from Adconsole');
    expect(optIn.text).toContain('"Spike"');
    const confirm = optIn.links.find((link) => link.includes('/api/reportMail/confirm'));
    expect(confirm).toBeDefined();
    const page = await fetch(onServer(confirm as string), { method: 'POST' });
    expect(await page.text()).toContain('will receive this campaign&#39;s alerts');
    // The spike fires again once its quiet period is over (a new spike on Wednesday 03:00-04:00 Berlin).
    await importEvents([
      ...['2026-03-04', '2026-03-11', '2026-03-18', '2026-03-25'].map((day) =>
        impressions(campaigns.spike?.live ?? '', `${day}T02:10:00Z`, 1_000),
      ),
      impressions(campaigns.spike?.live ?? '', '2026-04-01T01:10:00Z', 5_000),
    ]);
    await evaluate(T0 + 14 * HOUR);
    const alert = await waitForMail(server, outside, 1);
    expect(await subjectsTo(outside)).toEqual([
      'Confirm campaign alert mails from Adconsole',
      'Alert: Delivery spike on "Spike"',
    ]);
    expect(alert.text).toContain('Impressions spiked to 5,000');
    const unsubscribe = alert.links.find((link) => link.includes('/api/reportMail/unsubscribe'));
    expect(unsubscribe).toBeDefined();
    expect((await fetch(onServer(unsubscribe as string), { method: 'POST' })).status).toBe(200);
    const rules = await owner.get(`/v1/alerts/rules?campaignID=${campaigns.spike?.id}`);
    expect(JSON.stringify(rules.body)).toContain('"state":"unsubscribed"');
  });

  it('two API processes evaluate once per period', async () => {
    second = await startSecondProcess(
      server,
      { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_ALLOWED_PORTS: receiver.port },
      { clock: () => now },
    );
    const runs = async () =>
      (await server.db.query<{ count: number }>('select count(*)::int as count from alert_evaluations'))[0]
        ?.count ?? 0;
    const before = await runs();
    await server.db.query("delete from job_leases where name = 'alert-evaluation'");
    now = T0 + 15 * HOUR;
    await Promise.all([server.app.jobs.runOnce(), second.app.jobs.runOnce(), server.app.jobs.runOnce()]);
    expect(await runs()).toBe(before + 1);
    await Promise.all([server.app.jobs.runOnce(), second.app.jobs.runOnce()]);
    expect(await runs()).toBe(before + 1);
  });

  it('an archived campaign judges nothing: its open alerts close with nothing sent, and no rule fires on it', async () => {
    // Still behind its goal and without an impression since 31 March: both rules hold.
    const open = (await alertsOf('pacing')).filter((alert) => alert.status === 'open');
    expect(open.map((alert) => alert.rule).sort()).toEqual(['no-delivery', 'pacing-behind']);
    const mails = (await alertMails()).length;
    const deliveries = receiver.received.length;
    const archived = await owner.post('/v1/campaign/archive', { campaignID: campaigns.pacing?.id });
    expect(archived.httpStatus, JSON.stringify(archived.body)).toBe(200);
    await evaluate(T0 + 16 * HOUR);
    const after = await alertsOf('pacing');
    expect(after).toHaveLength(open.length);
    for (const alert of after) expect(alert.status, alert.rule).toBe('closed');
    for (const alert of open)
      expect(after.find((candidate) => candidate.id === alert.id)?.recoveredMessage).toBe(
        'Closed: the campaign was archived.',
      );
    expect(await alertMails()).toHaveLength(mails);
    expect(receiver.received).toHaveLength(deliveries);
    // Closed, it is no longer watched: nothing opens on it later either.
    await evaluate(T0 + 17 * HOUR);
    expect(await alertsOf('pacing')).toHaveLength(open.length);
  });

  it('a paused campaign judges nothing: its open alerts close with nothing sent ("Closed: the campaign was paused.")', async () => {
    const keys = Object.keys(campaigns).filter((key) => key !== 'pacing');
    const withOpen = await Promise.all(
      keys.map(async (key) => ((await alertsOf(key)).some((alert) => alert.status === 'open') ? key : '')),
    );
    const key = withOpen.find(Boolean) ?? '';
    const open = (await alertsOf(key)).filter((alert) => alert.status === 'open');
    expect(open.length).toBeGreaterThan(0);
    const [mails, campaignID] = [(await alertMails()).length, campaigns[key]?.id];
    expect((await owner.post('/v1/campaign/pause', { campaignID })).httpStatus).toBe(200);
    await evaluate(T0 + 18 * HOUR);
    const after = await alertsOf(key);
    for (const alert of open)
      expect(after.find((candidate) => candidate.id === alert.id)).toMatchObject({
        status: 'closed',
        recoveredMessage: MESSAGES.alertClosedCampaignPaused,
      });
    expect(await alertMails()).toHaveLength(mails);
    expect((await owner.post('/v1/campaign/resume', { campaignID })).httpStatus).toBe(200);
  });
});

describe(`webhook endpoints on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let owner: Client;
  beforeAll(async () => {
    server = await startServer({
      JOB_POLL_SECONDS: '0',
      WEBHOOK_ALLOWED_HOSTS: 'hooks.internal',
      WEBHOOK_ALLOWED_PORTS: '443,8000-8099',
    });
    ({ client: owner } = await signedInUser(server));
  });
  afterAll(() => server?.close());

  it('a refusal names WEBHOOK_ALLOWED_HOSTS and how to try a receiver; admins read the allowed hosts and ports, users cannot', async () => {
    const refused = await owner.post('/v1/webhooks', { url: 'http://10.0.0.5/hook' });
    expect(refused.body.message).toBe(webhookPrivateAddressMessage('10.0.0.5'));
    expect(refused.body.message).toContain('WEBHOOK_ALLOWED_HOSTS');
    expect(refused.body.message).toContain('Send a test');
    expect((await owner.get('/v1/webhooks/allowed')).httpStatus).toBe(403);
    const { client: admin } = await signedInAdmin(server);
    const rules = await admin.get('/v1/webhooks/allowed');
    expect(rules.body.data).toEqual({
      hosts: ['hooks.internal'],
      ports: [
        { from: 443, to: 443 },
        { from: 8000, to: 8099 },
      ],
    });
  });

  it('refuses loopback, link-local (cloud metadata) and private destinations', async () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://169.254.169.254/',
      'http://10.0.0.5/hook',
      'http://localhost:8080/',
    ]) {
      const answer = await owner.post('/v1/webhooks', { url });
      expect(answer.httpStatus, url).toBe(400);
      expect(answer.body.message, url).toMatch(/private, loopback or link-local/);
    }
    expect((await owner.post('/v1/webhooks', { url: 'ftp://example.com/' })).httpStatus).toBe(400);
    expect((await owner.get<unknown[]>('/v1/webhooks')).body.data).toEqual([]);
  });

  it('shows the secret once, rotates it, and never lists it', async () => {
    // An allowed internal host of this server's config: saved, never dialled (no job runs here).
    const made = await owner.post<{ id: string; secret: string }>('/v1/webhooks', {
      url: 'https://hooks.internal/hooks',
    });
    expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
    const listed = await owner.get<Record<string, unknown>[]>('/v1/webhooks');
    expect(listed.body.data?.[0]).not.toHaveProperty('secret');
    const rotated = await owner.post<{ secret: string; secretRotatedAt: string }>('/v1/webhooks/rotate', {
      id: made.body.data?.id,
    });
    expect(rotated.body.data?.secret).toMatch(/^whsec_/);
    expect(rotated.body.data?.secret).not.toBe(made.body.data?.secret);
    const [entry] = await server.db.query<{ changes: Record<string, unknown> }>(
      "select changes from audit_log where entity = 'webhook' and route like 'POST /v1/webhooks/rotate' ",
    );
    expect(JSON.stringify(entry?.changes)).not.toContain('whsec_');
    const { client: stranger } = await signedInUser(server);
    expect((await stranger.post('/v1/webhooks/rotate', { id: made.body.data?.id })).httpStatus).toBe(404);
  });
});
