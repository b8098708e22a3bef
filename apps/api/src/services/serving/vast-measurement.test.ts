// VAST measurement as players and verification vendors use it (docs/serving.md): error pings by
// [ERRORCODE], <ViewableImpression>, <AdVerifications> with verificationNotExecuted by [REASON], the
// player's own linear events, <Expires>, <Advertiser>, <UniversalAdId>, skipoffset and [APIFRAMEWORKS]. Every document
// is checked against the IAB 4.2 schema with xmllint and parsed by vast-client with no warning.
import { type ReportData, reportDataSchema } from '@adconsole/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startServer, type TestServer, testStoresLabel } from '../../test/harness';
import { daysAroundToday, demoAsset, publishedLive, signedInUser, visit } from '../../test/helpers';
import { assertValidVast, parseAsPlayer } from '../../test/vast-check';

const VENDOR = {
  vendor: 'verifier.example-omid',
  url: 'https://verifier.example/omid/verify.js',
  parameters: '{"campaign":"spring","slot":"<pre-roll>"}',
};

type Linear = {
  type: string;
  skipDelay: number | null;
  trackingEvents: Record<string, string[]>;
  mediaFiles: { apiFramework: string | null; mimeType: string }[];
  universalAdIds: { idRegistry: string; value: string }[];
};

