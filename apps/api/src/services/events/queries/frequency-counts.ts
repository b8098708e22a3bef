// Report read: a campaign's ads of capped tags by their rank in the browser's frequency window over a
// range (docs/reports.md, "Frequency"), summed by window kind and rank; the domain's frequencyOf makes
// the distribution of them. The rollups are 15-minute UTC buckets, so a local day of any zone is exact.
import type { FrequencyCount } from '@adconsole/domain';
import { byStore } from './by-store';
import { clickhouseTime } from './local-time';

export const readFrequencyCounts = byStore<[campaignId: string, from: Date, to: Date], FrequencyCount[]>({
  async postgres(store, campaignId, from, to) {
    if (from.getTime() >= to.getTime()) return [];
    const rows = await store.db.query<{ period: string; rank: number; ads: string }>(
      `select period, rank::int as rank, sum(ads)::bigint as ads
         from ad_frequency_rollups
        where campaign_id = $1 and bucket >= $2::timestamptz and bucket < $3::timestamptz
        group by period, rank
        order by period, rank`,
      [campaignId, from.toISOString(), to.toISOString()],
    );
    return rows.map((row) => ({ period: row.period, rank: Number(row.rank), ads: Number(row.ads) }));
  },
  async clickhouse(store, campaignId, from, to) {
    const rows = await store.rows<{ period: string; rank: number; ads: string }>(
      `select period, rank, sum(ads) as ads
         from ${store.table('ad_frequency_rollups')}
        where campaign_id = {campaign:String}
          and bucket >= {from:DateTime64(3, 'UTC')} and bucket < {to:DateTime64(3, 'UTC')}
        group by period, rank
        order by period, rank`,
      { campaign: campaignId, from: clickhouseTime(from), to: clickhouseTime(to) },
    );
    return rows.map((row) => ({ period: row.period, rank: Number(row.rank), ads: Number(row.ads) }));
  },
});
