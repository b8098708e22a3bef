// The figures' rollups summed over each campaign's live creatives (docs/reports.md, "Campaign
// rollups"): by campaign and 15-minute UTC bucket, UTC hour and UTC day, written in the same statement
// as the rollups by live creative. A campaign's report draws its series and its hour-of-week grid from
// them: a 90-day report reads 2,160 hourly rows instead of one per live creative and hour (43,200 for
// 20 creatives). A live creative never changes campaign, so the sums stay exact. `measurable` is the
// measurable impressions, which follow each live creative's type (a banner's impressions, a video's
// viewable and not viewable ones): a sum over creatives of both kinds cannot tell them apart later. The
// rows already stored are summed into all three.
import { COUNTER_COLUMNS } from './0017_rollup_grains';
import { counterColumnLines } from './counter-columns';

const columns = counterColumnLines(COUNTER_COLUMNS);
const sums = COUNTER_COLUMNS.map((column) => `sum(${column})`).join(', ');
const table = (name: string, seconds: number) => `
create table ${name} (
  campaign_id text not null,
  bucket timestamptz not null check (extract(epoch from bucket)::bigint % ${seconds} = 0),
${columns}
  measurable bigint not null default 0,
  primary key (campaign_id, bucket)
);`;

export default /* sql */ `
${table('event_campaign_rollups', 900)}
${table('event_campaign_hour_rollups', 3600)}
${table('event_campaign_day_rollups', 86400)}

insert into event_campaign_rollups (campaign_id, bucket, ${COUNTER_COLUMNS.join(', ')}, measurable)
select live.campaign_id, rollup.bucket, ${COUNTER_COLUMNS.map((column) => `sum(rollup.${column})`).join(', ')},
       sum(case when live.snapshot->>'type' = 'Banner' then rollup.impressions
                else rollup.viewable + rollup.not_viewable end)
  from event_rollups rollup join live_creatives live on live.id = rollup.live_id
 group by 1, 2;

insert into event_campaign_hour_rollups (campaign_id, bucket, ${COUNTER_COLUMNS.join(', ')}, measurable)
select campaign_id, date_bin('1 hour', bucket, timestamptz '2000-01-01 00:00:00+00'), ${sums}, sum(measurable)
  from event_campaign_rollups group by 1, 2;

insert into event_campaign_day_rollups (campaign_id, bucket, ${COUNTER_COLUMNS.join(', ')}, measurable)
select campaign_id, date_bin('1 day', bucket, timestamptz '2000-01-01 00:00:00+00'), ${sums}, sum(measurable)
  from event_campaign_hour_rollups group by 1, 2;
`;
