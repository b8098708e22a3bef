// The live_creatives table: its row (a published snapshot of a creative).
import type { CreativeType } from '@adconsole/domain';

export interface LiveCreativeRow {
  id: string;
  creative_id: string | null;
  campaign_id: string;
  snapshot: { type?: CreativeType; width?: number; height?: number; platform?: string | null };
  created_at: Date;
}
