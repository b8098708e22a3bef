// Report read: the goal counters (impressions, clicks, completed views) of many campaigns by local day
// of each one's zone, in one statement whose size grows with the number of distinct zones, not of
// campaigns: what the alert evaluation's pacing rules read for every watched campaign at once. (The
// campaign list's pacing, a page at a time, is campaign-days.ts: one select per campaign.) PostgreSQL
// reads the campaign rollups in the coarsest exact grain of each zone (grains.ts), each campaign from its
// own start (exact for a start at a local midnight, the flight's usual start; a start with a time of day
// counts from that hour's first row); ClickHouse its live creatives' rows in the zone, summed into
// campaigns here from the local day the campaign starts.
import { COUNTER_COLUMN, offsetToMinutes, type ReportZone } from '@adconsole/domain';
import type { SqlValue } from '../../../db/database';
import { grainRowsSql, planGrains } from '../grains';
import { byStore } from './by-store';
import type { CampaignDayRow } from './campaign-days';
import { clickhouseTime, DAY_SECONDS, localSeconds, periodKey } from './local-time';

/** One campaign to read: its live creatives, from `from` (its flight's start) in `zone`. */
export interface PacedCampaign {
  campaignId: string;
  liveIds: readonly string[];
  from: Date;
  zone: ReportZone;
}

const COUNTED = ['impressions', 'clicks', 'videoCompletes'] as const;
const COLUMNS = COUNTED.map((key) => COUNTER_COLUMN[key]);

/** The campaigns by zone, each group read from its earliest start. */
function byZone(campaigns: readonly PacedCampaign[], to: Date) {
  const groups = new Map<string, { zone: ReportZone; from: Date; campaigns: PacedCampaign[] }>();
  for (const campaign of campaigns) {
    if (campaign.liveIds.length === 0 || campaign.from >= to) continue;
    const key = campaign.zone.iana ?? campaign.zone.offset;
    const group = groups.get(key) ?? { zone: campaign.zone, from: campaign.from, campaigns: [] };
    group.campaigns.push(campaign);
    if (campaign.from < group.from) group.from = campaign.from;
    groups.set(key, group);
  }
  return [...groups.values()];
}

type Row = Record<string, unknown> & { campaign_id: string; period: string };

const answerOf = (
  campaigns: readonly PacedCampaign[],
  rows: readonly Row[],
  periodOf: (period: string) => string,
) => {
  const byCampaign = new Map<string, CampaignDayRow[]>(
    campaigns.map((campaign) => [campaign.campaignId, []]),
  );
  for (const row of rows)
    byCampaign.get(row.campaign_id)?.push({
      date: periodOf(row.period),
      impressions: Number(row[COUNTER_COLUMN.impressions] ?? 0),
      clicks: Number(row[COUNTER_COLUMN.clicks] ?? 0),
      videoCompletes: Number(row[COUNTER_COLUMN.videoCompletes] ?? 0),
    });
  for (const days of byCampaign.values()) days.sort((a, b) => a.date.localeCompare(b.date));
  return byCampaign;
};

/** Each campaign's counts by local day from its start to `to` (days without events absent), oldest first. */
export const readPacingDays = byStore<
  [campaigns: readonly PacedCampaign[], to: Date],
  Map<string, CampaignDayRow[]>
>({
  async postgres(store, campaigns, to) {
    const groups = byZone(campaigns, to);
    if (groups.length === 0) return answerOf(campaigns, [], String);
    const params: SqlValue[] = [];
    const param = (value: SqlValue, type: string) => {
      params.push(value);
      return `$${params.length}::${type}`;
    };
    const sums = COLUMNS.map((column) => `sum(${column})::bigint as ${column}`).join(', ');
    const selects = groups.map((group) => {
      const ids = param(
        group.campaigns.map((campaign) => campaign.campaignId),
        'text[]',
      );
      const starts = param(
        group.campaigns.map((campaign) => campaign.from.toISOString()),
        'timestamptz[]',
      );
      const local = localSeconds(group.zone, group.from, to, params.length + 1);
      params.push(...local.params);
      const rows = grainRowsSql(
        planGrains(group.zone, group.from, to, 'day'),
        COLUMNS,
        { campaignIdsParam: ids },
        param,
      );
      return `select grains.campaign_id, ${local.sql} / ${DAY_SECONDS} as period, ${sums}
                from (${rows}) as grains
                join unnest(${ids}, ${starts}) as started(campaign_id, from_at)
                  on started.campaign_id = grains.campaign_id and grains.bucket >= started.from_at
               group by 1, 2`;
    });
    const found = await store.db.query<Row>(
      selects.map((select) => `(${select})`).join(' union all '),
      params,
    );
    return answerOf(campaigns, found, (period) => periodKey(Number(period), 'day'));
  },
  async clickhouse(store, campaigns, to) {
    const groups = byZone(campaigns, to);
    if (groups.length === 0) return answerOf(campaigns, [], String);
    const params: Record<string, unknown> = { to: clickhouseTime(to) };
    const sums = COLUMNS.map((column) => `sum(${column}) as ${column}`).join(', ');
    const selects = groups.map((group, index) => {
      Object.assign(params, {
        [`ids${index}`]: group.campaigns.flatMap((campaign) => campaign.liveIds),
        [`from${index}`]: clickhouseTime(group.from),
        ...(group.zone.iana !== undefined
          ? { [`zone${index}`]: group.zone.iana }
          : { [`shift${index}`]: offsetToMinutes(group.zone.offset) * 60 }),
      });
      const local =
        group.zone.iana !== undefined
          ? `toTimeZone(bucket, {zone${index}:String})`
          : `toTimeZone(bucket + toIntervalSecond({shift${index}:Int32}), 'UTC')`;
      return `select live_id, formatDateTime(${local}, '%Y-%m-%d') as period, ${sums}
                from ${store.table('event_rollups')}
               where live_id in {ids${index}:Array(String)}
                 and bucket >= {from${index}:DateTime64(3, 'UTC')} and bucket < {to:DateTime64(3, 'UTC')}
               group by live_id, period`;
    });
    const found = await store.rows<Record<string, unknown> & { live_id: string; period: string }>(
      selects.join(' union all '),
      params,
    );
    // Each live creative's days into its campaign's, from the campaign's own start (whole local days:
    // a flight starts at a local midnight, or within the day it names).
    const campaignOf = new Map<string, PacedCampaign>();
    for (const campaign of campaigns) for (const live of campaign.liveIds) campaignOf.set(live, campaign);
    const sumsByDay = new Map<string, Row>();
    for (const row of found) {
      const campaign = campaignOf.get(row.live_id);
      if (!campaign) continue;
      // The local day the flight starts on (the zone's offset at the start).
      const startDay = new Date(campaign.from.getTime() + offsetToMinutes(campaign.zone.offset) * 60_000);
      if (row.period < startDay.toISOString().slice(0, 10)) continue;
      const key = `${campaign.campaignId}\n${row.period}`;
      const sum: Row = sumsByDay.get(key) ?? { campaign_id: campaign.campaignId, period: row.period };
      for (const column of COLUMNS) sum[column] = Number(sum[column] ?? 0) + Number(row[column] ?? 0);
      sumsByDay.set(key, sum);
    }
    return answerOf(campaigns, [...sumsByDay.values()], String);
  },
});
