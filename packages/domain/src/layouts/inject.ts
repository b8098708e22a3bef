// Layout HTML injection (docs/product.md §4). The ad runtime reads the injected JSON blocks; markers make
// injection idempotent, so saving a creative twice never stacks two copies.
import type { LayoutOptionValues } from '../campaigns/creative';
import { globalLayoutOptions, type Layout } from './catalogue';
import { missingRequiredAssets, validateLayoutOptions } from './options';

export const LAYOUT_MARKER_START = '<!-- adconsole:layout -->';
export const LAYOUT_MARKER_END = '<!-- /adconsole:layout -->';

export interface InjectOptions {
  /** 'live' is the served ad; 'preview' is the editor's preview. */
  mode: 'live' | 'preview';
}

const injectedBlock = new RegExp(`${LAYOUT_MARKER_START}[\\s\\S]*?${LAYOUT_MARKER_END}\\n?`, 'g');

/** JSON safe inside a <script> element: no '</script>' or '<!--' can close it early. */
const scriptJson = (value: unknown): string =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/**
 * Adds the layout's code to a creative's HTML, but only when every required asset is present.
 * Global modules (ad duration) go into live output always, and into a preview only when ad_duration is set.
 */
export function injectLayout(
  html: string,
  layout: Layout | null | undefined,
  options: LayoutOptionValues,
  assets: readonly { filename?: string | undefined; name?: string | undefined; url?: string | undefined }[],
  { mode }: InjectOptions,
): string {
  const clean = html.replace(injectedBlock, '');
  const blocks: string[] = [];

  const adDuration = options.ad_duration;
  if (mode === 'live' || (adDuration !== undefined && adDuration !== '')) {
    const { values } = validateLayoutOptions(
      globalLayoutOptions,
      adDuration === undefined ? {} : { ad_duration: adDuration },
    );
    blocks.push(`<script type="application/json" data-adconsole-global>${scriptJson(values)}</script>`);
  }

  if (layout && missingRequiredAssets(layout, assets).length === 0) {
    const layoutValues = Object.fromEntries(
      Object.entries(options).filter(([name]) => layout.options.some((option) => option.name === name)),
    );
    // Wrong values fall back to their defaults: the editor shows the errors, the ad still plays.
    const { values } = validateLayoutOptions(layout, layoutValues);
    const assetUrls = Object.fromEntries(
      layout.requiredAssets.map((required) => [
        required,
        assets.find((asset) => asset.filename === required || asset.name === required)?.url ?? required,
      ]),
    );
    blocks.push(
      `<script type="application/json" data-adconsole-layout="${layout.id}">${scriptJson({ options: values, assets: assetUrls })}</script>`,
    );
  }

  if (blocks.length === 0) return clean;
  const injection = `${LAYOUT_MARKER_START}\n${blocks.join('\n')}\n${LAYOUT_MARKER_END}\n`;
  const bodyEnd = clean.search(/<\/body>/i);
  return bodyEnd === -1
    ? `${clean}${clean === '' || clean.endsWith('\n') ? '' : '\n'}${injection}`
    : `${clean.slice(0, bodyEnd)}${injection}${clean.slice(bodyEnd)}`;
}
