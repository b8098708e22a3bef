// The HTML5 banner a builder document exports to: one self-contained index.html (layers as absolutely
// placed elements, keyframes as CSS animations, the whole banner clicking through to ?clickTag=), which
// the ad runtime frames like any uploaded HTML5 creative.

import { layerAt } from './ad-builder';
import { ARTBOARD_LAYER_ID, artboardOf, type BuilderDocument, type Layer } from './ad-builder-state';

export interface AdBuilderHtmlOptions {
  /** The banner's title (the creative's name). */
  title: string;
  /** The URL an image layer's picture is written with (an export rewrites stored assets to files of the zip). */
  imageUrl?: (src: string) => string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A URL an <img> may load: http(s), or a relative path; anything else (javascript:, data:) is dropped. */
export function safeImageUrl(src: string): string | undefined {
  const trimmed = src.trim();
  if (trimmed === '') return undefined;
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('//')) return undefined;
  return trimmed;
}

const px = (value: number) => `${Math.round(value * 10) / 10}px`;
const cssId = (index: number) => `l${index + 1}`;

function layerCss(layer: Layer): string {
  const rules = [
    `left:${px(layer.x)}`,
    `top:${px(layer.y)}`,
    `width:${px(layer.width)}`,
    `height:${px(layer.height)}`,
    `opacity:${layer.opacity}`,
  ];
  if (layer.background && layer.type !== 'text') rules.push(`background:${layer.background}`);
  if (layer.color) rules.push(`color:${layer.color}`);
  if (layer.fontSize) rules.push(`font-size:${px(layer.fontSize)}`);
  if (layer.fontFamily) rules.push(`font-family:'${layer.fontFamily}',sans-serif`);
  if (layer.type === 'button') rules.push('border-radius:4px');
  if (!layer.visible) rules.push('display:none');
  return rules.join(';');
}

/** The CSS @keyframes of a layer: a stop at every keyframe time, plus the start and the end. */
function animationCss(document: BuilderDocument, layer: Layer, name: string): string | undefined {
  const times = document.keyframes
    .filter((keyframe) => keyframe.layerID === layer.id)
    .map((keyframe) => keyframe.time);
  if (times.length === 0) return undefined;
  const stops = [...new Set([0, ...times, document.duration])].sort((a, b) => a - b);
  const frames = stops.map((time) => {
    const at = layerAt(document, layer, time);
    const percent = Math.round((time / document.duration) * 10000) / 100;
    return `${percent}%{left:${px(at.x)};top:${px(at.y)};opacity:${at.opacity}}`;
  });
  return `@keyframes ${name}{${frames.join('')}}\n#${name}{animation:${name} ${document.duration}ms linear 1 forwards}`;
}

function layerHtml(layer: Layer, id: string, options: AdBuilderHtmlOptions): string {
  const label = escapeHtml(layer.name);
  switch (layer.type) {
    case 'image': {
      const src = safeImageUrl(layer.src ?? '');
      const url = src === undefined ? undefined : (options.imageUrl?.(src) ?? src);
      return url === undefined
        ? `<div class="l" id="${id}"></div>`
        : `<img class="l" id="${id}" src="${escapeHtml(url)}" alt="${label}">`;
    }
    case 'text':
      return `<div class="l t" id="${id}">${escapeHtml(layer.text ?? '')}</div>`;
    case 'button':
      return `<div class="l b" id="${id}">${escapeHtml(layer.text ?? '')}</div>`;
    default:
      return `<div class="l" id="${id}"></div>`;
  }
}

/** The exported banner's index.html. */
export function adBuilderHtml(document: BuilderDocument, options: AdBuilderHtmlOptions): string {
  const artboard = artboardOf(document);
  const layers = document.layers.filter((layer) => layer.id !== ARTBOARD_LAYER_ID);
  const css = [
    'html,body{margin:0;padding:0;overflow:hidden}',
    `#ad{position:relative;overflow:hidden;cursor:pointer;width:${px(artboard.width)};height:${px(artboard.height)};background:${artboard.background ?? '#ffffff'}}`,
    '.l{position:absolute;box-sizing:border-box;margin:0}',
    '.t{line-height:1.2;white-space:pre-wrap;overflow:hidden}',
    '.b{display:flex;align-items:center;justify-content:center;text-align:center;overflow:hidden}',
    'img.l{object-fit:cover}',
    ...layers.map((layer, index) => `#${cssId(index)}{${layerCss(layer)}}`),
    ...layers.flatMap((layer, index) => animationCss(document, layer, cssId(index)) ?? []),
  ];
  const title = escapeHtml(options.title);
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta name="ad.size" content="width=${artboard.width},height=${artboard.height}">`,
    `<title>${title}</title>`,
    `<style>\n${css.join('\n')}\n</style></head>`,
    `<body><div id="ad" role="link" aria-label="${title}">`,
    ...layers.map((layer, index) => layerHtml(layer, cssId(index), options)),
    '</div>',
    // The runtime frames the banner with ?clickTag=<the tracked click URL>.
    "<script>(function(){var t=new URLSearchParams(location.search).get('clickTag');document.getElementById('ad').addEventListener('click',function(){if(t&&/^https?:/i.test(t))window.open(t,'_blank');});})();</script>",
    '</body></html>',
    '',
  ].join('\n');
}
