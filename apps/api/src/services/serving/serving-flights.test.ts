// Flights at serve time (docs/serving.md, "Flights"): a campaign's start and end dates, read in its timezone (UTC by
// default), decide whether its creatives are served. Before the start and after the end VAST answers
// the empty document and the ad JSON 404 (the runtime collapses the slot), or the platform's fallback
// creative is served; a change of dates is seen at once in this process; an impression minted inside
// the flight keeps counting its later events. The day arithmetic itself (zones, daylight saving, the
// boundaries, on an injected clock) is the domain's rule: packages/domain/src/campaigns/flight.test.ts.
import { servedAdSchema } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startServer, type TestServer } from '../../test/harness';
import { demoAsset, publishedLive, signedInUser, visit } from '../../test/helpers';

const EMPTY = /<VAST version="4.2" xmlns="http:\/\/www.iab.com\/VAST"\/>/;
const PAST = { start: { date: '2020-01-01' }, end: { date: '2020-01-31' } };
const FUTURE = { start: { date: '2099-01-01' }, end: { date: '2099-12-31' } };
/** From last year's first day to the last day five years on: live now, within the longest flight. */
const YEAR = new Date().getUTCFullYear();
const NOW = { start: { date: `${YEAR - 1}-01-01` }, end: { date: `${YEAR + 5}-12-31` } };

describe('flights at serve time', () => {
  let server: TestServer;
  let owner: Client;
  let clip: Buffer;
  let image: Buffer;
  /** The serving origin in the answers swapped for the test server's address. */
  const local = (url: string) => `${server.url}${url.slice(new URL(url).origin.length)}`;

  beforeAll(async () => {
    server = await startServer({ SERVE_RATE_LIMIT: '1000' });
    owner = (await signedInUser(server)).client;
    [clip, image] = await Promise.all([demoAsset('main.mp4'), demoAsset('banner.png')]);
  });
  afterAll(() => server.close());

  /** A campaign with the given flight and a published banner and VAST creative in it. */
  async function campaignWith(data: Record<string, unknown>) {
    const made = await owner.post<{ id: string; data: { timezone?: string } }>('/v1/campaign/new', {
      name: 'Flight',
      data,
    });
    expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data?.id ?? '';
    const banner = await publishedLive(
      owner,
      id,
      { name: 'Banner', type: 'Banner', width: 300, height: 250 },
      [{ name: 'banner.png', bytes: image }],
    );
    const vast = await publishedLive(owner, id, { name: 'Pre-roll', type: 'VAST', width: 640, height: 360 }, [
      { name: 'main.mp4', bytes: clip },
    ]);
    return { id, banner, vast, timezone: made.body.data?.data.timezone };
  }

  const adStatus = async (live: string, query = '') =>
    (await visit(`${server.url}/serve/ad/${live}.json${query}`)).status;
  const vastOf = async (live: string) => (await visit(`${server.url}/serve/vast/${live}.xml`)).text();

  it('serves inside the flight and without dates; a new campaign is in UTC unless it says otherwise', async () => {
    const open = await campaignWith({});
    expect(open.timezone).toBe('UTC');
    expect(await adStatus(open.banner)).toBe(200);
    const running = await campaignWith({ ...NOW, timezone: 'Asia/Tokyo' });
    expect(running.timezone).toBe('Asia/Tokyo');
    expect(await adStatus(running.banner)).toBe(200);
    expect(await vastOf(running.vast)).toContain('<InLine>');
  });

  it('before the start: the ad JSON answers 404 and VAST the empty document', async () => {
    const scheduled = await campaignWith(FUTURE);
    expect(await adStatus(scheduled.banner)).toBe(404);
    expect(await vastOf(scheduled.vast)).toMatch(EMPTY);
  });

  it('after the end: the ad JSON answers 404 and VAST the empty document', async () => {
    const ended = await campaignWith(PAST);
    expect(await adStatus(ended.banner)).toBe(404);
    expect(await vastOf(ended.vast)).toMatch(EMPTY);
  });

  it('out of its flight, a tag with fallback_id is answered with that live creative when it is in its own flight', async () => {
    const ended = await campaignWith(PAST);
    const running = await campaignWith(NOW);
    const response = await visit(`${server.url}/serve/ad/${ended.banner}.json?fallback_id=${running.banner}`);
    expect(response.status).toBe(200);
    expect(servedAdSchema.parse(await response.json()).liveID).toBe(running.banner);
    // A fallback that is itself out of its flight is no answer either; inside its flight the tag's own ad wins.
    expect(await adStatus(ended.banner, `?fallback_id=${ended.vast}`)).toBe(404);
    const own = await visit(`${server.url}/serve/ad/${running.banner}.json?fallback_id=${ended.banner}`);
    expect(servedAdSchema.parse(await own.json()).liveID).toBe(running.banner);
  });

  it('new dates take effect at once (within the live-creative cache), and an impression minted inside the flight keeps counting its later events', async () => {
    const campaign = await campaignWith(NOW);
    const ad = servedAdSchema.parse(
      await (await visit(`${server.url}/serve/ad/${campaign.banner}.json`)).json(),
    );
    const moved = await owner.put('/v1/campaign/update', { id: campaign.id, name: 'Flight', data: PAST });
    expect(moved.httpStatus).toBe(200);
    expect(await adStatus(campaign.banner)).toBe(404);
    expect(await vastOf(campaign.vast)).toMatch(EMPTY);
    // The impression was served while the flight ran: its events still count.
    const visitor = { 'X-Forwarded-For': '10.200.0.1' };
    expect(
      (await visit(local(ad.events.impression ?? ''), { method: 'POST', headers: visitor })).status,
    ).toBe(204);
    expect(
      (await visit(local(ad.events.engagement ?? ''), { method: 'POST', headers: visitor })).status,
    ).toBe(204);
    const totals = await owner.get<{ data: { impressions: number; engagement: number } }>(
      `/v1/campaign/get?campaignID=${campaign.id}`,
    );
    expect(totals.body.data?.data).toMatchObject({ impressions: 1, engagement: 1 });
    const back = await owner.put('/v1/campaign/update', { id: campaign.id, name: 'Flight', data: NOW });
    expect(back.httpStatus).toBe(200);
    expect(await adStatus(campaign.banner)).toBe(200);
  });

  it('refuses a timezone that is not in the list with a 400 naming the field', async () => {
    const answer = await owner.post('/v1/campaign/new', {
      name: 'Flight',
      data: { timezone: 'Mars/Olympus' },
    });
    expect(answer.httpStatus).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('Choose the timezone of the flight dates from the list');
  });
});
