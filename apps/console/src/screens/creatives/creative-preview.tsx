// The creative as a publisher's page will show it: a banner drawn by the real ad runtime
// (@adconsole/ad-runtime, the code /serve/init.js runs) in its sandboxed frame (the domain's
// AD_SANDBOX), the In-Banner Video layout with the options being edited; a VAST or VPAID creative's
// video file in a plain <video> player (the publisher's VAST player is theirs, and Fluid Player's ~300 kB
// is not worth a preview). The runtime answers its own ad request here: nothing is requested or counted.
import { INS_TAG_CLASS, type ServedAd } from '@adconsole/domain';
import { Alert, AlertDescription, EmptyState, Spinner } from '@adconsole/ui';
import { ImageOffIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { Preview } from './preview-ad';

type Runtime = typeof import('@adconsole/ad-runtime');
/** The runtime's code, fetched when a preview is first drawn. */
const loadAdRuntime = (): Promise<Runtime> => import('@adconsole/ad-runtime');

export type CreativePreviewProps = {
  preview: Preview;
  /** Where the runtime's code comes from (stories stand in a loader that never answers, or fails). */
  loadRuntime?: () => Promise<Runtime>;
};

export function CreativePreview({ preview, loadRuntime = loadAdRuntime }: CreativePreviewProps) {
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
  return <BannerPreview ad={preview.ad} loadRuntime={loadRuntime} />;
}

type Status = 'loading' | 'rendered' | 'error';

function BannerPreview({ ad, loadRuntime }: { ad: ServedAd; loadRuntime: () => Promise<Runtime> }) {
  const slot = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('loading');
  const answer = JSON.stringify(ad);

  useEffect(() => {
    const element = slot.current;
    if (!element) return;
    let cancelled = false;
    let stop = () => {};
    setStatus('loading');
    const tag = document.createElement('ins');
    tag.className = INS_TAG_CLASS;
    tag.setAttribute('data-live-id', 'preview');
    element.replaceChildren(tag);
    const observer = new MutationObserver(() => {
      const state = tag.getAttribute('data-adconsole-state');
      if (state === 'error' || state === 'empty') setStatus('error');
      else if (tag.querySelector('iframe')) setStatus('rendered');
    });
    observer.observe(tag, { attributes: true, childList: true, subtree: true });
    loadRuntime().then(
      (runtime) => {
        if (cancelled) return;
        const started = runtime.start({
          root: element,
          origin: 'https://preview.invalid',
          fetch: async () => new Response(answer, { headers: { 'content-type': 'application/json' } }),
          sendBeacon: () => true,
          pixel: () => {},
          // The In-Banner Video part comes with the runtime's module here, not from /serve/video.js.
          video: async () => runtime.inBannerVideo,
        });
        stop = () => started.stop();
      },
      () => {
        if (!cancelled) setStatus('error');
      },
    );
    return () => {
      cancelled = true;
      observer.disconnect();
      stop();
      element.replaceChildren();
    };
  }, [answer, loadRuntime]);

  return (
    <div className="grid gap-2" data-slot="creative-preview" data-kind="banner" data-status={status}>
      {status === 'error' ? (
        <Alert variant="danger">
          <AlertDescription>The preview could not be drawn. Reload the page to try again.</AlertDescription>
        </Alert>
      ) : null}
      <div className="relative max-w-full overflow-auto rounded-md border bg-muted/40 p-3">
        <div
          ref={slot}
          role="img"
          aria-label={`Preview of ${ad.name}, ${ad.width} × ${ad.height}`}
          aria-busy={status === 'loading'}
          style={{ width: ad.width, height: ad.height }}
        />
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
