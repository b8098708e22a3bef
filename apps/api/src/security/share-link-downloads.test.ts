// Report downloads through a share link (anonymous callers): built off the event loop, a range limit
// per format, identical requests sharing one file, at most 2 builds queued and a number of files an hour
// per link, counted in the database. docs/security.md lists the limits and their settings.
import { MESSAGES } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FiguresWithRows } from '../services/reports/build-input';
import { downloadTooLong } from '../services/reports/download-limits';
import { Client, startServer, type TestServer, testDatabaseKind } from '../test/harness';
import { publishedLive, signedInUser } from '../test/helpers';
import { INDEX } from '../test/security';
import { testZip } from '../test/zip';

describe(`share-link downloads on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({
      COMPANY_DOMAIN: 'adconsole.test',
      REPORT_DOWNLOADS_PER_TOKEN_PER_HOUR: '4',
    });
  });
  afterAll(() => server.close());

  describe("a share link's downloads are bounded in time, range, queue and number", () => {
    let owner: Client;
    let token: string;
    const anonymous = () => new Client(server.url);
    const download = (client: Client, type: string, start: string, end: string, extra = '') =>
      client.get<{ file: string }>(
        `/share/reports?sharedToken=${token}&type=${type}&tzOffset=%2B00:00&start_dt=${start}%2000:00:00&end_dt=${end}%2023:59:59${extra}`,
      );
    /** Holds every report build until released: the state "files are being built" made to last. */
    const holdBuilds = () => {
      const worker = server.app.adconsole.reportWorker;
      const original = worker.build.bind(worker);
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const seen: FiguresWithRows[] = [];
      worker.build = async (rows, format, detail) => {
        seen.push(rows);
        await gate;
        return original(rows, format, detail);
      };
      return {
        seen,
        release: () => {
          release();
          worker.build = original;
        },
      };
    };
    const buildingRows = async () =>
      (
        await server.db.query<{ count: number }>(
          "select count(*)::int as count from report_downloads where caller = $1 and state = 'building'",
          [`token:${token}`],
        )
      )[0]?.count ?? 0;

    beforeAll(async () => {
      owner = (await signedInUser(server)).client;
      const campaignID =
        (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Shared' })).body.data?.id ?? '';
      await publishedLive(
        owner,
        campaignID,
        { name: 'Shared banner', type: 'Banner', width: 300, height: 250 },
        [{ name: 'shared.zip', bytes: testZip([{ name: 'index.html', data: INDEX }]) }],
      );
      token =
        (await owner.post<{ token: string }>('/v1/campaign/newToken', { campaignID })).body.data?.token ?? '';
    });

    it('a long pivot is built off the event loop: /api/ping answers while it builds', async () => {
      const held = holdBuilds();
      const answer = download(anonymous(), 'xlsx-pivot', '2025-01-01', '2025-12-31');
      await vi.waitFor(() => expect(held.seen).toHaveLength(1));
      held.release();
      expect((await answer).httpStatus).toBe(200);
      // The request's own figures, grown to 24 creatives: a pivot of some 36,000 rows, seconds of CPU
      // (60 took over a minute beside the full suite on two cores, and held the worker for the next tests).
      const [rows] = held.seen as [FiguresWithRows];
      const [creative] = rows.figures.creatives;
      const periods = rows.creativePeriods.get(creative?.id ?? '') ?? new Map();
      const big: FiguresWithRows = {
        ...rows,
        figures: {
          ...rows.figures,
          creatives: Array.from({ length: 24 }, (_, index) => ({
            ...(creative as NonNullable<typeof creative>),
            id: `c${index}`,
            name: `Creative ${index}`,
          })),
        },
        creativePeriods: new Map(Array.from({ length: 24 }, (_, index) => [`c${index}`, periods])),
      };
      const building = server.app.adconsole.reportWorker.build(big, 'xlsx-pivot').then(() => 'built');
      const ping = fetch(`${server.url}/api/ping`).then(() => 'ping');
      // Built on the event loop (before the fix), the ping could only be answered after the file.
      expect(await Promise.race([building, ping])).toBe('ping');
      expect(await building).toBe('built');
    }, 180_000);

    it('each format has a range limit: a 10-year pivot is refused with a clear 400', async () => {
      const pivot = await download(anonymous(), 'xlsx-pivot', '2016-01-01', '2025-12-31');
      expect(pivot.httpStatus).toBe(400);
      expect(pivot.body.message).toBe(downloadTooLong('xlsx-pivot'));
      const xlsx = await download(anonymous(), 'xlsx', '2016-01-01', '2025-12-31');
      expect(xlsx.body.message).toBe(downloadTooLong('xlsx'));
    });

    it('identical requests share one file; at most 2 builds queue per share link, from any address', async () => {
      await server.db.query('delete from report_downloads where caller = $1', [`token:${token}`]);
      const held = holdBuilds();
      const [first, same] = [
        download(anonymous(), 'csv', '2025-02-01', '2025-02-28'),
        download(anonymous(), 'csv', '2025-02-01', '2025-02-28'),
      ];
      const second = download(anonymous(), 'csv', '2025-03-01', '2025-03-31');
      // Both builds inside the worker thread, not only their rows marked 'building': a build released before
      // it reached the worker would skip the hold and go uncounted (a flake seen in CI).
      await vi.waitFor(async () => {
        expect(held.seen).toHaveLength(2);
        expect(await buildingRows()).toBe(2);
      });
      // A third file while two are being built: refused, whatever address it comes from.
      const third = await download(anonymous(), 'csv', '2025-04-01', '2025-04-30');
      expect(third.httpStatus).toBe(429);
      expect(third.body.message).toBe(MESSAGES.downloadsQueued);
      held.release();
      const [a, b, c] = await Promise.all([first, same, second]);
      expect(a.httpStatus).toBe(200);
      expect(b.body.data?.file).toBe(a.body.data?.file);
      expect(c.body.data?.file).not.toBe(a.body.data?.file);
      expect(held.seen).toHaveLength(2);
      // Asked again later: the file already built.
      expect((await download(anonymous(), 'csv', '2025-02-01', '2025-02-28')).body.data?.file).toBe(
        a.body.data?.file,
      );
    });

    it('a share link builds at most REPORT_DOWNLOADS_PER_TOKEN_PER_HOUR files an hour, counted in the database', async () => {
      await server.db.query('delete from report_downloads where caller = $1', [`token:${token}`]);
      for (const month of ['05', '06', '07', '08']) {
        expect((await download(anonymous(), 'csv', `2025-${month}-01`, `2025-${month}-28`)).httpStatus).toBe(
          200,
        );
      }
      const fifth = await download(anonymous(), 'csv', '2025-09-01', '2025-09-28');
      expect(fifth.httpStatus).toBe(429);
      expect(fifth.body.message).toBe(MESSAGES.shareDownloadsUsed);
      const [{ count } = { count: 0 }] = await server.db.query<{ count: number }>(
        'select count(*)::int as count from report_downloads where caller = $1',
        [`token:${token}`],
      );
      expect(count).toBe(4);
    });
  });
});
