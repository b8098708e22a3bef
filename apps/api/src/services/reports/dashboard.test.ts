// The dashboard: all of a user's campaigns summed on the server by local day, with the period before
// and the top campaigns, never another user's figures.
import { type Dashboard, dashboardSchema } from '@adconsole/domain';
import { describe, expect, it } from 'vitest';
import { Client, testStoresLabel } from '../../test/harness';
import {
  day,
  endOf,
  importEvents,
  other,
  owner,
  publish,
  server,
  useReportsWorld,
} from '../../test/reports-world';

describe(`reports on ${testStoresLabel()}`, () => {
  useReportsWorld();

  describe('the dashboard', () => {
    const dashboard = async (client: Client, query: Record<string, string>) => {
      const answer = await client.get<Dashboard>(`/v1/dashboard?${new URLSearchParams(query).toString()}`);
      expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
      return dashboardSchema.parse(answer.body.data);
    };

    it("sums all of the user's campaigns on the server, by local day, with the period before and the top campaigns", async () => {
      const second =
        (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Second campaign' })).body.data?.id ??
        '';
      const secondLive = await publish(owner, second, { name: 'Small banner', type: 'Banner' });
      await importEvents([
        { liveID: secondLive, type: 'impression', at: '2026-03-03T10:00:00Z', count: 50 },
        { liveID: secondLive, type: 'click', at: '2026-03-03T10:00:00Z', count: 5 },
        // The period before: 20 to 28 February.
        { liveID: secondLive, type: 'impression', at: '2026-02-27T10:00:00Z', count: 11 },
      ]);
      const board = await dashboard(owner, { start_dt: day('2026-03-01'), end_dt: endOf('2026-03-09') });
      expect(board.campaignCount).toBe(2);
      expect(board.series).toHaveLength(9);
      // 100 + 3 + 5 + 7 (banner), 1 + 2 + 4 + 90 (pre-roll), 50 (second); never the other user's 999.
      expect(board.totals.impressions).toBe(115 + 97 + 50);
      expect(board.totals.clicks).toBe(2 + 5);
      expect(board.totals.ctr).toBeCloseTo((7 / 262) * 100, 10);
      expect(board.series.reduce((sum, point) => sum + point.impressions, 0)).toBe(262);
      expect(board.previousTotals.impressions).toBe(11);
      expect(board.topCampaigns.map((campaign) => [campaign.name, campaign.totals.impressions])).toEqual([
        ['Spring =sale', 212],
        ['Second campaign', 50],
      ]);

      // The same days in +05:45: 18:20 UTC on 1 March belongs to 2 March there.
      const kathmandu = await dashboard(owner, {
        start_dt: day('2026-03-01'),
        end_dt: endOf('2026-03-02'),
        tzOffset: '+05:45',
      });
      expect(kathmandu.series.map((point) => [point.date, point.impressions])).toEqual([
        ['2026-03-01', 8],
        ['2026-03-02', 107],
      ]);

      const theirs = await dashboard(other, { start_dt: day('2026-03-01'), end_dt: endOf('2026-03-09') });
      expect(theirs.totals.impressions).toBe(999);
      expect(theirs.topCampaigns.map((campaign) => campaign.name)).toEqual(['Secret']);
    });

    it('lists the recently updated campaigns by updatedAt, newest first', async () => {
      const before = await dashboard(owner, { start_dt: day('2026-03-01'), end_dt: endOf('2026-03-09') });
      const oldest = before.recentCampaigns.at(-1);
      expect(oldest).toBeDefined();
      const renamed = await owner.put('/v1/campaign/update', {
        id: oldest?.id,
        name: `${oldest?.name} (renamed)`,
      });
      expect(renamed.httpStatus, JSON.stringify(renamed.body)).toBe(200);
      const after = await dashboard(owner, { start_dt: day('2026-03-01'), end_dt: endOf('2026-03-09') });
      expect(after.recentCampaigns[0]?.id).toBe(oldest?.id);
      const times = after.recentCampaigns.map((campaign) => campaign.updatedAt ?? '');
      expect(times).toEqual([...times].sort().reverse());
      // The later tests name their files after the campaign: give it its name back.
      const restored = await owner.put('/v1/campaign/update', { id: oldest?.id, name: oldest?.name });
      expect(restored.httpStatus, JSON.stringify(restored.body)).toBe(200);
    });

    it('leaves archived campaigns out of its lists (as the campaign list does); unarchived, one is back', async () => {
      const range = { start_dt: day('2026-03-01'), end_dt: endOf('2026-03-09') };
      const made = await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Archived on the board' });
      const id = made.body.data?.id ?? '';
      expect((await dashboard(owner, range)).recentCampaigns[0]?.id).toBe(id);
      const archived = await owner.post('/v1/campaign/archive', { campaignID: id });
      expect(archived.httpStatus, JSON.stringify(archived.body)).toBe(200);
      // Archiving updated it last: it would head "Recently updated".
      const board = await dashboard(owner, range);
      expect(board.recentCampaigns.map((campaign) => campaign.id)).not.toContain(id);
      expect(board.topCampaigns.map((campaign) => campaign.id)).not.toContain(id);
      expect(board.recentCampaigns.length).toBeGreaterThan(0);
      await owner.post('/v1/campaign/unarchive', { campaignID: id });
      expect((await dashboard(owner, range)).recentCampaigns[0]?.id).toBe(id);
      // The later tests count the owner's campaigns: it goes.
      expect((await owner.delete(`/v1/campaign/delete?campaignID=${id}`)).httpStatus).toBe(200);
    });

    it('refuses a range in the wrong order and needs a session', async () => {
      const backwards = await owner.get(
        `/v1/dashboard?${new URLSearchParams({ start_dt: day('2026-03-09'), end_dt: endOf('2026-03-01') })}`,
      );
      expect(backwards.httpStatus).toBe(400);
      expect(JSON.stringify(backwards.body)).toContain('start_dt must not be after end_dt');
      const anonymous = await new Client(server.url).get(
        `/v1/dashboard?${new URLSearchParams({ start_dt: day('2026-03-01'), end_dt: endOf('2026-03-09') })}`,
      );
      expect(anonymous.httpStatus).toBe(401);
    });
  });
});
