// The campaigns table: its row.

export interface CampaignRow {
  id: string;
  owner_id: string;
  name: string;
  body: {
    data?: {
      start?: { date: string } | null;
      end?: { date: string } | null;
      timezone?: string;
      /** VAST's <Advertiser>; absent when not set. */
      advertiser?: string;
    };
  };
  created_at: Date;
  updated_at: Date;
  data_pulled_at: Date | null;
}
