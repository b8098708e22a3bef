// The contract, written once: every route is declared from an entry of the domain's `contract`, every
// operation of the OpenAPI document is called for real and its answer parses with the domain's schema
// (what the console's client reads), and an entity goes back to the server exactly as it came. The call
// made for each operation is in the table of calls, `test/contract-calls.ts`.
import { type CallContract, contract, creativeSchema } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractCalls } from '../test/contract-calls';
import type { ContractWorld } from '../test/contract-calls/world';
import { startServer, testDatabaseKind } from '../test/harness';
import { signedInAdmin } from '../test/helpers';
import { startWebhookReceiver } from '../test/peers';
import { allRoutes } from './index';

type Operation = { operationId: string; responses: Record<string, unknown> };

describe(`the API contract on ${testDatabaseKind()}`, () => {
  const world = { assetID: '', liveID: '' } as ContractWorld;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  beforeAll(async () => {
    // Webhooks go to a receiver of the test's own on loopback, never to another address.
    receiver = await startWebhookReceiver(
      () => 'whsec_unused',
      () => 204,
    );
    world.webhookUrl = new URL(receiver.url).origin;
    world.server = await startServer({
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_ALLOWED_PORTS: receiver.port,
    });
    const { client: admin, email } = await signedInAdmin(world.server);
    world.admin = admin;
    world.adminEmail = email;
    const campaign = await world.admin.post<{ id: string }>('/v1/campaign/new', { name: 'Contract' });
    world.campaignID = campaign.body.data?.id ?? '';
    const creative = await world.admin.post<{ id: string }>('/v1/campaign/creatives', {
      campaignID: world.campaignID,
      name: 'Banner',
      type: 'VAST',
      width: 640,
      height: 360,
      platform: 'the-trade-desk',
      trackers: { click: [{ type: 'redirect', url: 'https://track.example/click' }] },
      settings: [{ key: 'euCreative', value: true }],
    });
    world.creativeID = creative.body.data?.id ?? '';
  });
  afterAll(async () => {
    await world.server?.close();
    await receiver?.close();
  });

  it('declares every route from an entry of the domain contract, each entry once', () => {
    const entries = new Set<CallContract>(Object.values(contract));
    for (const route of allRoutes)
      expect(entries.has(route.call), `${route.call.method} ${route.call.path}`).toBe(true);
    expect(new Set(allRoutes.map((route) => route.call)).size).toBe(allRoutes.length);
    expect(allRoutes).toHaveLength(Object.keys(contract).length);
  });

  /** How to make each documented call succeed; the test fails when an operation has no entry. */
  const calls = contractCalls(world);

  /** The entities of the audit entries a route wrote so far, oldest first. */
  const auditEntriesOf = async (route: string) =>
    (
      await world.server.db.query<{ entity: string }>(
        'select entity from audit_log where route = $1 order by id',
        [route],
      )
    ).map((row) => row.entity);

  it('every call that changes something declares what it records in the audit log', () => {
    for (const route of allRoutes) {
      if (route.call.method === 'GET') expect(route.audit, route.call.path).toBeUndefined();
      else expect(route.audit, `${route.call.method} ${route.call.path} declares audit`).toBeDefined();
    }
  });

  it('calls every operation of the OpenAPI document: each answer parses with the domain schema of its call', async () => {
    const document = (await (await fetch(`${world.server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const byOperation = new Map<string, CallContract>(
      allRoutes.map((route) => [`${route.call.method.toLowerCase()} /api${route.call.path}`, route.call]),
    );
    const checked: string[] = [];
    for (const [pathname, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        // Files and the ad-serving routes are not enveloped calls (tested in assets and serving tests).
        if (pathname === '/api/uploads/{file}' || pathname.startsWith('/serve/')) continue;
        const call = byOperation.get(`${method} ${pathname}`);
        expect(call, `${method} ${pathname} is declared from the contract`).toBeDefined();
        const make = calls[operation.operationId];
        expect(make, `a sample call for ${operation.operationId}`).toBeDefined();
        const route = allRoutes.find((candidate) => candidate.call === call);
        const routeKey = `${call?.method} ${call?.path}`;
        const entriesBefore = await auditEntriesOf(routeKey);
        const answer = await (make as NonNullable<typeof make>)();
        expect(
          answer.httpStatus,
          `${operation.operationId}: ${JSON.stringify(answer.body).slice(0, 300)}`,
        ).toBeLessThan(300);
        // The audit log: an audited call writes exactly one entry, of the entity it declares; others none.
        const written = (await auditEntriesOf(routeKey)).slice(entriesBefore.length);
        const declared = route?.audit;
        expect(
          written,
          `${operation.operationId} writes ${typeof declared === 'string' ? `one ${declared} entry` : 'no entry'}`,
        ).toEqual(typeof declared === 'string' ? [declared] : []);
        const parsed = z.safeParse((call as CallContract).answer, answer.body.data);
        expect(parsed.error, operation.operationId).toBeUndefined();
        for (const [name, schema] of Object.entries((call as CallContract).extras ?? {})) {
          expect(
            z.safeParse(schema, answer.body[name]).error,
            `${operation.operationId}.${name}`,
          ).toBeUndefined();
        }
        checked.push(operation.operationId);
      }
    }
    expect(checked.sort()).toEqual(Object.keys(calls).sort());
    expect(world.assetID).not.toBe('');
    expect(world.liveID).not.toBe('');
  });

  describe('round trip: an entity goes back as it was answered', () => {
    it('GET a campaign, change its name, PUT the whole answer back', async () => {
      const got = await world.admin.get<Record<string, unknown>>(
        `/v1/campaign/get?campaignID=${world.campaignID}`,
      );
      const put = await world.admin.put<{ name: string; data: { impressions: number } }>(
        '/v1/campaign/update',
        {
          ...got.body.data,
          name: 'Renamed by round trip',
          // Server-owned: accepted, never written.
          videoCompletes: 999,
          data: { ...(got.body.data?.data as object), impressions: 123456 },
        },
      );
      expect(put.httpStatus, JSON.stringify(put.body)).toBe(200);
      expect(put.body.data?.name).toBe('Renamed by round trip');
      expect(put.body.data?.data.impressions).toBe(
        (got.body.data?.data as { impressions: number } | undefined)?.impressions,
      );
      const created = await world.admin.post<{ name: string }>('/v1/campaign/new', {
        ...got.body.data,
        id: undefined,
        name: 'Copy of',
      });
      expect(created.httpStatus).toBe(200);
    });

    it('GET a creative, change it, PUT it back; duplicate and publish the creative object as answered', async () => {
      const got = await world.admin.get<Record<string, unknown>>(
        `/v1/campaign/creative?id=${world.creativeID}`,
      );
      expect(creativeSchema.safeParse(got.body.data).success).toBe(true);
      const creative = { ...got.body.data, name: 'Round trip' };
      const put = await world.admin.put<{ name: string }>('/v1/campaign/creatives', creative);
      expect(put.httpStatus, JSON.stringify(put.body)).toBe(200);
      expect(put.body.data?.name).toBe('Round trip');
      const html = await world.admin.put('/v1/campaign/creatives/html', {
        ...put.body.data,
        html: '<p>hi</p>',
      });
      expect(html.httpStatus).toBe(200);
      const duplicate = await world.admin.put<{ name: string }>(
        '/v1/campaign/creatives/duplicate',
        put.body.data,
      );
      expect(duplicate.httpStatus, JSON.stringify(duplicate.body)).toBe(200);
      expect(duplicate.body.data?.name).toBe('Round trip (Copy)');
      const published = await world.admin.post<{ liveCreatives: unknown[] }>(
        '/v1/campaign/creatives/publish',
        put.body.data,
      );
      expect(published.httpStatus, JSON.stringify(published.body)).toBe(200);
    });

    it('still refuses unknown fields', async () => {
      const got = await world.admin.get<Record<string, unknown>>(
        `/v1/campaign/get?campaignID=${world.campaignID}`,
      );
      const put = await world.admin.put('/v1/campaign/update', { ...got.body.data, colour: 'red' });
      expect(put.httpStatus).toBe(400);
      expect(put.body.message).toMatch(/colour/);
      const creative = await world.admin.get<Record<string, unknown>>(
        `/v1/campaign/creative?id=${world.creativeID}`,
      );
      expect(
        (await world.admin.post('/v1/campaign/creatives/publish', { ...creative.body.data, hack: 1 }))
          .httpStatus,
      ).toBe(400);
    });
  });
});
