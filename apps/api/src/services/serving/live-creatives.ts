// The live creatives the ad server answers for, cached briefly in memory: every ad request and tracking
// call needs one, and a database read each time would cap serving at the database's pace. A removal
// in this process is seen at once; one in another process within the cache's lifetime (5 s).
import type { CampaignFlight } from '@adconsole/domain';
import type { Queryable } from '../../db/database';
import { findServedLiveCreative } from '../../db/queries/serving';
import type { CreativeAnswer } from '../campaign-answers';

export interface LiveCreative {
  id: string;
  campaignId: string;
  creativeId: string | null;
  /** The creative as it was when published (its answer, without its live creatives). */
  snapshot: Omit<CreativeAnswer, 'liveCreatives'>;
  createdAt: Date;
  /** Its campaign's flight dates and timezone as they are now (not as published): served only while live. */
  flight: CampaignFlight;
  /** Its campaign's advertiser as it is now (VAST's <Advertiser>); undefined when not set. */
  advertiser: string | undefined;
}

const LIVE_ID = /^[A-Za-z0-9_-]{1,128}$/;

interface Entry {
  value: LiveCreative | undefined;
  expires: number;
}

export class LiveCreativeCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly db: Queryable,
    private readonly ttlMs = 5000,
  ) {}

  /** The live creative while it serves (not removed, its creative not deleted); undefined otherwise. */
  async get(liveId: string): Promise<LiveCreative | undefined> {
    // Ids are the server's own (24 hex characters); anything else is no live creative, never a query.
    if (!LIVE_ID.test(liveId)) return undefined;
    const cached = this.entries.get(liveId);
    if (cached && cached.expires > Date.now()) return cached.value;
    const row = await findServedLiveCreative<LiveCreative['snapshot']>(this.db, liveId);
    const value = row
      ? {
          id: row.id,
          campaignId: row.campaign_id,
          creativeId: row.creative_id,
          snapshot: row.snapshot,
          createdAt: new Date(row.created_at),
          flight: row.flight ?? {},
          advertiser: row.advertiser || undefined,
        }
      : undefined;
    if (this.entries.size > 10_000) this.entries.clear();
    this.entries.set(liveId, { value, expires: Date.now() + this.ttlMs });
    return value;
  }

  /** Forget everything (a live creative, creative or campaign was removed in this process). */
  clear(): void {
    this.entries.clear();
  }
}
