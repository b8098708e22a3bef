import { describe, expect, it } from 'vitest';
import { inBannerVideoLayout } from './catalogue';
import { injectLayout, LAYOUT_MARKER_END, LAYOUT_MARKER_START } from './inject';

const html = '<html><body><div id="ad"></div></body></html>';
const video = [{ filename: 'main.mp4', url: 'https://cdn.example/c1/main.mp4' }];

describe('layout HTML injection (docs/product.md §4)', () => {
  it("adds the layout's code when every required asset is present", () => {
    const out = injectLayout(html, inBannerVideoLayout, { loop: 'yes' }, video, { mode: 'preview' });
    expect(out).toContain('data-adconsole-layout="in-banner-video"');
    expect(out).toContain('"loop":"yes"');
    expect(out).toContain('"main.mp4":"https://cdn.example/c1/main.mp4"');
    expect(out.indexOf(LAYOUT_MARKER_START)).toBeLessThan(out.indexOf('</body>'));
  });

  it("leaves the layout's code out while a required asset is missing", () => {
    expect(injectLayout(html, inBannerVideoLayout, {}, [], { mode: 'preview' })).toBe(html);
    expect(injectLayout(html, inBannerVideoLayout, {}, [], { mode: 'live' })).not.toContain(
      'data-adconsole-layout',
    );
  });

  it('includes the global modules in live output, with ad_duration defaulting to 30', () => {
    const out = injectLayout(html, null, {}, [], { mode: 'live' });
    expect(out).toContain(
      '<script type="application/json" data-adconsole-global>{"ad_duration":30}</script>',
    );
  });

  it('includes the global modules in a preview only when ad_duration is set', () => {
    expect(injectLayout(html, null, {}, [], { mode: 'preview' })).toBe(html);
    expect(injectLayout(html, null, { ad_duration: 12 }, [], { mode: 'preview' })).toContain(
      '{"ad_duration":12}',
    );
  });

  it('replaces an earlier injection instead of stacking a second one', () => {
    const once = injectLayout(html, inBannerVideoLayout, {}, video, { mode: 'live' });
    const twice = injectLayout(once, inBannerVideoLayout, { loop: 'yes' }, video, { mode: 'live' });
    expect(twice.split(LAYOUT_MARKER_END)).toHaveLength(2);
    expect(twice).toContain('"loop":"yes"');
    expect(injectLayout(once, inBannerVideoLayout, {}, [], { mode: 'preview' })).toBe(html);
  });

  it('appends to HTML without a body, and falls back to defaults for wrong values', () => {
    const out = injectLayout(
      '<div></div>',
      inBannerVideoLayout,
      { buttons_sizes: 9000, ad_duration: 500 },
      video,
      { mode: 'live' },
    );
    expect(out.startsWith(`<div></div>\n${LAYOUT_MARKER_START}`)).toBe(true);
    expect(out).toContain('"buttons_sizes":100');
    expect(out).toContain('{"ad_duration":30}');
  });

  it('keeps script-breaking text out of the injected JSON', () => {
    const out = injectLayout(
      '',
      inBannerVideoLayout,
      {},
      [{ name: 'main.mp4', url: 'https://x/</script><b>' }],
      { mode: 'preview' },
    );
    expect(out).not.toContain('</script><b>');
    expect(out).toContain('\\u003c/script\\u003e');
  });
});
