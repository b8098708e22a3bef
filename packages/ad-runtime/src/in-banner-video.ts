// The In-Banner Video layout's part of an ad's frame: the player's markup and CSS after the creative's
// content, and its script beside the frame script. Only ads with this layout need it, so the built
// runtime keeps it out of init.js: it is dist/video.js (/serve/video.js, entry video.ts), which init.js
// loads into the page the first time a served ad has the layout. Our elements carry `adc-` ids so that
// a creative's own HTML and CSS in the same document do not collide with them.
import { escapeHtml, scriptJson } from './html';
import {
  BUTTON_IMAGES,
  type ButtonImage,
  type ButtonPosition,
  type InBannerVideoSettings,
  inBannerVideoSettings,
} from './layout-options';
import { type PlayerConfig, playerScript } from './player-script';

/** What the frame of an In-Banner Video ad gets beside the creative. */
interface VideoFramePart {
  /** Markup after the creative's content: the player, its buttons and its progress. */
  html: string;
  /** JavaScript run in the frame's script element after the frame script: the player. */
  script: string;
}

/**
 * A served ad's layout as the part takes it: the domain's `ServedLayout`, written out here so that the
 * package's published types stand alone (the domain is bundled into the scripts, never installed beside
 * them); contract.test.ts holds the two to the same shape.
 */
export interface VideoLayout {
  id: string;
  /** Every option of the layout, defaults filled in. */
  options: Record<string, string | number | boolean>;
  /** The layout's required assets by name ('main.mp4') to their URLs. */
  assets: Record<string, string>;
}

/** The player's part of the frame, for a layout and its video; what video.js hands to init.js. */
export type InBannerVideo = (layout: VideoLayout, videoUrl: string) => VideoFramePart;

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

export const inBannerVideo: InBannerVideo = (layout, videoUrl) => {
  const settings = inBannerVideoSettings(layout.options);
  const player: PlayerConfig = {
    autoplay: settings.autoplay,
    delay: settings.delay * 1000,
    icons: Object.fromEntries(BUTTON_IMAGES.map((name) => [name, iconOf(settings, name)])) as Record<
      ButtonImage,
      string
    >,
  };
  return {
    html: playerMarkup(settings, videoUrl),
    script: `;(${playerScript.toString()})(${scriptJson(player)})`,
  };
};
