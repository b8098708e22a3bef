// Share links of a campaign's report: anonymous, limited to their campaign, revocable, expiring.
import {
  type ReportData,
  reportDataSchema,
  reportEventsSchema,
  reportVideoDataSchema,
} from '@adconsole/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, testStoresLabel } from '../../test/harness';
import {
  campaignID,
  day,
  endOf,
  figures,
  other,
  otherLive,
  owner,
  server,
  useReportsWorld,
} from '../../test/reports-world';

describe(`reports on ${testStoresLabel()}`, () => {
  useReportsWorld();

  describe('share links', () => {
    let token: string;
    beforeAll(async () => {
      const created = await owner.post<{ url: string; token: string; createdAt: string }>(
        '/v1/campaign/newToken',
        { campaignID },
      );
      expect(created.httpStatus).toBe(200);
      token = created.body.data?.token ?? '';
      expect(created.body.data?.url).toBe(`${server.config.publicUrl}/share/${token}`);
    });

    it('is a random token of at least 128 bits, longer than 24 characters, listed in the report', async () => {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const answer = await figures({ start_dt: day('2026-03-01'), end_dt: endOf('2026-03-01') });
      expect(answer.reportToken.map((link) => link.token)).toContain(token);
    });

    it('opens anonymously, read-only, limited to its campaign, never showing the owner, links or schedules', async () => {
      const anonymous = new Client(server.url);
      const shared = await anonymous.get<ReportData>(
        `/share/reports?sharedToken=${token}&start_dt=${day('2026-03-01')}&end_dt=${endOf('2026-03-10')}`,
      );
      expect(shared.httpStatus).toBe(200);
      const data = reportDataSchema.parse(shared.body.data);
      expect(data.totals.impressions).toBe(212);
      expect(data.reportToken).toEqual([]);
      expect(data.scheduledReports).toEqual([]);
      expect(JSON.stringify(shared.body)).not.toMatch(/@/);
      // Another campaign's live creative is not found through this link.
      const stranger = await anonymous.get(
        `/share/reports?sharedToken=${token}&liveIDs=${otherLive}&start_dt=${day('2026-03-01')}&end_dt=${endOf('2026-03-10')}`,
      );
      expect(stranger.httpStatus).toBe(404);
      const events = await anonymous.get(
        `/share/events?sharedToken=${token}&start_dt=${day('2026-03-01')}&end_dt=${endOf('2026-03-10')}`,
      );
      expect(reportEventsSchema.parse(events.body.data).totals.impressions).toBe(212);
      const video = await anonymous.get(
        `/share/videoData?sharedToken=${token}&start_dt=${day('2026-03-01')}&end_dt=${endOf('2026-03-10')}`,
      );
      expect(reportVideoDataSchema.parse(video.body.data).totals.videoStarts).toBe(80);
    });

    it("a link's holder downloads a file with the link; without it, the file is not found", async () => {
      const anonymous = new Client(server.url);
      const answer = await anonymous.get<{ file: string }>(
        `/share/reports?sharedToken=${token}&type=csv&start_dt=${day('2026-03-01')}&end_dt=${endOf('2026-03-10')}`,
      );
      const file = answer.body.data?.file ?? '';
      expect((await fetch(`${server.url}/uploads/${file}?sharedToken=${token}`)).status).toBe(200);
      expect((await fetch(`${server.url}/uploads/${file}`)).status).toBe(404);
      expect((await fetch(`${server.url}/uploads/${file}?sharedToken=${'x'.repeat(43)}`)).status).toBe(404);
    });

    it('a revoked link and an expired link answer 404 with a clear message; an unknown one too', async () => {
      const revocable =
        (await owner.post<{ token: string }>('/v1/campaign/newToken', { campaignID })).body.data?.token ?? '';
      expect((await other.delete(`/v1/campaign/newToken?token=${revocable}`)).httpStatus).toBe(404);
      expect((await owner.delete(`/v1/campaign/newToken?token=${revocable}`)).httpStatus).toBe(200);
      const expiring = (
        await owner.post<{ token: string }>('/v1/campaign/newToken', {
          campaignID,
          expiresAt: new Date(Date.now() + 60_000).toISOString(),
        })
      ).body.data?.token;
      await server.db.query(
        "update share_tokens set expires_at = now() - interval '1 second' where token = $1",
        [expiring],
      );
      for (const dead of [revocable, expiring, 'Q'.repeat(43)]) {
        const answer = await new Client(server.url).get(
          `/share/reports?sharedToken=${dead}&start_dt=${day('2026-03-01')}&end_dt=${endOf('2026-03-01')}`,
        );
        expect(answer.httpStatus).toBe(404);
        expect(answer.body.message).toBe('This share link is invalid, expired or revoked.');
      }
      const listed = await figures({ start_dt: day('2026-03-01'), end_dt: endOf('2026-03-01') });
      expect(listed.reportToken.map((link) => link.token)).not.toContain(revocable);
    });
  });
});
