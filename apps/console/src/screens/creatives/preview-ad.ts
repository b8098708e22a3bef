// What the creative editor's preview shows, from the creative and the editor's unsaved choices: the ad
// description (a ServedAd, as GET /serve/ad/{liveID}.json would answer once it is published) that the
// real ad runtime draws in its sandboxed frame, or a VAST creative's video file for a plain player.
// Nothing in it counts: no event URLs, no trackers, a click going nowhere.
import {
  type Asset,
  type Creative,
  creativeSetting,
  findLayout,
  type ServedAd,
  validateLayoutOptions,
} from '@adconsole/domain';
import type { CreativeDraft } from './creative-settings';

export type Preview =
  | { kind: 'banner'; ad: ServedAd }
  | { kind: 'video'; url: string; width: number; height: number }
  | { kind: 'none'; reason: string };

const isVideo = (asset: Asset) => asset.uploadType === 'video' || /\.(mp4|webm|mov)$/i.test(asset.filename);
const isImage = (asset: Asset) =>
  asset.uploadType === 'image' || /\.(png|jpe?g|gif|webp|svg)$/i.test(asset.filename);
const named = (assets: readonly Asset[], name: string) =>
  assets.find((asset) => asset.filename === name || asset.name === name);

/** The preview of `creative` with the editor's unsaved type, layout and options. */
export function previewOf(creative: Creative, draft?: CreativeDraft): Preview {
  const type = draft?.type ?? creative.type;
  const assets = creative.assets ?? [];
  if (type !== 'Banner') {
    const video = assets.find(isVideo);
    return video
      ? { kind: 'video', url: video.url, width: creative.width, height: creative.height }
      : { kind: 'none', reason: 'Upload the video file to see the ad play.' };
  }
  const layoutID = draft ? draft.layoutID : creative.layout;
  const layout = findLayout(layoutID);
  const stored = creativeSetting(creative, 'layoutOptions') ?? {};
  const given = { ...stored, ...(draft?.layoutOptions ?? {}) };
  const missing = layout?.requiredAssets.filter((name) => !named(assets, name)) ?? [];
  const served =
    layout && missing.length === 0
      ? {
          id: layout.id,
          options: validateLayoutOptions(
            layout,
            Object.fromEntries(
              Object.entries(given).filter(([name]) => layout.options.some((option) => option.name === name)),
            ),
          ).values,
          assets: Object.fromEntries(
            layout.requiredAssets.map((name) => [name, named(assets, name)?.url ?? '']),
          ),
        }
      : null;
  const html = creative.html?.trim();
  const image = assets.find(isImage);
  const content: ServedAd['content'] = html
    ? { kind: 'html', html }
    : image
      ? { kind: 'image', url: image.url, width: image.width ?? null, height: image.height ?? null }
      : { kind: 'none' };
  if (content.kind === 'none' && !served) {
    return {
      kind: 'none',
      reason: missing.length
        ? `Upload ${missing.join(', ')} to see the ${layout?.name} layout.`
        : 'Upload an image (or write the HTML) to see the banner.',
    };
  }
  return {
    kind: 'banner',
    ad: {
      liveID: 'preview',
      name: creative.name,
      type: 'Banner',
      width: creative.width,
      height: creative.height,
      fluid: creative.fluid,
      impressionID: 'preview',
      content,
      layout: served,
      adDuration: 0,
      landingUrl: null,
      clickUrl: 'about:blank',
      events: {},
      trackers: {},
    },
  };
}
