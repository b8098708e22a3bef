// The document of an ad's sandboxed frame (its srcdoc): the creative's content, the In-Banner Video
// player when the layout asks for it, and the frame script. Our elements carry `adc-` ids so that a
// creative's own HTML and CSS in the same document do not collide with them.
import { IN_BANNER_VIDEO, type ServedAd, VIDEO_ASSET } from './contract';
import { type FrameConfig, type FramePlayerConfig, frameScript } from './frame-script';
import {
  BUTTON_IMAGES,
  type ButtonImage,
  type ButtonPosition,
  type InBannerVideoSettings,
  inBannerVideoSettings,
} from './layout-options';

const escapeHtml = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The IAB HTML5 convention: the click URL travels to the creative as ?clickTag=. */
export const withClickTag = (url: string, clickUrl: string): string =>
  `${url}${url.includes('?') ? '&' : '?'}clickTag=${encodeURIComponent(clickUrl)}`;

const svg = (paths: string) => `<svg viewBox="0 0 24 24" aria-hidden="true">${paths}</svg>`;
const speaker = '<path d="M3 9v6h4l5 5V4L7 9z"/>';
const stroke = (d: string) => `<path d="${d}" fill="none" stroke="currentColor" stroke-width="2"/>`;
/** The drawn buttons, used where the layout has no custom image. */
const ICONS: Record<ButtonImage, string> = {
  play: svg('<path d="M8 5v14l11-7z"/>'),
  pause: svg('<path d="M6 5h4v14H6zm8 0h4v14h-4z"/>'),
  replay: svg(`${stroke('M5 12a7 7 0 1 0 2-5')}<path d="M3 3v6h6z"/>`),
  mute: svg(`${speaker}${stroke('M15 8a5 5 0 0 1 0 8m3-11a9 9 0 0 1 0 14')}`),
  unmute: svg(`${speaker}${stroke('M16 9l5 6m0-6l-5 6')}`),
};

const TOOLBAR_POSITION: Record<ButtonPosition, string> = {
  'top left': 'top:8px;left:8px',
  'top right': 'top:8px;right:8px',
  'top over': 'top:0;left:0;right:0;padding:8px;background:linear-gradient(#0009,#0000)',
  center: 'top:50%;left:50%;transform:translate(-50%,-50%)',
  'bottom left': 'bottom:12px;left:8px',
  'bottom right': 'bottom:12px;right:8px',
  'bottom over': 'bottom:0;left:0;right:0;padding:8px 8px 12px;background:linear-gradient(#0000,#0009)',
};

const BASE_CSS =
  'html,body{margin:0;width:100%;height:100%;overflow:hidden}' +
  '#adc-k,#adc-h{position:absolute;top:0;left:0;width:100%;height:100%;border:0;display:block}' +
  '#adc-k img{display:block;width:100%;height:100%}[hidden]{display:none!important}';

const box = (left: number, top: number, width: number, height: number) =>
  `left:${left}%;top:${top}%;width:${width}%;height:${height}%`;
/** The part of [start, start + size] within 0..100 (the banner), as [start, length]. */
function shown(start: number, size: number): readonly [number, number] {
  const from = Math.max(0, start);
  return [from, Math.max(0, Math.min(100, start + size) - from)];
}

