// The creative page's "Approval" card (docs/product.md §4, "Approval"): the state, who took the last step
// and when (a signed-in user, or the name a client typed on a preview link) with its comment, and the
// next steps: "Submit for review" for a draft or a creative whose changes were requested, "Approve" and
// "Request changes" (with a comment, required) for one in review. It says whether the campaign's
// advertiser requires approval before publishing (then publishing waits for "Approved": the server's 409
// says so) or leaves it optional. A client (read-only) decides but does not submit.
import {
  type Advertiser,
  APPROVAL_MESSAGES,
  APPROVAL_STATE_LABELS,
  type ApprovalDecision,
  type ApprovalState,
  approvalRequirementMessage,
  type CreativeApproval,
  MAX_APPROVAL_COMMENT_LENGTH,
  MESSAGES,
} from '@adconsole/domain';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, Field, Textarea } from '@adconsole/ui';
import { useState } from 'react';
import { showError } from '../../lib/notify-error';
import { formatDateTime } from '../campaigns/format';
import { useApprovalSteps } from './approval-queries';

const VARIANT: Record<ApprovalState, 'secondary' | 'warning' | 'success' | 'danger'> = {
  draft: 'secondary',
  'in-review': 'warning',
  approved: 'success',
  'changes-requested': 'danger',
};

/** The state's badge, as the card and the preview page show it. */
export function ApprovalBadge({ state }: { state: ApprovalState }) {
  return <Badge variant={VARIANT[state]}>{APPROVAL_STATE_LABELS[state]}</Badge>;
}

/** "Approved by Nora Client (preview link), 3 Mar 2026, 10:00 UTC". */
export function approvalLine(approval: CreativeApproval): string | null {
  if (!approval.by || !approval.at) return null;
  const who = approval.by.via === 'preview-link' ? `${approval.by.name} (preview link)` : approval.by.name;
  const verb =
    approval.state === 'approved'
      ? 'Approved'
      : approval.state === 'changes-requested'
        ? 'Changes requested'
        : 'Last step';
  const line = `${verb} by ${who}, ${formatDateTime(approval.at)}`;
  return approval.changedSince ? `${line}. The creative changed since.` : line;
}

/** What the card says of the advertiser's rule: "Acme requires approval before publishing", or optional. */
export const approvalRequirementLine = (
  advertiser: Pick<Advertiser, 'name' | 'requiresApproval'> | undefined,
): string | null =>
  advertiser ? approvalRequirementMessage(advertiser.name, advertiser.requiresApproval === true) : null;

type ApprovalPanelProps = {
  approval: CreativeApproval;
  pending: boolean;
  /** The advertiser's rule (approvalRequirementLine); null while it is not known. */
  requirement?: string | null | undefined;
  /** Whether "Submit for review" is offered (not to a client: it only decides). */
  canSubmit?: boolean | undefined;
  onSubmit: () => void;
  onDecide: (decision: ApprovalDecision, comment: string) => void;
};

export function ApprovalPanel({
  approval,
  pending,
  requirement,
  canSubmit = true,
  onSubmit,
  onDecide,
}: ApprovalPanelProps) {
  const [asking, setAsking] = useState(false);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const line = approvalLine(approval);
  const send = () => {
    if (comment.trim() === '') return setProblem(APPROVAL_MESSAGES.commentRequired);
    setProblem(null);
    onDecide('request-changes', comment.trim());
  };
  return (
    <div className="grid gap-3" data-slot="approval-panel" data-state={approval.state}>
      <div className="flex flex-wrap items-center gap-2">
        <ApprovalBadge state={approval.state} />
        <span className="text-muted-foreground text-sm" data-slot="approval-requirement">
          {requirement ?? 'An advertiser that requires approval gets only approved creatives published.'}
        </span>
      </div>
      {line ? <p className="text-sm">{line}</p> : null}
      {approval.comment ? (
        <blockquote className="border-l-2 pl-3 text-sm italic">{approval.comment}</blockquote>
      ) : null}
      {canSubmit && (approval.state === 'draft' || approval.state === 'changes-requested') ? (
        <div>
          <Button size="sm" onClick={onSubmit} loading={pending}>
            Submit for review
          </Button>
        </div>
      ) : null}
      {approval.state === 'in-review' && !asking ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => onDecide('approve', '')} loading={pending}>
            Approve
          </Button>
          <Button size="sm" variant="outline" onClick={() => setAsking(true)} disabled={pending}>
            Request changes
          </Button>
        </div>
      ) : null}
      {approval.state === 'in-review' && asking ? (
        <div className="grid gap-2">
          <Field label="What should change" error={problem ?? undefined}>
            <Textarea
              rows={3}
              maxLength={MAX_APPROVAL_COMMENT_LENGTH}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
            />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={send} loading={pending}>
              Send request
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setAsking(false)} disabled={pending}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

const DRAFT: CreativeApproval = { state: 'draft', by: null, at: null, comment: null, changedSince: false };

/** The card on a saved creative's page. */
export function ApprovalCard({
  campaignID,
  creativeID,
  approval,
  advertiser,
  readOnly = false,
}: {
  campaignID: string;
  creativeID: string;
  approval: CreativeApproval | undefined;
  /** The campaign's advertiser: whether it requires approval (unknown while it loads). */
  advertiser?: Pick<Advertiser, 'name' | 'requiresApproval'> | undefined;
  /** A client's view: it decides on a creative in review, and submits nothing. */
  readOnly?: boolean;
}) {
  const { submit, decide } = useApprovalSteps(campaignID, creativeID);
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>Approval</CardTitle>
      </CardHeader>
      <CardContent>
        <ApprovalPanel
          approval={approval ?? DRAFT}
          pending={submit.isPending || decide.isPending}
          requirement={approvalRequirementLine(advertiser)}
          canSubmit={!readOnly}
          onSubmit={() => submit.mutate(undefined, { onError: showError(MESSAGES.reviewNotSubmitted) })}
          onDecide={(decision, comment) =>
            decide.mutate(comment === '' ? { decision } : { decision, comment }, {
              onError: showError(MESSAGES.decisionNotSaved),
            })
          }
        />
      </CardContent>
    </Card>
  );
}
