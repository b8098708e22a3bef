// The public preview page /preview/{token} (docs/product.md §2 and §4, "Approval"): no sign-in. Each
// creative of the link at its real size, drawn as the creative editor's preview draws it (a banner by the
// ad runtime in its sandboxed frame, a video in a real player), with its click-through; for one in review,
// the reader types their name and approves it or asks for changes (a comment, required). An expired or
// revoked link says so, and draws nothing.
import {
  APPROVAL_MESSAGES,
  ApiError,
  type ApprovalDecision,
  type Creative,
  MAX_APPROVAL_COMMENT_LENGTH,
  MAX_REVIEWER_NAME_LENGTH,
  type Preview,
  type PreviewCreative,
  SERVE_PREVIEW_PATH,
  zeroCounters,
} from '@adconsole/domain';
import {
  Alert,
  AlertDescription,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Field,
  Input,
  Skeleton,
  Textarea,
} from '@adconsole/ui';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { publicConfig } from '../../lib/public-config';
import { CreativePreview } from '../creatives/creative-preview';
import { previewOf } from '../creatives/preview-ad';
import { ApprovalBadge, approvalLine } from './approval-card';
import { usePreview, usePreviewDecide } from './approval-queries';

/** A preview's creative as the editor's preview reads a creative (nothing of it counts). */
const asCreative = (creative: PreviewCreative): Creative => ({
  ...creative,
  campaignID: '',
  size: `${creative.width}x${creative.height}`,
  platform: null,
  trackers: {},
  liveCreatives: [],
  data: zeroCounters(),
});

type DecisionInput = { name: string; decision: ApprovalDecision; comment?: string };

type PreviewViewProps = {
  preview: Preview;
  /** The serving origin's preview page (stories give their own). */
  pageUrl: string;
  onDecide: (creativeID: string, input: DecisionInput) => Promise<unknown>;
};

export function PreviewView({ preview, pageUrl, onDecide }: PreviewViewProps) {
  return (
    <div className="grid gap-6" data-slot="preview-page">
      <header className="grid gap-1">
        <h1 className="font-semibold text-2xl">{preview.campaignName}</h1>
        <p className="text-muted-foreground text-sm">
          {preview.advertiserName ? `${preview.advertiserName} · ` : ''}
          {preview.creatives.length === 1 ? '1 creative' : `${preview.creatives.length} creatives`} · this
          link expires {new Date(preview.expiresAt).toUTCString().slice(5, 16)}
        </p>
      </header>
      {preview.creatives.map((creative) => (
        <PreviewCreativeCard key={creative.id} creative={creative} pageUrl={pageUrl} onDecide={onDecide} />
      ))}
    </div>
  );
}

function PreviewCreativeCard({
  creative,
  pageUrl,
  onDecide,
}: {
  creative: PreviewCreative;
  pageUrl: string;
  onDecide: PreviewViewProps['onDecide'];
}) {
  const line = approvalLine(creative.approval);
  return (
    <Card data-slot="preview-creative">
      <CardHeader>
        <CardTitle level={2} className="flex flex-wrap items-center gap-2">
          {creative.name}
          <span className="font-normal text-muted-foreground text-sm">
            {creative.width} × {creative.height}
          </span>
          <ApprovalBadge state={creative.approval.state} />
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <CreativePreview preview={previewOf(asCreative(creative))} pageUrl={pageUrl} />
        <p className="text-sm">
          Click-through:{' '}
          {creative.clickThrough ? (
            <a
              href={creative.clickThrough}
              target="_blank"
              rel="noreferrer noopener"
              className="break-all underline"
            >
              {creative.clickThrough}
            </a>
          ) : (
            <span className="text-muted-foreground">none set</span>
          )}
        </p>
        {line ? <p className="text-muted-foreground text-sm">{line}</p> : null}
        {creative.approval.comment ? (
          <blockquote className="border-l-2 pl-3 text-sm italic">{creative.approval.comment}</blockquote>
        ) : null}
        {creative.approval.state === 'in-review' ? (
          <DecisionForm creative={creative} onDecide={onDecide} />
        ) : null}
      </CardContent>
    </Card>
  );
}

function DecisionForm({
  creative,
  onDecide,
}: {
  creative: PreviewCreative;
  onDecide: PreviewViewProps['onDecide'];
}) {
  const [name, setName] = useState('');
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<{ name?: string; comment?: string; server?: string }>({});
  const [pending, setPending] = useState(false);
  const decide = async (decision: ApprovalDecision) => {
    const found = {
      ...(name.trim() === '' ? { name: APPROVAL_MESSAGES.nameRequired } : {}),
      ...(decision === 'request-changes' && comment.trim() === ''
        ? { comment: APPROVAL_MESSAGES.commentRequired }
        : {}),
    };
    setProblem(found);
    if (found.name || found.comment) return;
    setPending(true);
    try {
      await onDecide(creative.id, {
        name: name.trim(),
        decision,
        ...(comment.trim() === '' ? {} : { comment: comment.trim() }),
      });
    } catch (error) {
      setProblem({ server: error instanceof Error ? error.message : String(error) });
    } finally {
      setPending(false);
    }
  };
  return (
    <form
      className="grid max-w-xl gap-3"
      aria-label={`Decision on ${creative.name}`}
      noValidate
      onSubmit={(event) => event.preventDefault()}
    >
      {problem.server ? (
        <Alert variant="danger">
          <AlertDescription>{problem.server}</AlertDescription>
        </Alert>
      ) : null}
      <Field label="Your name" error={problem.name}>
        <Input
          autoComplete="name"
          maxLength={MAX_REVIEWER_NAME_LENGTH}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </Field>
      <Field label="Comment (required to request changes)" error={problem.comment}>
        <Textarea
          rows={3}
          maxLength={MAX_APPROVAL_COMMENT_LENGTH}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="button" loading={pending} onClick={() => decide('approve')}>
          Approve
        </Button>
        <Button type="button" variant="outline" disabled={pending} onClick={() => decide('request-changes')}>
          Request changes
        </Button>
      </div>
    </form>
  );
}

/** What an unusable link says: expired, revoked (410, the server's sentence) or unknown (404). */
export function PreviewLinkGone({ message }: { message: string }) {
  return (
    <Alert variant="danger" data-slot="preview-gone">
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

export function PreviewPage() {
  const { previewToken = '' } = useParams();
  const preview = usePreview(previewToken);
  const decide = usePreviewDecide(previewToken);
  if (preview.isError) {
    const error = preview.error;
    const gone = error instanceof ApiError && (error.status === 410 || error.status === 404);
    return (
      <PreviewLinkGone
        message={gone ? error.message : 'The preview could not be loaded. Reload the page to try again.'}
      />
    );
  }
  if (!preview.data) return <Skeleton className="h-64 w-full" />;
  return (
    <PreviewView
      preview={preview.data}
      pageUrl={`${publicConfig().adServingUrl}${SERVE_PREVIEW_PATH}`}
      onDecide={(creativeID, input) => decide.mutateAsync({ creativeID, ...input })}
    />
  );
}
