// Uploaded ZIP archives (HTML5 banners): checked as they are unpacked, once, at upload, and served
// from the unpacked copy; a bomb, a path out of the archive or any other bad entry is refused with a 415
// and memory stays bounded. docs/security.md lists the limits.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startServer, type TestServer, testDatabaseKind } from '../test/harness';
import { publishedLive, signedInUser } from '../test/helpers';
import { INDEX, MB } from '../test/security';
import { deflatedZeros, testZip } from '../test/zip';

/** Samples the process's memory while `work` runs: the largest growth of array buffers and of RSS. */
async function memoryGrowth<T>(
  work: () => Promise<T>,
): Promise<{ result: T; arrayBuffers: number; rss: number }> {
  const before = process.memoryUsage();
  let peak = { arrayBuffers: before.arrayBuffers, rss: before.rss };
  const sample = () => {
    const now = process.memoryUsage();
    peak = { arrayBuffers: Math.max(peak.arrayBuffers, now.arrayBuffers), rss: Math.max(peak.rss, now.rss) };
  };
  const sampler = setInterval(sample, 5);
  try {
    const result = await work();
    sample();
    return { result, arrayBuffers: peak.arrayBuffers - before.arrayBuffers, rss: peak.rss - before.rss };
  } finally {
    clearInterval(sampler);
  }
}

