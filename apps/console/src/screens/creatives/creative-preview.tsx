// The creative as a publisher's page will show it: a banner drawn by the real ad runtime in its sandboxed
// frame (the domain's AD_SANDBOX), the In-Banner Video layout with the options being edited; a VAST or
// VPAID creative's video file in a plain <video> player (the publisher's VAST player is theirs, and Fluid
// Player's ~300 kB is not worth a preview). The banner is drawn by the serving origin's preview page
// (/serve/preview, the runtime's preview.js), framed here and posted the draft: drawn in this page
// instead, the runtime's frames would inherit the console's Content-Security-Policy, which refuses the
// scripts the runtime writes into them (the In-Banner Video player's controls). Nothing is requested or
// counted.
import {
  PREVIEW_MESSAGE,
  type PreviewDraftMessage,
  type PreviewState,
  type PreviewStateMessage,
  type ServedAd,
} from '@adconsole/domain';
import { Alert, AlertDescription, EmptyState, Spinner } from '@adconsole/ui';
import { ImageOffIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { Preview } from './preview-ad';

export type CreativePreviewProps = {
  preview: Preview;
  /**
   * The preview page: `<serving origin>/serve/preview` (AD_SERVING_URL). Stories give a page of their own
   * that runs the runtime's source, or one that never answers or fails.
   */
  pageUrl: string;
};

export function CreativePreview({ preview, pageUrl }: CreativePreviewProps) {
  if (preview.kind === 'none') {
    return (
      <EmptyState
        icon={<ImageOffIcon aria-hidden="true" />}
        title="No preview yet"
        description={preview.reason}
      />
    );
  }
  if (preview.kind === 'video') {
    return (
      <figure className="grid gap-2" data-slot="creative-preview" data-kind="video">
        <video
          src={preview.url}
          controls
          muted
          playsInline
          preload="metadata"
          aria-label="The ad's video"
          className="aspect-video w-full max-w-xl rounded-md bg-black"
        />
        <figcaption className="text-muted-foreground text-xs">
          The VAST ad's video file in a plain player; on a publisher's page it plays in their video player.
        </figcaption>
      </figure>
    );
  }
  return <BannerPreview ad={preview.ad} pageUrl={pageUrl} />;
}

type Status = 'loading' | 'rendered' | 'error';

/** What the page's state says of the preview: drawn, failed, or still on its way. */
const statusOf = (state: PreviewState): Status =>
  state === 'rendered' ? 'rendered' : state === 'error' || state === 'empty' ? 'error' : 'loading';

function BannerPreview({ ad, pageUrl }: { ad: ServedAd; pageUrl: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  /** The number of the last draft posted: the states of earlier ones are stale. */
  const posted = useRef(0);
  const [ready, setReady] = useState(false);
  const [status, setStatus] = useState<Status>('loading');
  const answer = JSON.stringify(ad);

  // The page says when it listens, then the state of each draft it draws. Its frame is sandboxed
  // (an opaque origin), so it is known by its window, not by an origin.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const data = event.data as Partial<PreviewStateMessage> | null;
      if (event.source !== frame.current?.contentWindow || data?.type !== PREVIEW_MESSAGE || !data.state)
        return;
      if (data.state === 'ready') setReady(true);
      else if (data.draft === posted.current) setStatus(statusOf(data.state));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  // Each draft, once the page listens. The frame's sandbox gives it no origin to name: it is our own
  // frame's window, which nothing else can load into (the console's frame-src).
  useEffect(() => {
    if (!ready) return;
    setStatus('loading');
    posted.current += 1;
    const message: PreviewDraftMessage = {
      type: PREVIEW_MESSAGE,
      ad: JSON.parse(answer),
      draft: posted.current,
    };
    frame.current?.contentWindow?.postMessage(message, '*');
  }, [ready, answer]);

  const size = ad.fluid
    ? { width: '100%', aspectRatio: `${ad.width} / ${ad.height}` }
    : { width: ad.width, height: ad.height };
  return (
    <div className="grid gap-2" data-slot="creative-preview" data-kind="banner" data-status={status}>
      {status === 'error' ? (
        <Alert variant="danger">
          <AlertDescription>The preview could not be drawn. Reload the page to try again.</AlertDescription>
        </Alert>
      ) : null}
      <div className="relative max-w-full overflow-auto rounded-md border bg-muted/40 p-3">
        <div
          role="img"
          aria-label={`Preview of ${ad.name}, ${ad.width} × ${ad.height}`}
          aria-busy={status === 'loading'}
          style={size}
        >
          <iframe
            ref={frame}
            src={pageUrl}
            title={`Preview of ${ad.name}`}
            sandbox="allow-scripts"
            onError={() => setStatus('error')}
            data-slot="creative-preview-page"
            className="block size-full border-0"
          />
        </div>
        {status === 'loading' ? (
          <div className="absolute inset-0 grid place-items-center">
            <Spinner label="Drawing the preview" className="size-6" />
          </div>
        ) : null}
      </div>
      <p className="text-muted-foreground text-xs">
        Drawn by the ad runtime in its sandboxed frame, as on a publisher's page. Nothing here is counted.
      </p>
    </div>
  );
}