describe(`VAST measurement on ${testStoresLabel()}`, () => {
  let server: TestServer;
  let owner: Client;
  let clip: Buffer;
  /** The serving origin in the answers swapped for the test server's address. */
  const local = (url: string) => `${server.url}${url.slice(new URL(url).origin.length)}`;

  /** A campaign of its own with one published video creative: its id and the live creative's. */
  const campaign = async (name: string, creative: Record<string, unknown> = {}) => {
    const id = (await owner.post<{ id: string }>('/v1/campaign/new', { name })).body.data?.id ?? '';
    const files = [{ name: 'main.mp4', bytes: clip }];
    if (creative.type === 'VPAID')
      files.push({ name: 'vpaid.js', bytes: Buffer.from('var getVPAIDAd = function () { return {}; };') });
    const live = await publishedLive(
      owner,
      id,
      { name: 'Pre-roll', type: 'VAST', width: 640, height: 360, ...creative },
      files,
    );
    return { id, live };
  };
  const report = async (campaignID: string): Promise<ReportData> => {
    const answer = await owner.get<ReportData>(
      `/v1/campaign/reports?${new URLSearchParams({ campaignID, ...daysAroundToday(), withVideoData: 'true' })}`,
    );
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    return reportDataSchema.parse(answer.body.data);
  };
  /** A document as a player gets it: checked against the schema, parsed with no warning. */
  const vastOf = async (url: string) => {
    const xml = await (await visit(`${server.url}${url}`)).text();
    await assertValidVast(xml);
    const { response, warnings } = await parseAsPlayer(xml);
    expect(warnings).toEqual([]);
    const ad = response.ads[0];
    const linear = ad?.creatives.find((c: { type: string }) => c.type === 'linear') as Linear;
    return { xml, ad, linear };
  };
  /** Fires a URL template as a player would, with its macros expanded. */
  const fire = (template: string, macros: Record<string, string> = {}) => {
    let url = template;
    for (const [name, value] of Object.entries(macros)) url = url.replaceAll(`[${name}]`, value);
    return visit(local(url));
  };

  beforeAll(async () => {
    server = await startServer();
    owner = (await signedInUser(server)).client;
    clip = await demoAsset('main.mp4');
  });
  afterAll(() => server.close());

  describe('errors', () => {
    it('the <Error> URL carries [ERRORCODE], [CACHEBUSTING] and [TIMESTAMP] for the player to expand', async () => {
      const { live } = await campaign('Error macros');
      const { xml, ad } = await vastOf(`/serve/vast/${live}.xml`);
      expect(xml).toMatch(
        /<Error><!\[CDATA\[[^\]]*\/serve\/t\/error\?[^\]]*&code=\[ERRORCODE\]&cb=\[CACHEBUSTING\]&ts=\[TIMESTAMP\]&gdpr_consent=\[GDPRCONSENT\][^<]*\]\]><\/Error>/,
      );
      expect(ad?.errorURLTemplates[0]).toContain('code=[ERRORCODE]');
    });

    it('counts error pings per code, once per impression and code, with no impression needed; a missing or unknown code is 900', async () => {
      const mine = await campaign('Errors');
      const first = await vastOf(`/serve/vast/${mine.live}.xml`);
      const second = await vastOf(`/serve/vast/${mine.live}.xml`);
      const error = (ad: typeof first.ad) => ad?.errorURLTemplates[0] as string;
      // No impression fired: the player could not play the file.
      await fire(error(first.ad), { ERRORCODE: '401', CACHEBUSTING: '1', TIMESTAMP: '2026' });
      await fire(error(first.ad), { ERRORCODE: '401', CACHEBUSTING: '2', TIMESTAMP: '2026' });
      await fire(error(first.ad), { ERRORCODE: '402' });
      await fire(error(second.ad), { ERRORCODE: '401' });
      // Unexpanded, unknown and absent codes: an undefined error, once for the impression.
      await fire(error(second.ad));
      await fire(error(second.ad), { ERRORCODE: '777' });
      await visit(local(error(second.ad).replace(/&code=[^&]*/, '')));
      const figures = await report(mine.id);
      expect(figures.errors).toEqual([
        { code: 401, label: 'File not found: MediaFile URI unreachable', count: 2 },
        { code: 402, label: 'Timeout of the MediaFile URI', count: 1 },
        { code: 900, label: 'Undefined error', count: 1 },
      ]);
      // Errors are not impressions.
      expect(figures.totals.impressions).toBe(0);
    });

    it('CSV and XLSX downloads carry the VAST errors and verifications not executed by code', async () => {
      const mine = await campaign('Error downloads', {
        settings: [{ key: 'verificationVendors', value: [VENDOR] }],
      });
      const { ad } = await vastOf(`/serve/vast/${mine.live}.xml`);
      await fire(ad?.errorURLTemplates[0] as string, { ERRORCODE: '403' });
      await fire(ad?.adVerifications[0].trackingEvents.verificationNotExecuted[0], { REASON: '1' });
      const file = async (type: string) => {
        const answer = await owner.get<{ file: string }>(
          `/v1/campaign/reports?${new URLSearchParams({ campaignID: mine.id, ...daysAroundToday(), type })}`,
        );
        expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
        const response = await fetch(`${server.url}/api/uploads/${answer.body.data?.file}`, {
          headers: { Cookie: owner.cookie ?? '' },
        });
        return Buffer.from(await response.arrayBuffer());
      };
      const csv = (await file('csv')).toString('utf8').trim().split('\r\n');
      expect(csv.slice(-3)).toEqual([
        'Report,Code,Meaning,Count',
        'VAST error,403,No MediaFile the player supports,1',
        'Verification not executed,1,Verification resource rejected,1',
      ]);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await file('xlsx')) as never);
      const sheet = workbook.getWorksheet('VAST errors');
      expect(sheet?.getRow(2).values).toEqual([
        undefined,
        'VAST error',
        403,
        'No MediaFile the player supports',
        1,
      ]);
      expect(sheet?.getRow(3).values).toEqual([
        undefined,
        'Verification not executed',
        1,
        'Verification resource rejected',
        1,
      ]);
    });

    it('a forged error ping (bad signature) is not counted', async () => {
      const mine = await campaign('Forged errors');
      const { ad } = await vastOf(`/serve/vast/${mine.live}.xml`);
      await fire(String(ad?.errorURLTemplates[0]).replace(/s=[^&]+/, 's=forged'), { ERRORCODE: '401' });
      expect((await report(mine.id)).errors).toEqual([]);
    });
  });

  describe('video viewability', () => {
    it('<ViewableImpression> has Viewable, NotViewable and ViewUndetermined URLs; viewability = viewable / measurable (Viewable + NotViewable)', async () => {
      const mine = await campaign('Viewability');
      const answers = ['Viewable', 'NotViewable', 'ViewUndetermined', 'Viewable'] as const;
      for (const answer of answers) {
        const { xml, ad } = await vastOf(`/serve/vast/${mine.live}.xml`);
        const url = new RegExp(`<${answer}><!\\[CDATA\\[([^<]+?)\\]\\]></${answer}>`).exec(xml)?.[1];
        expect(url, answer).toBeDefined();
        await fire(ad?.impressionURLTemplates[0]?.url as string);
        await fire(url as string);
      }
      const { totals } = await report(mine.id);
      expect(totals).toMatchObject({ impressions: 4, viewable: 2, measurable: 3 });
      expect(totals.viewabilityRate).toBeCloseTo((2 / 3) * 100);
    });

    it('a banner keeps the runtime’s MRC rule: every impression is measurable', async () => {
      const id =
        (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Display' })).body.data?.id ?? '';
      const banner = await publishedLive(
        owner,
        id,
        { name: 'Banner', type: 'Banner', width: 300, height: 250 },
        [{ name: 'banner.png', bytes: await demoAsset('banner.png') }],
      );
      for (let i = 0; i < 2; i += 1) {
        const ad = (await (await visit(`${server.url}/serve/ad/${banner}.json`)).json()) as {
          events: Record<string, string>;
        };
        await visit(local(ad.events.impression ?? ''), { method: 'POST' });
        if (i === 0) await visit(local(ad.events.viewable ?? ''), { method: 'POST' });
      }
      const { totals } = await report(id);
      expect(totals).toMatchObject({ impressions: 2, viewable: 1, measurable: 2, viewabilityRate: 50 });
    });
  });

  describe('verification', () => {
    it('carries each verification vendor in <AdVerifications>: vendor key, OM SDK script (apiFramework omid), parameters, and a verificationNotExecuted tracker with [REASON]', async () => {
      const mine = await campaign('Verification', {
        settings: [{ key: 'verificationVendors', value: [VENDOR] }],
      });
      const { xml, ad } = await vastOf(`/serve/vast/${mine.live}.xml`);
      expect(xml).toContain(
        `<Verification vendor="verifier.example-omid"><JavaScriptResource apiFramework="omid" browserOptional="true"><![CDATA[${VENDOR.url}]]></JavaScriptResource>`,
      );
      const [verification] = ad?.adVerifications ?? [];
      expect(verification).toMatchObject({
        vendor: VENDOR.vendor,
        resource: VENDOR.url,
        apiFramework: 'omid',
        parameters: VENDOR.parameters,
      });
      const tracker = verification.trackingEvents.verificationNotExecuted[0] as string;
      expect(tracker).toContain('code=[REASON]');
      // Counted like an error code: by reason, once per impression and reason.
      await fire(tracker, { REASON: '2' });
      await fire(tracker, { REASON: '2' });
      const other = await vastOf(`/serve/vast/${mine.live}.xml`);
      await fire(other.ad?.adVerifications[0].trackingEvents.verificationNotExecuted[0], { REASON: '3' });
      expect((await report(mine.id)).verificationNotExecuted).toEqual([
        { code: 2, label: 'Verification not supported', count: 1 },
        { code: 3, label: 'Error during resource load', count: 1 },
      ]);
    });

    it('a creative without vendors has no <AdVerifications>', async () => {
      const { live } = await campaign('No verification');
      const { xml } = await vastOf(`/serve/vast/${live}.xml`);
      expect(xml).not.toContain('AdVerifications');
    });
  });

  describe('linear events', () => {
    it('counts creativeView, loaded, skip and closeLinear once per impression; otherAdInteraction is an engagement', async () => {
      const mine = await campaign('Linear events');
      const { ad, linear } = await vastOf(`/serve/vast/${mine.live}.xml`);
      const events = linear.trackingEvents;
      await fire(events.loaded?.[0] as string);
      await fire(ad?.impressionURLTemplates[0]?.url as string);
      await fire(events.creativeView?.[0] as string);
      await fire(events.creativeView?.[0] as string);
      await fire(events.start?.[0] as string);
      await fire(events.otherAdInteraction?.[0] as string);
      await fire(events.skip?.[0] as string);
      await fire(events.skip?.[0] as string);
      await fire(events.closeLinear?.[0] as string);
      const { totals } = await report(mine.id);
      expect(totals).toMatchObject({
        impressions: 1,
        loads: 1,
        creativeViews: 1,
        videoStarts: 1,
        engagement: 1,
        skips: 1,
        closes: 1,
      });
    });

    it('puts skipoffset on <Linear> when the creative sets a skip offset, none otherwise', async () => {
      const skippable = await campaign('Skippable', { settings: [{ key: 'skipOffset', value: 5 }] });
      const { xml, linear } = await vastOf(`/serve/vast/${skippable.live}.xml`);
      expect(xml).toContain('<Linear skipoffset="00:00:05.000">');
      expect(linear.skipDelay).toBe(5);
      const plain = await campaign('Not skippable');
      expect((await vastOf(`/serve/vast/${plain.live}.xml`)).xml).toContain('<Linear>');
    });
  });

  describe('<Expires>, <Advertiser>, <UniversalAdId> and [APIFRAMEWORKS]', () => {
    it('<Expires> states how long the signed impression stays countable (48 hours)', async () => {
      const { live } = await campaign('Expires');
      const { xml, ad } = await vastOf(`/serve/vast/${live}.xml`);
      expect(xml).toContain('<Expires>172800</Expires>');
      expect(ad?.expires).toBe(172800);
    });

    it("<UniversalAdId> takes the advertiser's Ad-ID (registry and value) from the settings, else ours", async () => {
      const adId = await campaign('Ad-ID', {
        settings: [{ key: 'universalAdId', value: { registry: 'ad-id.org', value: 'ABCD1234000H' } }],
      });
      expect((await vastOf(`/serve/vast/${adId.live}.xml`)).linear.universalAdIds[0]).toMatchObject({
        idRegistry: 'ad-id.org',
        value: 'ABCD1234000H',
      });
      const ours = await campaign('Our id');
      expect((await vastOf(`/serve/vast/${ours.live}.xml`)).linear.universalAdIds[0]).toMatchObject({
        idRegistry: 'adconsole',
        value: ours.live,
      });
    });

    it("<Advertiser> names the campaign's advertiser when set (escaped, read at serve time), none otherwise", async () => {
      const { id, live } = await campaign('Advertiser');
      expect((await vastOf(`/serve/vast/${live}.xml`)).xml).not.toContain('<Advertiser');
      const named = await owner.put<{ data: { advertiser: string | null } }>('/v1/campaign/update', {
        id,
        name: 'Advertiser',
        data: { advertiser: '  Smith & Sons <Outdoor>  ' },
      });
      expect(named.httpStatus, JSON.stringify(named.body)).toBe(200);
      expect(named.body.data?.data.advertiser).toBe('Smith & Sons <Outdoor>');
      const got = await owner.get<{ data: { advertiser: string | null } }>(
        `/v1/campaign/get?campaignID=${id}`,
      );
      expect(got.body.data?.data.advertiser).toBe('Smith & Sons <Outdoor>');
      // A published creative serves its campaign's advertiser as it is now, not as it was when published.
      const { xml, ad } = await vastOf(`/serve/vast/${live}.xml`);
      expect(xml).toContain('<Advertiser>Smith &amp; Sons &lt;Outdoor&gt;</Advertiser>');
      expect(ad?.advertiser).toMatchObject({ value: 'Smith & Sons <Outdoor>' });
      expect((await vastOf(`/serve/vpaid/${live}.xml`)).xml).toContain('<Advertiser>Smith &amp; Sons');
      // Cleared (an empty text): no <Advertiser> again.
      await owner.put('/v1/campaign/update', { id, name: 'Advertiser', data: { advertiser: '' } });
      expect(
        (await owner.get<{ data: { advertiser: string | null } }>(`/v1/campaign/get?campaignID=${id}`)).body
          .data?.data.advertiser,
      ).toBeNull();
      expect((await vastOf(`/serve/vast/${live}.xml`)).xml).not.toContain('<Advertiser');
    });

    it('a campaign advertiser longer than 200 characters is refused with the field named', async () => {
      const answer = await owner.post('/v1/campaign/new', {
        name: 'Long advertiser',
        data: { advertiser: 'A'.repeat(201) },
      });
      expect(answer.httpStatus).toBe(400);
      expect(answer.body.errors).toContain(
        'data.advertiser: Advertiser is too long (200 characters at most)',
      );
    });

    it('/serve/vpaid/ leaves the VPAID MediaFile out when [APIFRAMEWORKS] lacks 2; the plain video always stays', async () => {
      const { live } = await campaign('VPAID frameworks', { type: 'VPAID' });
      const kinds = async (query: string) =>
        (await vastOf(`/serve/vpaid/${live}.xml${query}`)).linear.mediaFiles.map((file) => file.mimeType);
      expect(await kinds('?apiframeworks=7')).toEqual(['video/mp4']);
      expect(await kinds('?apiframeworks=1,7')).toEqual(['video/mp4']);
      expect(await kinds('?apiframeworks=1,2,7')).toEqual(['application/javascript', 'video/mp4']);
      // Not sent, or left unexpanded: the player was not asked, both stay.
      expect(await kinds('')).toEqual(['application/javascript', 'video/mp4']);
      expect(await kinds('?apiframeworks=%5BAPIFRAMEWORKS%5D')).toEqual([
        'application/javascript',
        'video/mp4',
      ]);
    });
  });
});
