// Bulk upload of creatives (docs/product.md §7, "Bulk upload"; docs/security.md, "Bulk upload"), over HTTP.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { type BulkUploadAnswer, MAX_BULK_FILES, MESSAGES } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startServer, type TestServer, testDatabaseKind } from '../../test/harness';
import { signedInUser } from '../../test/helpers';
import { deflatedZeros, testZip } from '../../test/zip';

/** A real PNG (one colour, RGB) of width x height: signature, IHDR, deflated IDAT, IEND. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8);
  ihdr.writeUInt8(2, 9);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x7f)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An HTML5 ad's ZIP declaring its size with the IAB's ad.size meta. */
const html5 = (width: number, height: number, folder = '') =>
  testZip([
    {
      name: `${folder}index.html`,
      data: Buffer.from(
        `<!doctype html><meta name="ad.size" content="width=${width},height=${height}"><a id="c">Ad</a>`,
      ),
    },
    { name: `${folder}main.js`, data: Buffer.from('document.getElementById("c").href = "#";') },
  ]);

/** Twelve IAB sizes, each an image of the batch. */
const IAB_SIZES: [number, number][] = [
  [300, 250],
  [728, 90],
  [160, 600],
  [300, 600],
  [320, 50],
  [970, 250],
  [336, 280],
  [468, 60],
  [120, 600],
  [250, 250],
  [970, 90],
  [320, 100],
];
const images = () => IAB_SIZES.map(([w, h]) => ({ name: `spring/sale-${w}x${h}.png`, data: png(w, h) }));

