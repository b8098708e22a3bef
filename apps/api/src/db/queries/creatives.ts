// The creatives table: its row and the JSON body it keeps the creative's settings in.
import type { CreativeSetting, Trackers } from '@adconsole/domain';

export interface CreativeBodyJson {
  width?: number;
  height?: number;
  fluid?: boolean;
  platform?: string | null;
  trackers?: Trackers;
  settings?: CreativeSetting[];
  layout?: string | null;
  html?: string | null;
}

export interface CreativeRow {
  id: string;
  campaign_id: string;
  name: string;
  type: 'Banner' | 'VAST' | 'VPAID';
  body: CreativeBodyJson;
  created_at: Date;
  updated_at: Date;
}
