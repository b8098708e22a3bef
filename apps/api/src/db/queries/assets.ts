// The assets table: its row (a creative's uploaded file).

export interface AssetRow {
  id: string;
  creative_id: string;
  file_name: string;
  filename: string;
  name: string;
  upload_type: string;
  width: number | null;
  height: number | null;
  duration: number | null;
  bitrate?: number | null;
}
