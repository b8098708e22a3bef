// Malformed input, the third security review's findings: every one is answered 4xx with the product's
// message, quickly, never a 5xx or a stall. Impossible calendar dates (2026-02-30) and an empty range in
// every report read, the public share route included; a NUL byte in a served file's name; lone UTF-16
// surrogates in names and folder paths; a folder where a file is expected; and bodies that the serving
// routes never read, or that nest deeper than any call needs.
import { loneSurrogateMessage, MESSAGES } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startServer, type TestServer, testDatabaseKind } from '../test/harness';
import { signedInUser, visit } from '../test/helpers';

describe(`malformed input on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let owner: Client;
  let campaignID: string;
  let shareToken: string;

  beforeAll(async () => {
    server = await startServer();
    ({ client: owner } = await signedInUser(server));
    campaignID =
      (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Dates' })).body.data?.id ?? '';
    const share = await owner.post<{ url: string }>('/v1/campaign/newToken', { campaignID });
    shareToken = new URL(share.body.data?.url ?? '').pathname.split('/').at(-1) ?? '';
  });
  afterAll(() => server.close());

  describe('dates that are not on the calendar, and empty ranges, in the report reads', () => {
    const impossible = { start_dt: '2026-02-30 00:00:00', end_dt: '2026-03-02 23:59:59' };

    it("answers 400 with the date field's message for 2026-02-30 on the campaign report, events and video figures", async () => {
      for (const call of ['/v1/campaign/reports', '/v1/campaign/events', '/v1/campaign/videoData']) {
        const answer = await owner.get(`${call}?${new URLSearchParams({ campaignID, ...impossible })}`);
        expect(answer.httpStatus, call).toBe(400);
        expect(answer.body.message, call).toContain("start_dt must be a date 'YYYY-MM-DD HH:mm:ss'");
      }
    });

    it('answers 400 for 2026-04-31 on the public share route too', async () => {
      const query = new URLSearchParams({
        sharedToken: shareToken,
        start_dt: '2026-04-01 00:00:00',
        end_dt: '2026-04-31 23:59:59',
      });
      const answer = await fetch(`${server.url}/api/share/reports?${query}`);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { message: string }).message).toContain(
        "end_dt must be a date 'YYYY-MM-DD HH:mm:ss'",
      );
    });

    it('a flight day that is not on the calendar is refused when a campaign is made', async () => {
      const answer = await owner.post('/v1/campaign/new', {
        name: 'Leap',
        data: { start: { date: '2027-02-29' } },
      });
      expect(answer.httpStatus).toBe(400);
      expect(answer.body.message).toContain("data.start.date must be a date 'YYYY-MM-DD'");
    });

    it('a range that starts where it ends reads an empty report, not malformed SQL', async () => {
      const range = { start_dt: '2026-03-01 00:00:00', end_dt: '2026-03-01 00:00:00' };
      for (const granularity of ['day', 'hour']) {
        const answer = await owner.get(
          `/v1/campaign/reports?${new URLSearchParams({ campaignID, ...range, granularity })}`,
        );
        expect(answer.httpStatus, granularity).toBe(200);
      }
    });
  });

  describe('names and paths', () => {
    it('a NUL byte in a served file name answers 404, as a missing file does, on both file routes', async () => {
      expect((await visit(`${server.url}/serve/files/a%00b.png`)).status).toBe(404);
      const upload = await fetch(`${server.url}/api/uploads/a%00b.png`, {
        headers: { Cookie: owner.cookie ?? '' },
      });
      expect(upload.status).toBe(404);
    });

    it('a lone UTF-16 surrogate in a name is refused with a clear message, never stored as U+FFFD', async () => {
      const answer = await owner.post('/v1/campaign/new', { name: 'Broken \ud800 name' });
      expect(answer.httpStatus).toBe(400);
      expect(answer.body.message).toBe(loneSurrogateMessage('name'));
    });

    it('a lone surrogate in an upload directory is refused (400), not a URIError (500)', async () => {
      const answer = await owner.post('/v1/files/upload', {
        directory: 'reports/\udc00',
        name: 'a.txt',
        size: 3,
        contentType: 'text/plain',
      });
      expect(answer.httpStatus).toBe(400);
      expect(answer.body.message).toBe(loneSurrogateMessage('directory'));
    });

    it('using a folder as a creative asset answers 400 with the file manager message, not EISDIR (500)', async () => {
      await owner.post('/v1/files/folder', { directory: '', name: 'folder-not-file' });
      const creative = await owner.post<{ id: string }>('/v1/campaign/creatives', {
        campaignID,
        name: 'From the file manager',
        type: 'Banner',
        width: 300,
        height: 250,
      });
      const answer = await owner.post('/v1/files/use', {
        path: 'folder-not-file',
        creativeID: creative.body.data?.id,
      });
      expect(answer.httpStatus).toBe(400);
      expect(answer.body.message).toBe(MESSAGES.folderIsNotAnAsset);
    });
  });

  describe('bodies the server need not read', () => {
    it('a serving beacon takes no body beyond a few KB: 413 for 64 KB, before any parsing', async () => {
      const body = JSON.stringify({ padding: 'x'.repeat(64 * 1024) });
      const answer = await visit(`${server.url}/serve/t/impression?l=x&i=y&s=z`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
      expect(answer.status).toBe(413);
    });

    it('a public JSON call takes a small body: 413 for 200 KB at sign-in, under the 1 MB of signed-in calls', async () => {
      const answer = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'adconsole' },
        body: JSON.stringify({ username: 'a@b.test', password: 'p'.repeat(200 * 1024) }),
      });
      expect(answer.status).toBe(413);
    });

    it('JSON nested deeper than any call needs is refused with 400 before it is parsed', async () => {
      const nested = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
      const answer = await fetch(`${server.url}/api/v1/campaign/new`, {
        method: 'POST',
        headers: {
          Cookie: owner.cookie ?? '',
          'X-Requested-With': 'adconsole',
          'Content-Type': 'application/json',
        },
        body: `{"name":${nested}}`,
      });
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { message: string }).message).toBe(MESSAGES.jsonTooDeep);
    });
  });
});