describe(`ZIP archives on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ COMPANY_DOMAIN: 'adconsole.test' });
  });
  afterAll(() => server.close());

  describe('an uploaded ZIP is checked as it is unpacked, once, and never inflated again', () => {
    let owner: Client;
    let campaignID: string;
    let creativeID: string;
    beforeAll(async () => {
      owner = (await signedInUser(server)).client;
      campaignID =
        (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Bombs' })).body.data?.id ?? '';
      creativeID =
        (
          await owner.post<{ id: string }>('/v1/campaign/creatives', {
            campaignID,
            name: 'HTML5',
            type: 'Banner',
            width: 300,
            height: 250,
          })
        ).body.data?.id ?? '';
    });
    const upload = (bytes: Buffer, name = 'banner.zip') => {
      const form = new FormData();
      form.append('creativeID', creativeID);
      form.append('files[]', new Blob([new Uint8Array(bytes)]), name);
      return owner.post<{ created: unknown[] }>('/v1/campaign/creatives/assets', form);
    };

    it('a 400 MB bomb whose directory claims 1 KB is cut off at 1 KB: refused, memory stays bounded', async () => {
      const bomb = testZip([
        { name: 'index.html', data: INDEX },
        { name: 'bomb.js', deflated: await deflatedZeros(400), declaredSize: 1024 },
      ]);
      expect(bomb.length).toBeLessThan(1 * MB);
      const { result, arrayBuffers, rss } = await memoryGrowth(() => upload(bomb));
      expect(result.httpStatus).toBe(415);
      expect(result.body.message).toMatch(/bomb\.js inflates past its declared size/);
      // Inflating the entry whole (the old serving path) grew memory by its 400 MB; streamed through
      // the byte budget only a few chunks are ever held. Generous bounds: garbage may be taken late.
      expect(arrayBuffers).toBeLessThan(100 * MB);
      expect(rss).toBeLessThan(200 * MB);
      // Nothing of it stays: no asset, no stored file, nothing unpacked.
      const [{ count } = { count: -1 }] = await server.db.query<{ count: number }>(
        'select count(*)::int as count from assets where creative_id = $1',
        [creativeID],
      );
      expect(count).toBe(0);
      expect(await server.db.query('select * from html5_archives')).toEqual([]);
    });

    it('a bomb that declares its 400 MB honestly is refused before a byte is inflated', async () => {
      const bomb = testZip([
        { name: 'index.html', data: INDEX },
        { name: 'bomb.js', deflated: await deflatedZeros(400) },
      ]);
      const { result, arrayBuffers } = await memoryGrowth(() => upload(bomb));
      expect(result.httpStatus).toBe(415);
      expect(result.body.message).toMatch(/more than 50 MB unpacked/);
      expect(arrayBuffers).toBeLessThan(100 * MB);
    });

    it('many small entries that add up past the 50 MB cap are stopped at the cap', async () => {
      const zeros = await deflatedZeros(20);
      const bomb = testZip([
        { name: 'index.html', data: INDEX },
        ...[1, 2, 3].map((index) => ({ name: `part${index}.js`, deflated: zeros, declaredSize: 1024 })),
      ]);
      const answer = await upload(bomb);
      expect(answer.httpStatus).toBe(415);
    });

    it.each([
      [
        'more than 500 entries',
        Array.from({ length: 501 }, (_, index) => ({ name: `f${index}.txt`, data: INDEX })),
      ],
      ['a path out of the archive', [{ name: '../index.html', data: INDEX }]],
      ['an absolute path', [{ name: '/etc/index.html', data: INDEX }]],
      ['a backslash path', [{ name: 'a\\..\\index.html', data: INDEX }]],
      ['a name over 255 bytes', [{ name: `${'n'.repeat(256)}.html`, data: INDEX }]],
      ['folders nested more than 10 deep', [{ name: `${'d/'.repeat(11)}index.html`, data: INDEX }]],
      ['an archive inside the archive', [{ name: 'inner.zip', data: INDEX }]],
      [
        'the same name twice',
        [
          { name: 'index.html', data: INDEX },
          { name: 'index.html', data: INDEX },
        ],
      ],
      [
        'a size that disagrees with the bytes',
        [{ name: 'index.html', data: INDEX, declaredSize: INDEX.length + 5 }],
      ],
    ])('refuses a ZIP with %s (415)', async (_reason, entries) => {
      const answer = await upload(testZip(entries));
      expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(415);
    });

    it('unpacks a good ZIP once at upload and serves its files from storage, never inflating again', async () => {
      const liveId = await publishedLive(
        owner,
        campaignID,
        { name: 'Good', type: 'Banner', width: 300, height: 250 },
        [
          {
            name: 'good.zip',
            bytes: testZip([
              { name: 'banner/index.html', data: INDEX },
              { name: 'banner/js/app.js', data: Buffer.from('console.log(1)') },
            ]),
          },
        ],
      );
      const [archive] = await server.db.query<{ file_name: string; files: string[] }>(
        "select file_name, files from html5_archives where file_name like '%/good.zip'",
      );
      expect(archive?.files.sort()).toEqual(['index.html', 'js/app.js']);
      // The ZIP itself is gone from storage; the files are still served: they come from the unpacked copy.
      await writeFile(
        path.join(server.dataDir, 'files', ...(archive?.file_name ?? '').split('/')),
        'not a zip',
      );
      const page = await fetch(`${server.url}/serve/h5/${liveId}/index.html`);
      expect(page.status).toBe(200);
      expect(await page.text()).toBe(INDEX.toString());
      expect((await fetch(`${server.url}/serve/h5/${liveId}/js/app.js`)).status).toBe(200);
      expect((await fetch(`${server.url}/serve/h5/${liveId}/missing.js`)).status).toBe(404);
    });

    it('an anonymous GET of a creative whose bomb was stored before the check inflates no more than the cap', async () => {
      const liveId = await publishedLive(
        owner,
        campaignID,
        { name: 'Old', type: 'Banner', width: 300, height: 250 },
        [{ name: 'old.zip', bytes: testZip([{ name: 'index.html', data: INDEX }]) }],
      );
      const [archive] = await server.db.query<{ file_name: string }>(
        "select file_name from html5_archives where file_name like '%/old.zip'",
      );
      const zipKey = archive?.file_name ?? '';
      // As a ZIP stored before uploads were checked: the bomb in its place, never unpacked.
      const bomb = testZip([
        { name: 'index.html', data: INDEX },
        { name: 'bomb.js', deflated: await deflatedZeros(400), declaredSize: 1024 },
      ]);
      await writeFile(path.join(server.dataDir, 'files', ...zipKey.split('/')), bomb);
      await server.db.query('update files set size = $2 where name = $1', [zipKey, bomb.length]);
      await server.db.query('delete from html5_archives where file_name = $1', [zipKey]);
      const { result, arrayBuffers, rss } = await memoryGrowth(() =>
        fetch(`${server.url}/serve/h5/${liveId}/index.html`),
      );
      expect(result.status).toBe(404);
      expect(arrayBuffers).toBeLessThan(100 * MB);
      expect(rss).toBeLessThan(200 * MB);
      // Refused once and recorded: later requests do not inflate it again.
      const [row] = await server.db.query<{ files: string[] }>(
        'select files from html5_archives where file_name = $1',
        [zipKey],
      );
      expect(row?.files).toEqual([]);
    });
  });
});