describe(`bulk upload of creatives on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let owner: Client;
  let other: Client;
  let campaignID: string;

  beforeAll(async () => {
    server = await startServer();
    owner = (await signedInUser(server)).client;
    other = (await signedInUser(server)).client;
    campaignID = (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Bulk' })).body.data?.id ?? '';
  });
  afterAll(() => server.close());

  const form = (files: { name: string; bytes: Buffer }[], campaign = campaignID) => {
    const body = new FormData();
    body.append('campaignID', campaign);
    for (const file of files) body.append('files[]', new Blob([new Uint8Array(file.bytes)]), file.name);
    return body;
  };
  const bulk = (client: Client, files: { name: string; bytes: Buffer }[], campaign = campaignID) =>
    client.post<BulkUploadAnswer>('/v1/creative/bulk', form(files, campaign));
  const creativeCount = async () =>
    (await owner.get<unknown[]>(`/v1/campaign/creatives?campaignID=${campaignID}`)).body.data?.length ?? 0;
  /** The stored objects (assets, their unpacked files, a batch ZIP's scratch copy) on the disk store. */
  const storedObjects = async () => {
    const root = path.join(server.dataDir, 'files');
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.filter((entry) => entry.isFile()).length;
  };

  it('a ZIP of 12 images and 2 HTML5 ads makes 14 creatives of the right sizes and names, with an audit entry each', async () => {
    const batch = testZip([
      ...images(),
      { name: 'spring/leaderboard-html5.zip', data: html5(728, 90) },
      { name: 'spring/mpu-html5.zip', data: html5(300, 250, 'mpu/') },
      { name: '__MACOSX/spring/._sale-300x250.png', data: Buffer.from('resource fork') },
      { name: 'spring/readme.txt', data: Buffer.from('Sizes as named.') },
    ]);
    const answer = await bulk(owner, [{ name: 'spring.zip', bytes: batch }]);
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    const { made, refused } = answer.body.data as BulkUploadAnswer;
    expect(made).toHaveLength(14);
    expect(made.slice(0, 12).map((c) => [c.name, c.type, c.width, c.height])).toEqual(
      IAB_SIZES.map(([w, h]) => [`sale-${w}x${h}`, 'Banner', w, h]),
    );
    expect(made.slice(12).map((c) => [c.name, c.kind, c.width, c.height])).toEqual([
      ['leaderboard-html5', 'html5', 728, 90],
      ['mpu-html5', 'html5', 300, 250],
    ]);
    // The text file is not a creative: refused with the reason; the packer's own file is skipped.
    expect(refused).toEqual([{ file: 'readme.txt', reason: expect.stringContaining('Not an image') }]);
    const listed = await owner.get<{ id: string; name: string; width: number; assets: unknown[] }[]>(
      `/v1/campaign/creatives?campaignID=${campaignID}`,
    );
    const byName = new Map((listed.body.data ?? []).map((c) => [c.name, c]));
    expect(byName.get('sale-160x600')?.width).toBe(160);
    expect(byName.get('mpu-html5')?.assets).toHaveLength(1);
    const audited = await server.db.query<{ n: number }>(
      "select count(*)::int as n from audit_log where route = 'POST /v1/creative/bulk' and entity = 'creative'",
    );
    expect(audited[0]?.n).toBe(14);
  });

  it('one corrupt file anywhere makes nothing, says which, and leaves no stored object behind', async () => {
    const creatives = await creativeCount();
    const objects = await storedObjects();
    expect(objects).toBeGreaterThan(14);
    const corrupt = Buffer.concat([
      png(300, 250).subarray(0, 8),
      Buffer.from('no IHDR chunk, not a PNG at all'),
    ]);
    const batch = testZip([...images(), { name: 'spring/broken.png', data: corrupt }]);
    const answer = await bulk(owner, [{ name: 'spring.zip', bytes: batch }]);
    expect(answer.httpStatus).toBe(415);
    expect(answer.body.message).toBe('Nothing was made. broken.png: the image cannot be read.');
    expect(await creativeCount()).toBe(creatives);
    expect(await storedObjects()).toBe(objects);
  });

  it('many files sent directly (not zipped) make one creative each, a video and an HTML5 ad among them', async () => {
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64)]);
    const answer = await bulk(owner, [
      { name: 'Summer 300x250.png', bytes: png(300, 250) },
      { name: 'skyscraper.png', bytes: png(160, 600) },
      { name: 'teaser.mp4', bytes: mp4 },
      { name: 'billboard.zip', bytes: html5(970, 250) },
      { name: 'tracker.js', bytes: Buffer.from('var vpaid = 1;') },
    ]);
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    const { made, refused } = answer.body.data as BulkUploadAnswer;
    expect(made.map((c) => [c.name, c.type, c.width, c.height])).toEqual([
      ['Summer 300x250', 'Banner', 300, 250],
      ['skyscraper', 'Banner', 160, 600],
      ['teaser', 'VAST', 640, 360],
      ['billboard', 'Banner', 970, 250],
    ]);
    expect(refused.map((r) => r.file)).toEqual(['tracker.js']);
  });

  it('an HTML5 ad without its ad.size meta makes nothing, and says so', async () => {
    const bare = testZip([{ name: 'index.html', data: Buffer.from('<!doctype html><p>Ad</p>') }]);
    const answer = await bulk(owner, [
      { name: 'ok.png', bytes: png(300, 250) },
      { name: 'bare.zip', bytes: bare },
    ]);
    expect(answer.httpStatus).toBe(415);
    expect(answer.body.message).toMatch(
      /^Nothing was made\. bare\.zip: the HTML5 ad does not declare its size/,
    );
  });

  it('limits: more than 50 files, a batch ZIP unpacking past 200 MB and an unsafe entry are refused with a sentence', async () => {
    const creatives = await creativeCount();
    const many = Array.from({ length: MAX_BULK_FILES + 1 }, (_, i) => ({
      name: `a${i}.png`,
      data: png(1, 1),
    }));
    const tooMany = await bulk(owner, [{ name: 'many.zip', bytes: testZip(many) }]);
    expect(tooMany.httpStatus).toBe(413);
    expect(tooMany.body.message).toBe(
      'Nothing was made. The batch holds 51 files: at most 50 files are uploaded at once. Split it into smaller batches.',
    );
    // Sized from the directory before a byte is inflated: a bomb of 201 MB of zeros is never expanded.
    const bomb = testZip([{ name: 'bomb.png', deflated: await deflatedZeros(201) }]);
    const bombed = await bulk(owner, [{ name: 'bomb.zip', bytes: bomb }]);
    expect(bombed.httpStatus).toBe(415);
    expect(bombed.body.message).toContain('its files take more than 200 MB unpacked');
    const traversal = testZip([{ name: '../escape.png', data: png(1, 1) }]);
    const escaped = await bulk(owner, [{ name: 'escape.zip', bytes: traversal }]);
    expect(escaped.httpStatus).toBe(415);
    expect(escaped.body.message).toContain('is not allowed');
    const empty = await owner.post('/v1/creative/bulk', form([]));
    expect(empty.httpStatus).toBe(400);
    expect(await creativeCount()).toBe(creatives);
  });

  it("another user's campaign is refused before a byte is stored", async () => {
    const objects = await storedObjects();
    const answer = await bulk(other, [{ name: 'a.png', bytes: png(300, 250) }]);
    expect(answer.httpStatus).toBe(404);
    expect(answer.body.message).toBe(MESSAGES.campaignNotFound);
    expect(await storedObjects()).toBe(objects);
  });

  it('an API token needs campaigns:write', async () => {
    const token = async (scopes: string[]) =>
      ((await owner.post<{ secret: string }>('/v1/tokens', { name: `t ${scopes}`, scopes })).body.data
        ?.secret ?? '') as string;
    const send = async (secret: string) =>
      fetch(`${server.url}/api/v1/creative/bulk`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${secret}` },
        body: form([{ name: 'token.png', bytes: png(320, 50) }]),
      });
    expect((await send(await token(['campaigns:read']))).status).toBe(403);
    const allowed = await send(await token(['campaigns:write']));
    expect(allowed.status).toBe(200);
  });
});
