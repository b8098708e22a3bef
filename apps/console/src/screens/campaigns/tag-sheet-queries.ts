// The campaign's tag sheet (docs/tags.md, "The campaign's tag sheet"): GET /v1/campaign/tags through the
// creative calls, as the creative's own sheet goes through creative-queries.ts; answers the file's URL.
import { useMutation } from '@tanstack/react-query';
import { creativesApi } from '../creatives/creative-queries';

export type CampaignTagSheetType = 'xlsx' | 'csv';

/** Builds the campaign's tag sheet (xlsx: a worksheet per platform; csv: one file) and answers its URL. */
export const useCampaignTagSheet = (campaignID: string) =>
  useMutation({
    mutationFn: (type: CampaignTagSheetType) => creativesApi().downloadCampaignTags(campaignID, type),
  });
