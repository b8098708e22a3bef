// The demo's approval (docs/product.md §4, "Approval"). The demo campaign's creatives were published as
// the flight began (demo.ts) and keep serving: three were approved by the client through a preview link,
// the In-Banner Video banner is in review, with a working preview link for the client. Northwind Outdoor
// does not require approval: the demo still publishes new creatives into its campaign (the builder's
// export, then Publish), which an advertiser requiring approval would refuse until approved.
import { randomBytes } from 'node:crypto';
import { saveCreativeApproval } from '../../db/queries/creative-approvals';
import { insertPreviewLink } from '../../db/queries/preview-links';
import { drawnHash } from '../campaigns/approval-answers';
import { type LoadSource, loadCreatives } from '../campaigns/campaign-loader';

const DAY_MS = 86_400_000;

export async function seedDemoApproval(
  source: LoadSource,
  input: {
    campaignId: string;
    creativeIds: readonly string[];
    inReviewId: string;
    owner: { id: string; email: string; name: string };
    now: Date;
  },
): Promise<void> {
  const { db } = source;
  const creatives = await loadCreatives(source, { creativeIds: [...input.creativeIds] }, { counters: false });
  for (const creative of creatives) {
    const inReview = creative.id === input.inReviewId;
    await saveCreativeApproval(db, {
      creative_id: creative.id,
      state: inReview ? 'in-review' : 'approved',
      drawn_hash: drawnHash(creative),
      actor_name: inReview ? input.owner.name : 'Dana Whitfield',
      actor_email: inReview ? input.owner.email : null,
      via: inReview ? 'console' : 'preview-link',
      comment: inReview ? null : 'Approved for the summer flight.',
    });
  }
  await insertPreviewLink(db, {
    token: randomBytes(32).toString('base64url'),
    campaignId: input.campaignId,
    creativeId: input.inReviewId,
    createdBy: input.owner.id,
    expiresAt: new Date(input.now.getTime() + 30 * DAY_MS),
  });
}
