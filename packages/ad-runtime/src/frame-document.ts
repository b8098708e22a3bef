// The document of an ad's sandboxed frame (its srcdoc): the creative's content, the frame script, and
// the In-Banner Video player when the layout asks for it (in-banner-video.ts, which the built runtime
// loads as video.js only then). Our elements carry `adc-` ids so that a creative's own HTML and CSS in
// the same document do not collide with them.
import { IN_BANNER_VIDEO, type ServedAd, VIDEO_ASSET } from './contract';
import { type FrameConfig, frameScript } from './frame-script';
import { escapeHtml, scriptJson } from './html';
import type { InBannerVideo } from './in-banner-video';

/** The IAB HTML5 convention: the click URL travels to the creative as ?clickTag=. */
export const withClickTag = (url: string, clickUrl: string): string =>
  `${url}${url.includes('?') ? '&' : '?'}clickTag=${encodeURIComponent(clickUrl)}`;

const BASE_CSS =
  'html,body{margin:0;width:100%;height:100%;overflow:hidden}' +
  '#adc-k,#adc-h{position:absolute;top:0;left:0;width:100%;height:100%;border:0;display:block}' +
  '#adc-k img{display:block;width:100%;height:100%}[hidden]{display:none!important}';

/** The video of an ad with the In-Banner Video layout: the ads that need the player (video.js). */
export const playerVideo = (ad: ServedAd): string | undefined =>
  ad.layout?.id === IN_BANNER_VIDEO ? ad.layout.assets[VIDEO_ASSET] : undefined;

/** The creative's own script elements carry the nonce too: under a page's CSP they would not run. */
const withNonce = (html: string, nonce: string) =>
  nonce ? html.replace(/<script\b/gi, `<script nonce="${escapeHtml(nonce)}"`) : html;

function content(ad: ServedAd, nonce: string): string {
  const click = escapeHtml(ad.clickUrl);
  const link = `<a id="adc-k" href="${click}" target="_blank" rel="noopener"`;
  switch (ad.content.kind) {
    case 'image':
      return `${link}><img src="${escapeHtml(ad.content.url)}" alt="Advertisement"></a>`;
    case 'html':
      return withNonce(ad.content.html, nonce);
    case 'html5':
      return `<iframe id="adc-h" src="${escapeHtml(withClickTag(ad.content.url, ad.clickUrl))}" title="Advertisement"></iframe>`;
    default:
      return `${link} aria-label="Advertisement"></a>`;
  }
}

/**
 * The srcdoc of an ad's frame. A srcdoc document inherits the page's Content-Security-Policy: with the
 * `nonce` of the runtime's own script tag, the frame's scripts carry it and run under a nonce policy.
 * `video` (the In-Banner Video part) adds the player to an ad with that layout and its video.
 */
export function frameDocument(ad: ServedAd, nonce = '', video?: InBannerVideo): string {
  const videoUrl = playerVideo(ad);
  const player = video && ad.layout && videoUrl ? video(ad.layout, videoUrl) : undefined;
  const config: FrameConfig = { clickUrl: ad.clickUrl, ...(nonce ? { nonce } : {}) };
  return (
    `<!doctype html><meta charset="utf-8"><style>${BASE_CSS}</style>` +
    `<script${nonce ? ` nonce="${escapeHtml(nonce)}"` : ''}>(${frameScript.toString()})(${scriptJson(config)})${player?.script ?? ''}</script>` +
    content(ad, nonce) +
    (player?.html ?? '')
  );
}
