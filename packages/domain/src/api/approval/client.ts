// Approval and preview-link calls (docs/product.md §4, "Approval") for the console's `*-queries.ts`.
import type { CreativeApproval } from '../../campaigns/creative-approval';
import type { Http } from '../http';
import { send } from '../send';
import { approvalContract, type Preview, type PreviewLink } from './contract';
import type { CreatePreviewLinkRequest, DecideReviewRequest, PreviewDecideRequest } from './requests';

export function approvalCalls(http: Http) {
  const c = approvalContract;
  return {
    submitForReview: (creativeID: string): Promise<CreativeApproval> =>
      send(http, c.submitForReview, { creativeID }),
    decideReview: (input: DecideReviewRequest): Promise<CreativeApproval> =>
      send(http, c.decideReview, input),
    createPreviewLink: (input: CreatePreviewLinkRequest): Promise<PreviewLink> =>
      send(http, c.createPreviewLink, input),
    listPreviewLinks: async (campaignID: string, creativeID?: string): Promise<PreviewLink[]> =>
      (
        await send(
          http,
          c.listPreviewLinks,
          creativeID === undefined ? { campaignID } : { campaignID, creativeID },
        )
      ).links,
    revokePreviewLink: (token: string): Promise<null> => send(http, c.revokePreviewLink, { token }),
    preview: (sharedToken: string): Promise<Preview> => send(http, c.preview, { sharedToken }),
    previewDecide: (input: PreviewDecideRequest): Promise<CreativeApproval> =>
      send(http, c.previewDecide, input),
  };
}
