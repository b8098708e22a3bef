// A creative's approval (docs/product.md §4, "Approval"): draft, in review, approved or changes requested.
// The steps are pure rules here; the API stores the state with a fingerprint of what the creative drew
// when the step was taken, so a later change that alters what it draws reads as that change's state
// (approvalAfterChange) without anything having to run on the save. Preview links' bounds are here too.
import { z } from 'zod/mini';
import {
  APPROVAL_MESSAGES,
  approvalRequirementMessage,
  MAX_APPROVAL_COMMENT_LENGTH,
  MAX_PREVIEW_LINKS_PER_CAMPAIGN,
  MAX_REVIEWER_NAME_LENGTH,
  PREVIEW_LINK_MAX_DAYS,
} from '../validation/approval-messages';

export {
  APPROVAL_MESSAGES,
  approvalRequirementMessage,
  MAX_APPROVAL_COMMENT_LENGTH,
  MAX_PREVIEW_LINKS_PER_CAMPAIGN,
  MAX_REVIEWER_NAME_LENGTH,
  PREVIEW_LINK_MAX_DAYS,
};

export const APPROVAL_STATES = ['draft', 'in-review', 'approved', 'changes-requested'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

export const APPROVAL_DECISIONS = ['approve', 'request-changes'] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

/** A step of the approval: submitting for review, or one of the two decisions. */
export type ApprovalStep = 'submit' | ApprovalDecision;

/** A preview link lives this many days unless its maker asks for fewer (at most the maximum). */
export const PREVIEW_LINK_DEFAULT_DAYS = 30;

export const APPROVAL_STATE_LABELS: Readonly<Record<ApprovalState, string>> = {
  draft: 'Draft',
  'in-review': 'In review',
  approved: 'Approved',
  'changes-requested': 'Changes requested',
};

export type ApprovalTransition = { state: ApprovalState } | { problem: string; status: 409 };

/**
 * The state after a step. Submitting: from draft or changes requested into review. Deciding (approve,
 * request changes): only a creative in review. Anything else is refused with the reason (409).
 */
export function approvalTransition(from: ApprovalState, step: ApprovalStep): ApprovalTransition {
  if (step === 'submit') {
    if (from === 'in-review') return { problem: APPROVAL_MESSAGES.alreadyInReview, status: 409 };
    if (from === 'approved') return { problem: APPROVAL_MESSAGES.alreadyApproved, status: 409 };
    return { state: 'in-review' };
  }
  if (from !== 'in-review') return { problem: APPROVAL_MESSAGES.notInReview, status: 409 };
  return { state: step === 'approve' ? 'approved' : 'changes-requested' };
}

/**
 * The state once the creative changed what it draws: one that had been submitted (in review, approved)
 * is in review again, for a new decision on what it draws now; the others are a draft.
 */
export function approvalAfterChange(state: ApprovalState): ApprovalState {
  return state === 'in-review' || state === 'approved' ? 'in-review' : 'draft';
}

/** The stored state read against what the creative draws now (its fingerprint then and now). */
export function effectiveApprovalState(
  stored: { state: ApprovalState; drawnHash: string } | undefined,
  currentHash: string,
): ApprovalState {
  if (!stored) return 'draft';
  return stored.drawnHash === currentHash ? stored.state : approvalAfterChange(stored.state);
}

/** Why publishing is refused: its advertiser requires approval and it is not approved (409), else null. */
export function approvalPublishProblem(requiresApproval: boolean, state: ApprovalState): string | null {
  return requiresApproval && state !== 'approved' ? APPROVAL_MESSAGES.publishNeedsApproval : null;
}

/** A decision's comment, checked: required to request changes, trimmed, bounded; null when empty. */
export function decisionComment(
  decision: ApprovalDecision,
  comment: string | null | undefined,
): { comment: string | null } | { problem: string } {
  const text = comment?.trim() ?? '';
  if (text.length > MAX_APPROVAL_COMMENT_LENGTH) return { problem: APPROVAL_MESSAGES.commentTooLong };
  if (decision === 'request-changes' && text === '') return { problem: APPROVAL_MESSAGES.commentRequired };
  return { comment: text === '' ? null : text };
}

/** Who took the last step: a signed-in user (name and e-mail) or the name a client typed on a preview link. */
export const approvalActorSchema = z.object({
  name: z.string(),
  email: z.nullable(z.string()),
  via: z.enum(['console', 'preview-link']),
});

/** A creative's approval as answered (`approval` of a creative). */
export const creativeApprovalSchema = z.object({
  state: z.enum(APPROVAL_STATES),
  /** The last step's actor, time and comment; null for a creative never submitted. */
  by: z.nullable(approvalActorSchema),
  at: z.nullable(z.string()),
  comment: z.nullable(z.string()),
  /** True when the creative changed what it draws after the last step (the state then followed the change). */
  changedSince: z.boolean(),
});
export type CreativeApproval = z.infer<typeof creativeApprovalSchema>;
