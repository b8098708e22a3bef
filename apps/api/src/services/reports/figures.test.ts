// The reports API's figures in any timezone (the cases by name): creative reports, the event and
// video parts, quarter-hour offsets and the days that summer time makes 23 or 25 hours long.
import { reportDataSchema, reportEventsSchema, reportVideoDataSchema } from '@adconsole/domain';
import { describe, expect, it } from 'vitest';
import { testStoresLabel } from '../../test/harness';
import {
  campaignID,
  day,
  endOf,
  figures,
  otherCampaignID,
  otherLive,
  owner,
  report,
  useReportsWorld,
  videoLive,
} from '../../test/reports-world';

describe(`reports on ${testStoresLabel()}`, () => {
  useReportsWorld();

  describe('figures in any timezone', () => {
    it('an event at 18:20 UTC falls on the next local day in +05:45 and on the same day in -03:30', async () => {
      const kathmandu = await figures({
        start_dt: day('2026-03-01'),
        end_dt: endOf('2026-03-02'),
        tzOffset: '+05:45',
      });
      // +05:45: 2026-03-01 is [2026-02-28T18:15Z, 2026-03-01T18:15Z): 18:20 UTC is the next day.
      expect(kathmandu.series.map((point) => [point.date, point.impressions])).toEqual([
        ['2026-03-01', 3 + 5],
        ['2026-03-02', 100 + 7],
      ]);
      const newfoundland = await figures({
        start_dt: day('2026-03-01'),
        end_dt: endOf('2026-03-02'),
        tzOffset: '-03:30',
      });
      expect(newfoundland.series.map((point) => [point.date, point.impressions])).toEqual([
        ['2026-03-01', 3 + 5 + 100],
        ['2026-03-02', 7],
      ]);
      expect(newfoundland.timezone).toEqual({ offset: '-03:30', tzCode: '-03:30' });
    });

    it('+12:45 and +14:00 and -12:00: local days from local midnight', async () => {
      const chatham = await figures({
        start_dt: day('2026-03-01'),
        end_dt: endOf('2026-03-01'),
        tzOffset: '+12:45',
      });
      // 2026-03-01 in +12:45 is 2026-02-28T11:15Z to 2026-03-01T11:15Z: 11:14:59 is in, 11:15:00 is not.
      expect(chatham.totals.impressions).toBe(3);
      const kiritimati = await figures({
        start_dt: day('2026-03-02'),
        end_dt: endOf('2026-03-02'),
        tzOffset: '+14:00',
      });
      // +14:00: 2026-03-02 is [2026-03-01T10:00Z, 2026-03-02T10:00Z).
      expect(kiritimati.totals.impressions).toBe(3 + 5 + 100);
      const bakerIsland = await figures({
        start_dt: day('2026-03-01'),
        end_dt: endOf('2026-03-01'),
        tzOffset: '-12:00',
      });
      // -12:00: 2026-03-01 is [2026-03-01T12:00Z, 2026-03-02T12:00Z).
      expect(bakerIsland.totals.impressions).toBe(100 + 7);
    });

    it('America/New_York across 8 March 2026: a 23-hour day, hourly series without 02:00', async () => {
      const newYork = await figures({
        start_dt: day('2026-03-08'),
        end_dt: endOf('2026-03-08'),
        tzOffset: '-05:00',
        timezone: 'America/New_York',
        granularity: 'hour',
      });
      expect(newYork.series).toHaveLength(23);
      expect(newYork.series.map((point) => point.date)).not.toContain('2026-03-08T02:00');
      expect(newYork.series.find((point) => point.date === '2026-03-08T01:00')?.impressions).toBe(1);
      expect(newYork.series.find((point) => point.date === '2026-03-08T03:00')?.impressions).toBe(2);
      expect(newYork.series.find((point) => point.date === '2026-03-08T23:00')?.impressions).toBe(4);
      expect(newYork.timezone).toEqual({ offset: '-05:00', tzCode: 'America/New_York' });
    });

    it('Europe/Berlin across 25 October 2026: a 25-hour day; its repeated hour is one period', async () => {
      const berlin = await figures({
        start_dt: day('2026-10-25'),
        end_dt: endOf('2026-10-25'),
        tzOffset: '+01:00',
        timezone: 'Europe/Berlin',
        granularity: 'hour',
      });
      // 25 hours: from 22:00 UTC the day before (CEST) to 23:00 UTC (CET).
      expect(berlin.totals.impressions).toBe(5 + 10 + 20 + 30 + 40);
      expect(berlin.series).toHaveLength(24);
      expect(berlin.series.find((point) => point.date === '2026-10-25T00:00')?.impressions).toBe(5);
      expect(berlin.series.find((point) => point.date === '2026-10-25T02:00')?.impressions).toBe(20 + 30);
      expect(berlin.timezone).toEqual({ offset: '+02:00', tzCode: 'Europe/Berlin' });
      // Without the zone +01:00 is fixed: 22:30 UTC is still the day before.
      const fixed = await figures({
        start_dt: day('2026-10-25'),
        end_dt: endOf('2026-10-25'),
        tzOffset: '+01:00',
      });
      expect(fixed.totals.impressions).toBe(10 + 20 + 30 + 40);
    });

    it('a range of one day has every hour, zeros included; weekday-hour cells are all 168', async () => {
      const oneDay = await figures({
        start_dt: day('2026-03-03'),
        end_dt: endOf('2026-03-03'),
        granularity: 'hour',
      });
      expect(oneDay.series).toHaveLength(24);
      expect(oneDay.series.every((point) => point.impressions === 0 && point.ctr === 0)).toBe(true);
      expect(oneDay.weekHours).toHaveLength(168);
      const march = await figures({ start_dt: day('2026-03-01'), end_dt: endOf('2026-03-31') });
      expect(march.series).toHaveLength(31);
      // Sunday 1 March 2026, 18:00 UTC.
      expect(march.weekHours.find((cell) => cell.weekday === 6 && cell.hour === 18)?.impressions).toBe(100);
    });

    it('hourly figures are refused for more than 31 days', async () => {
      const answer = await report({
        campaignID,
        start_dt: day('2026-03-01'),
        end_dt: endOf('2026-04-01'),
        granularity: 'hour',
      });
      expect(answer.httpStatus).toBe(400);
      expect(answer.body.message).toMatch(/Hourly figures cover at most 31 days/);
    });

    it('totals, rates and each creative; video figures on request; the events and videoData parts', async () => {
      const march = await figures({
        start_dt: day('2026-03-01'),
        end_dt: endOf('2026-03-10'),
        withVideoData: 'true',
      });
      expect(march.totals).toMatchObject({
        impressions: 115 + 7 + 90,
        clicks: 2,
        videoStarts: 80,
        videoCompletes: 40,
        completionRate: 50,
      });
      expect(march.totals.ctr).toBeCloseTo((2 / 212) * 100, 6);
      expect(march.creatives.map((creative) => [creative.name, creative.totals.impressions])).toEqual([
        ['=HYPERLINK("http://evil")', 115],
        ['Pre-roll', 97],
      ]);
      expect(march.creatives[1]?.liveIDs).toEqual([videoLive]);
      const events = reportEventsSchema.parse(
        (
          await owner.get(
            `/v1/campaign/events?campaignID=${campaignID}&start_dt=${day('2026-03-01')}&end_dt=${endOf('2026-03-10')}`,
          )
        ).body.data,
      );
      expect(events.totals.impressions).toBe(212);
      expect(events.totals.videoStarts).toBeUndefined();
      const video = reportVideoDataSchema.parse(
        (
          await owner.get(
            `/v1/campaign/videoData?campaignID=${campaignID}&start_dt=${day('2026-03-01')}&end_dt=${endOf('2026-03-10')}`,
          )
        ).body.data,
      );
      expect(video.totals).toEqual({
        videoStarts: 80,
        firstQuartile: 60,
        midpoint: 50,
        thirdQuartile: 45,
        videoCompletes: 40,
        completionRate: 50,
      });
    });

    it("a creative report covers only its live ids; empty ones read 'No live ids set'; another owner's are 404", async () => {
      const creative = reportDataSchema.parse(
        (await report({ liveIDs: videoLive, start_dt: day('2026-03-01'), end_dt: endOf('2026-03-10') })).body
          .data,
      );
      expect(creative.totals.impressions).toBe(97);
      expect(creative.campaignID).toBe(campaignID);
      const empty = await report({ liveIDs: '', start_dt: day('2026-03-01'), end_dt: endOf('2026-03-10') });
      expect(empty.httpStatus).toBe(400);
      expect(empty.body.message).toMatch(/No live ids set/);
      expect(
        (await report({ liveIDs: otherLive, start_dt: day('2026-03-01'), end_dt: endOf('2026-03-10') }))
          .httpStatus,
      ).toBe(404);
      expect(
        (
          await report({
            campaignID: otherCampaignID,
            start_dt: day('2026-03-01'),
            end_dt: endOf('2026-03-10'),
          })
        ).httpStatus,
      ).toBe(404);
    });
  });
});
