// VAST's <Pricing> (docs/serving.md "Pricing"): a campaign that books a rate says it in every
// VAST and VPAID document of its live creatives, inside <InLine> after the impressions, in the currency's
// own decimals; a CPCV is VAST's CPV. The documents still validate against the IAB's VAST 4.2 schema and
// parse in a player; without a rate there is no <Pricing>; a changed rate shows at once in this process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startServer, type TestServer } from '../../test/harness';
import { demoAsset, publishedLive, signedInUser, visit } from '../../test/helpers';
import { assertValidVast, parseAsPlayer } from '../../test/vast-check';

describe('VAST <Pricing> of the booked rate', () => {
  let server: TestServer;
  let owner: Client;
  let clip: Buffer;
  beforeAll(async () => {
    server = await startServer({ SERVE_RATE_LIMIT: '1000' });
    owner = (await signedInUser(server)).client;
    clip = await demoAsset('main.mp4');
  });
  afterAll(() => server.close());

  const campaignWith = async (data: Record<string, unknown>) => {
    const made = await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Priced', data });
    expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data?.id ?? '';
    const live = await publishedLive(owner, id, { name: 'Pre-roll', type: 'VAST', width: 640, height: 360 }, [
      { name: 'main.mp4', bytes: clip },
    ]);
    return { id, live };
  };
  const vastOf = async (live: string, flavour = 'vast') =>
    (await visit(`${server.url}/serve/${flavour}/${live}.xml`)).text();

  it('<Pricing model="CPM" currency="USD">2.50</Pricing> after the impressions, valid against the IAB schema', async () => {
    const { live } = await campaignWith({ rate: { model: 'CPM', amount: 2.5, currency: 'USD' } });
    for (const flavour of ['vast', 'vpaid']) {
      const xml = await vastOf(live, flavour);
      expect(xml).toContain('<Pricing model="CPM" currency="USD">2.50</Pricing>');
      expect(xml.indexOf('<Pricing')).toBeGreaterThan(xml.lastIndexOf('</Impression>'));
      expect(xml.indexOf('<Pricing')).toBeLessThan(xml.indexOf('<ViewableImpression'));
      await assertValidVast(xml);
      const { response, warnings } = await parseAsPlayer(xml);
      expect(warnings).toEqual([]);
      expect(response.ads[0]?.pricing).toEqual({ value: '2.50', model: 'CPM', currency: 'USD' });
    }
  });

  it("a CPCV is VAST's CPV, a JPY price has no decimals; both valid", async () => {
    const cpcv = await campaignWith({ rate: { model: 'CPCV', amount: 0.05, currency: 'EUR' } });
    const xml = await vastOf(cpcv.live);
    expect(xml).toContain('<Pricing model="CPV" currency="EUR">0.05</Pricing>');
    await assertValidVast(xml);
    const yen = await campaignWith({ rate: { model: 'CPC', amount: 40, currency: 'JPY' } });
    const yenXml = await vastOf(yen.live);
    expect(yenXml).toContain('<Pricing model="CPC" currency="JPY">40</Pricing>');
    await assertValidVast(yenXml);
  });

  it('no rate, no <Pricing>; a new rate shows at once, a cleared one goes', async () => {
    const { id, live } = await campaignWith({});
    expect(await vastOf(live)).not.toContain('<Pricing');
    await owner.put('/v1/campaign/update', {
      id,
      name: 'Priced',
      data: { rate: { model: 'CPM', amount: 3, currency: 'GBP' } },
    });
    expect(await vastOf(live)).toContain('<Pricing model="CPM" currency="GBP">3.00</Pricing>');
    await owner.put('/v1/campaign/update', { id, name: 'Priced', data: { rate: null } });
    expect(await vastOf(live)).not.toContain('<Pricing');
  });
});
