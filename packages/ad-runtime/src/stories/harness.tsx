// The stories' publisher page: real ad tags (the domain's buildTag, with the platform's macros expanded
// as the platform would), the runtime started on them, and a fake ad server that answers fixture
// ServedAd JSON and records every request, beacon and pixel. React is only the harness here: the
// runtime itself knows nothing of it.
import { buildTag, type PlatformId, type ServedAd } from '@adconsole/domain';
import { useEffect, useRef } from 'react';
import { SERVING_ORIGIN } from '../fixtures/served-ad';
import { inBannerVideo } from '../in-banner-video';
import { start, type Timers } from '../start';

/** What the fake server answers for a live id: an ad, a bare status, or a body that is not an ad. */
type Answer = ServedAd | { status: number } | { body: string };

export interface TagSpec {
  liveID: string;
  width?: number;
  height?: number;
  fluid?: boolean;
  platform?: PlatformId;
  dealID?: string;
  fallbackID?: string;
  /** Leave the platform's macros as written (a page the platform did not serve). */
  unexpanded?: boolean;
}

/** What each platform writes in place of its macros when it serves the page. */
export const EXPANDED_MACROS: Record<string, string> = {
  '%%CLICK_URL_UNESC%%': 'https://adclick.g.doubleclick.example/pcs/click?adurl=',
  '%%CACHEBUSTER%%': '8675309',
  '%%VIEW_URL_UNESC%%': 'https://securepubads.g.doubleclick.example/pcs/view?xai=1',
  '${GDPR}': '1',
  '${GDPR_CONSENT_755}': 'CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA',
  '${CLICK_URL}': 'https://ad.doubleclick.example/ddm/trackclk/N1?dv360=',
  '${CACHEBUSTER}': '31337',
};

/** The tag a user copies from the console (without its script: the story starts the runtime). */
export function tagHtml(spec: TagSpec): string {
  const result = buildTag({
    creative: {
      id: `creative-${spec.liveID}`,
      type: 'Banner',
      width: spec.width ?? 300,
      height: spec.height ?? 250,
      fluid: spec.fluid ?? false,
      settings: [
        { key: 'dealIDRequired', value: spec.dealID !== undefined },
        { key: 'fallbackCreative', value: spec.fallbackID !== undefined },
      ],
    },
    liveCreative: { id: spec.liveID },
    platform: spec.platform ?? 'google-ad-manager',
    servingHost: SERVING_ORIGIN,
    dealID: spec.dealID,
    fallbackID: spec.fallbackID,
  });
  if (!result.ok) throw new Error(result.error);
  const ins = result.tag.replace(/<script[\s\S]*<\/script>$/, '');
  if (spec.unexpanded) return ins;
  return Object.entries(EXPANDED_MACROS).reduce((tag, [macro, value]) => tag.split(macro).join(value), ins);
}

export interface AdPageProps {
  tags: TagSpec[];
  answers: Record<string, Answer>;
  /** How the tags sit on the page: one after the other, in a short scroll box (narrow, or wide for
      a billboard), or in a column. */
  layout?: 'page' | 'scroll-box' | 'wide-scroll-box' | 'column';
  onRequest: (url: string) => void;
  /** Returning false refuses the beacon, as a browser with a full beacon queue does. */
  onBeacon: (url: string) => boolean | undefined;
  onPixel: (url: string) => void;
  onPageError: (message: string) => void;
  /** The runtime's timers (the viewable and hover seconds): the window's unless a story drives time. */
  timers?: Timers;
}

/** The fake ad server: GET /serve/ad/{liveID}.json answered from `answers`, 404 otherwise. */
function fakeFetch(answers: AdPageProps['answers'], onRequest: (url: string) => void) {
  return async (url: string): Promise<Response> => {
    onRequest(url);
    const match = /\/serve\/ad\/([^/]+)\.json$/.exec(new URL(url).pathname);
    const answer = match?.[1] ? answers[decodeURIComponent(match[1])] : undefined;
    if (!answer) return new Response('Not found', { status: 404 });
    if ('status' in answer) return new Response(null, { status: answer.status });
    if ('body' in answer)
      return new Response(answer.body, { headers: { 'content-type': 'application/json' } });
    return Response.json(answer);
  };
}

export function AdPage({
  tags,
  answers,
  layout = 'page',
  onRequest,
  onBeacon,
  onPixel,
  onPageError,
  timers,
}: AdPageProps) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const error = (event: ErrorEvent) => onPageError(String(event.message));
    const rejection = (event: PromiseRejectionEvent) => onPageError(String(event.reason));
    window.addEventListener('error', error);
    window.addEventListener('unhandledrejection', rejection);
    const runtime = start({
      root: element,
      origin: SERVING_ORIGIN,
      fetch: fakeFetch(answers, onRequest),
      sendBeacon: (url) => onBeacon(url) !== false,
      pixel: onPixel,
      timers,
      // The In-Banner Video part as a module: the fake server serves no video.js (init.test.ts loads it).
      video: async () => inBannerVideo,
    });
    return () => {
      runtime.stop();
      window.removeEventListener('error', error);
      window.removeEventListener('unhandledrejection', rejection);
    };
  }, [answers, onBeacon, onPageError, onPixel, onRequest, timers]);

  const html = tags.map(tagHtml).join('');
  const slots = (
    // An outline shows each slot, so an empty one is visible too.
    <div
      ref={root}
      data-testid="page"
      className="flex flex-wrap items-start gap-4 [&_ins]:outline [&_ins]:outline-muted-foreground"
    >
      <div className="contents" dangerouslySetInnerHTML={{ __html: html }} />
      <div className="contents" data-testid="later" />
    </div>
  );
  if (layout === 'scroll-box' || layout === 'wide-scroll-box') {
    return (
      // A scrollable region is reachable by keyboard (tabIndex), as axe requires.
      <section
        aria-label="Publisher page"
        tabIndex={0}
        className={`h-72 overflow-auto border ${layout === 'wide-scroll-box' ? 'w-[1000px]' : 'w-[340px]'}`}
      >
        <p className="h-[900px] p-2 text-sm">Article text above the ad…</p>
        {slots}
      </section>
    );
  }
  if (layout === 'column') return <div className="w-[600px]">{slots}</div>;
  return slots;
}
