// Creative approval (docs/product.md §4, "Approval"): submitting a creative for review and deciding on
// it, by a signed-in user (the campaign's owner or an admin) or, through a preview link, by a client who
// types their name (preview-links.ts). The steps are the domain's rules (campaigns/creative-approval.ts);
// each is one audit entry, written with the step in one transaction.
import {
  ApiError,
  type ApprovalDecision,
  type ApprovalStep,
  approvalTransition,
  type CreativeApproval,
  decisionComment,
  effectiveApprovalState,
  isTemporaryId,
  MESSAGES,
} from '@adconsole/domain';
import type { Context } from '../../context';
import {
  type CreativeApprovalRow,
  lockCreativeApproval,
  saveCreativeApproval,
} from '../../db/queries/creative-approvals';
import { lockCreative } from '../../db/queries/creatives';
import { type Actor, recordChange, type Snapshot } from '../audit/record';
import type { SessionUser } from '../identity/sessions';
import { ownCreative } from './access';
import { approvalAnswer, DRAFT_APPROVAL, drawnHash } from './approval-answers';
import { loadCreatives } from './campaign-loader';

/** Who takes a step: a signed-in user, or a client by the name typed on a preview link. */
interface ApprovalActor {
  name: string;
  email: string | null;
  via: 'console' | 'preview-link';
  /** Whom the audit log names (the signed-in user; for a preview link, the typed name). */
  audit: Actor;
}

const consoleActor = (user: SessionUser): ApprovalActor => ({
  name: `${user.firstName} ${user.lastName}`.trim() || user.email,
  email: user.email,
  via: 'console',
  audit: user,
});

const snapshot = (row: CreativeApprovalRow | undefined, name: string): Snapshot | null =>
  row
    ? {
        name,
        state: row.state,
        by:
          row.via === 'preview-link'
            ? `${row.actor_name} (preview link)`
            : (row.actor_email ?? row.actor_name),
        comment: row.comment,
      }
    : null;

/**
 * Takes `step` on the creative: its stored approval read against what it draws now, moved by the
 * domain's rule (409 with the reason when the step does not apply), stored and audited.
 */
export async function takeApprovalStep(
  ctx: Context,
  creativeId: string,
  step: ApprovalStep,
  actor: ApprovalActor,
  comment: string | null,
): Promise<{ approval: CreativeApproval; campaignId: string; name: string }> {
  return ctx.db.transaction(async (tx) => {
    // The creative held as it is now: a save landing meanwhile waits, so what was decided is what it draws.
    await lockCreative(tx, creativeId);
    const [creative] = await loadCreatives(
      { ...ctx, db: tx },
      { creativeIds: [creativeId] },
      { counters: false },
    );
    if (!creative) throw ApiError.of(404, MESSAGES.creativeNotFound);
    const hash = drawnHash(creative);
    const stored = await lockCreativeApproval(tx, creativeId);
    const from = effectiveApprovalState(
      stored && { state: stored.state, drawnHash: stored.drawn_hash },
      hash,
    );
    const next = approvalTransition(from, step);
    if ('problem' in next) throw ApiError.of(next.status, next.problem);
    const saved = await saveCreativeApproval(tx, {
      creative_id: creativeId,
      state: next.state,
      drawn_hash: hash,
      actor_name: actor.name,
      actor_email: actor.email,
      via: actor.via,
      comment,
    });
    const before = stored && { ...stored, state: from };
    await recordChange(tx, actor.audit, {
      entity: 'creativeApproval',
      entityId: creativeId,
      campaignId: creative.campaignID,
      before: snapshot(before ?? undefined, creative.name),
      after: snapshot(saved, creative.name),
    });
    return {
      approval: approvalAnswer(saved, hash) ?? DRAFT_APPROVAL,
      campaignId: creative.campaignID,
      name: creative.name,
    };
  });
}

const savedId = (id: string): string => {
  if (isTemporaryId(id)) throw ApiError.of(404, MESSAGES.noCreativeFoundYet);
  return id;
};

/** POST /v1/creative/review/submit. */
export async function submitForReview(ctx: Context, user: SessionUser, creativeId: string) {
  const creative = await ownCreative(ctx.db, user, savedId(creativeId));
  return (await takeApprovalStep(ctx, creative.id, 'submit', consoleActor(user), null)).approval;
}

/** The comment of a decision, or 400 with the reason. */
export function checkedComment(
  decision: ApprovalDecision,
  comment: string | null | undefined,
): string | null {
  const checked = decisionComment(decision, comment);
  if ('problem' in checked) throw ApiError.of(400, checked.problem);
  return checked.comment;
}

/** POST /v1/creative/review/decide: by the creative's owner or an admin (others: 404). */
export async function decideReview(
  ctx: Context,
  user: SessionUser,
  input: { creativeID: string; decision: ApprovalDecision; comment?: string | null | undefined },
) {
  const creative = await ownCreative(ctx.db, user, savedId(input.creativeID));
  const comment = checkedComment(input.decision, input.comment);
  return (await takeApprovalStep(ctx, creative.id, input.decision, consoleActor(user), comment)).approval;
}