function playerMarkup(settings: InBannerVideoSettings, videoUrl: string): string {
  const { size, controls } = settings;
  const scale = settings.buttonsSize / 100;
  const left = 50 - size / 2 + settings.x;
  const top = 50 - size / 2 + settings.y;
  const hidden = settings.delay > 0 ? ' hidden' : '';
  const button = (id: string, label: string, icon: ButtonImage, extra = '') =>
    `<button id="adc-${id}" type="button" aria-label="${label}"${extra}>${iconOf(settings, icon)}</button>`;
  const countdown = settings.showCountdown && !settings.progressBar ? '<span id="adc-t"></span>' : '';
  const buttons = controls
    ? `${button('pp', 'Play', 'play')}${button('r', 'Replay', 'replay', ' hidden')}${button('m', 'Unmute', 'unmute')}`
    : '';
  // The buttons and the progress sit on the part of the player that the banner shows.
  const [overlayLeft, overlayWidth] = shown(left, size);
  const [overlayTop, overlayHeight] = shown(top, size);
  const css =
    `#adc-p,#adc-o{position:absolute;pointer-events:none}#adc-p{${box(left, top, size, size)}}` +
    `#adc-o{${box(overlayLeft, overlayTop, overlayWidth, overlayHeight)}}` +
    `#adc-p{overflow:hidden;border-radius:${settings.radius}px;z-index:${settings.foreground ? 2147483646 : -1}}` +
    '#adc-v{display:block;width:100%;height:100%;object-fit:cover}#adc-o{z-index:2147483647}' +
    `#adc-g{position:absolute;width:100%;height:100%;left:${settings.buttonsX}%;top:${settings.buttonsY}%}` +
    `#adc-b{position:absolute;display:flex;justify-content:center;align-items:center;gap:${6 * scale}px;pointer-events:auto;${TOOLBAR_POSITION[settings.buttonsPosition]}}` +
    `#adc-b button{all:unset;box-sizing:border-box;display:flex;align-items:center;justify-content:center;width:${32 * scale}px;height:${32 * scale}px;border-radius:50%;background:#000a;color:#fff;cursor:pointer}` +
    '#adc-b button:has(img){background:none;border-radius:0}#adc-b button:focus-visible{outline:2px solid #fff}' +
    '#adc-b svg{width:60%;height:60%;fill:currentColor}#adc-b img{display:block;width:100%;height:100%}' +
    `#adc-t{font:600 ${12 * scale}px/1 system-ui,sans-serif;color:#fff;background:#000a;padding:${4 * scale}px ${6 * scale}px;border-radius:4px;font-variant-numeric:tabular-nums}` +
    '#adc-bar{position:absolute;left:0;right:0;bottom:0;height:4px;background:#fff6}#adc-q{height:100%;width:0;background:#fff}';
  const toolbar =
    buttons || countdown ? `<div id="adc-g"><div id="adc-b">${buttons}${countdown}</div></div>` : '';
  const bar =
    settings.showCountdown && settings.progressBar ? '<div id="adc-bar"><div id="adc-q"></div></div>' : '';
  return (
    `<style>${css}</style>` +
    `<div id="adc-p"${hidden}><video id="adc-v" src="${escapeHtml(videoUrl)}" muted playsinline preload="auto"${settings.loop ? ' loop' : ''}></video></div>` +
    `<div id="adc-o"${hidden}>${bar}${toolbar}</div>`
  );
}

function iconOf(settings: InBannerVideoSettings, name: ButtonImage): string {
  const image = settings.images[name];
  return image ? `<img src="${escapeHtml(image)}" alt="">` : ICONS[name];
}

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
 */
export function frameDocument(ad: ServedAd, nonce = ''): string {
  const layout = ad.layout;
  const videoUrl = layout?.id === IN_BANNER_VIDEO ? layout.assets[VIDEO_ASSET] : undefined;
  const settings = videoUrl && layout ? inBannerVideoSettings(layout.options) : null;
  const player: FramePlayerConfig | null = settings && {
    autoplay: settings.autoplay,
    delay: settings.delay * 1000,
    icons: Object.fromEntries(BUTTON_IMAGES.map((name) => [name, iconOf(settings, name)])) as Record<
      ButtonImage,
      string
    >,
  };
  const config: FrameConfig = { clickUrl: ad.clickUrl, player, ...(nonce ? { nonce } : {}) };
  // JSON inside <script>: no '<' may close the element early.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return (
    `<!doctype html><meta charset="utf-8"><style>${BASE_CSS}</style>` +
    `<script${nonce ? ` nonce="${escapeHtml(nonce)}"` : ''}>(${frameScript.toString()})(${json})</script>` +
    content(ad, nonce) +
    (settings && videoUrl ? playerMarkup(settings, videoUrl) : '')
  );
}
