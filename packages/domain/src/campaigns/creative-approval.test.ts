import { describe, expect, it } from 'vitest';
import {
  APPROVAL_MESSAGES,
  approvalAfterChange,
  approvalPublishProblem,
  approvalTransition,
  decisionComment,
  effectiveApprovalState,
  MAX_APPROVAL_COMMENT_LENGTH,
} from './creative-approval';

describe('creative approval (docs/product.md §4, "Approval")', () => {
  it('submit: draft → in-review', () => {
    expect(approvalTransition('draft', 'submit')).toEqual({ state: 'in-review' });
  });
  it('submit: changes-requested → in-review', () => {
    expect(approvalTransition('changes-requested', 'submit')).toEqual({ state: 'in-review' });
  });
  it('submit is refused in review and once approved (409)', () => {
    expect(approvalTransition('in-review', 'submit')).toEqual({
      problem: APPROVAL_MESSAGES.alreadyInReview,
      status: 409,
    });
    expect(approvalTransition('approved', 'submit')).toEqual({
      problem: APPROVAL_MESSAGES.alreadyApproved,
      status: 409,
    });
  });
  it('approve: in-review → approved', () => {
    expect(approvalTransition('in-review', 'approve')).toEqual({ state: 'approved' });
  });
  it('request changes: in-review → changes-requested', () => {
    expect(approvalTransition('in-review', 'request-changes')).toEqual({ state: 'changes-requested' });
  });
  it('a decision outside review is refused (409)', () => {
    for (const from of ['draft', 'approved', 'changes-requested'] as const)
      for (const step of ['approve', 'request-changes'] as const)
        expect(approvalTransition(from, step)).toEqual({
          problem: APPROVAL_MESSAGES.notInReview,
          status: 409,
        });
  });
  it('a change: approved and in-review → in-review; draft and changes-requested → draft', () => {
    expect(approvalAfterChange('approved')).toBe('in-review');
    expect(approvalAfterChange('in-review')).toBe('in-review');
    expect(approvalAfterChange('draft')).toBe('draft');
    expect(approvalAfterChange('changes-requested')).toBe('draft');
  });
  it('the stored state holds while the creative draws the same; a new fingerprint is a change', () => {
    expect(effectiveApprovalState(undefined, 'a')).toBe('draft');
    expect(effectiveApprovalState({ state: 'approved', drawnHash: 'a' }, 'a')).toBe('approved');
    expect(effectiveApprovalState({ state: 'approved', drawnHash: 'a' }, 'b')).toBe('in-review');
  });
  it('publishing needs approved only when the advertiser requires approval', () => {
    expect(approvalPublishProblem(false, 'draft')).toBeNull();
    expect(approvalPublishProblem(true, 'approved')).toBeNull();
    expect(approvalPublishProblem(true, 'in-review')).toBe(APPROVAL_MESSAGES.publishNeedsApproval);
  });
  it('a comment is required to request changes, bounded, optional to approve', () => {
    expect(decisionComment('request-changes', '  ')).toEqual({ problem: APPROVAL_MESSAGES.commentRequired });
    expect(decisionComment('approve', undefined)).toEqual({ comment: null });
    expect(decisionComment('request-changes', ' Bigger logo ')).toEqual({ comment: 'Bigger logo' });
    expect(decisionComment('approve', 'x'.repeat(MAX_APPROVAL_COMMENT_LENGTH + 1))).toEqual({
      problem: APPROVAL_MESSAGES.commentTooLong,
    });
  });
});
