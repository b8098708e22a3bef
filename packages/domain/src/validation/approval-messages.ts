// The approval's and preview links' texts and bounds (docs/product.md §4, "Approval"): a part of the one
// catalogue, spread into MESSAGES (messages.ts) as the account and advertiser texts are.
import { registerProductTexts } from './product-texts';

export const MAX_APPROVAL_COMMENT_LENGTH = 2000;
/** The longest name a client types on a preview link. */
export const MAX_REVIEWER_NAME_LENGTH = 100;
export const PREVIEW_LINK_MAX_DAYS = 90;
/** At most this many working preview links per campaign. */
export const MAX_PREVIEW_LINKS_PER_CAMPAIGN = 50;

export const APPROVAL_MESSAGES = {
  alreadyInReview: 'This creative is already in review.',
  alreadyApproved: 'This creative is already approved; change it to ask for a new review.',
  notInReview: 'This creative is not in review: submit it for review first.',
  commentRequired: 'Say what should change: a comment is required to request changes.',
  commentTooLong: `The comment is too long (at most ${MAX_APPROVAL_COMMENT_LENGTH} characters).`,
  decision: "decision must be 'approve' or 'request-changes'",
  nameRequired: 'Type your name to approve or request changes.',
  nameTooLong: `The name is too long (at most ${MAX_REVIEWER_NAME_LENGTH} characters).`,
  publishNeedsApproval:
    "This creative's advertiser requires approval before publishing: submit it for review and have it approved.",
  previewLinkNotFound: 'Preview link not found.',
  previewLinkExpired: 'This preview link has expired. Ask the sender for a new one.',
  previewLinkRevoked: 'This preview link was revoked. Ask the sender for a new one.',
  previewLinkDays: `expiresInDays must be a whole number from 1 to ${PREVIEW_LINK_MAX_DAYS}`,
  previewLinkCreativeNotInLink: 'This creative is not in this preview link.',
  tooManyPreviewLinks: `A campaign has at most ${MAX_PREVIEW_LINKS_PER_CAMPAIGN} working preview links: revoke one first.`,
  // The console's notices when a call fails.
  reviewNotSubmitted: 'The creative was not submitted.',
  decisionNotSaved: 'The decision was not saved.',
  previewLinkNotMade: 'The preview link was not made.',
  previewLinkNotRevoked: 'The preview link was not revoked.',
} as const;
registerProductTexts(APPROVAL_MESSAGES);

/**
 * The creative page's Approval card: whether the campaign's advertiser requires approval before its
 * creatives are published ("Acme requires approval before publishing", "Approval optional for Acme").
 */
export const approvalRequirementMessage = (advertiser: string, required: boolean): string =>
  required ? `${advertiser} requires approval before publishing` : `Approval optional for ${advertiser}`;
