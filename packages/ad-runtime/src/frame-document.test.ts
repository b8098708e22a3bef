import { describe, expect, it } from 'vitest';
import { inBannerVideo, servedAd } from './fixtures/served-ad';
import { frameDocument, withClickTag } from './frame-document';
import { inBannerVideo as video } from './in-banner-video';

const clickUrl = 'https://ads.example.test/serve/click/live-1?i=imp&x=<"a">';

describe('frameDocument', () => {
  it('makes the whole image one link to the click URL, opening a new window', () => {
    const html = frameDocument(
      servedAd({
        clickUrl,
        content: { kind: 'image', url: 'https://cdn.example.test/a.png', width: 1, height: 1 },
      }),
    );
    expect(html).toContain(
      '<a id="adc-k" href="https://ads.example.test/serve/click/live-1?i=imp&amp;x=&lt;&quot;a&quot;&gt;" target="_blank" rel="noopener"><img src="https://cdn.example.test/a.png" alt="Advertisement"></a>',
    );
  });

  it('writes an HTML creative as it is, with window.clickTag set before it', () => {
    const html = frameDocument(
      servedAd({ clickUrl, content: { kind: 'html', html: '<p id="mine">Hi</p>' } }),
    );
    expect(html.indexOf('"clickUrl"')).toBeLessThan(html.indexOf('<p id="mine">Hi</p>'));
    // The click URL in the script's JSON cannot close the script element.
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });

  it('gives the nonce of the runtime’s script to every script of the frame (a srcdoc inherits the page’s CSP)', () => {
    const ad = servedAd({
      clickUrl,
      content: { kind: 'html', html: '<script>mine()</script><SCRIPT src="https://x.test/a.js"></SCRIPT>' },
    });
    const html = frameDocument(ad, 'n0nce"x');
    // The frame script, the creative's own scripts, and the nonce for the tracking scripts it adds.
    expect(html.match(/<script nonce="n0nce&quot;x"/gi)).toHaveLength(3);
    expect(html).toContain('"nonce":"n0nce\\"x"');
    expect(html.match(/<script(?! nonce=)/gi)).toBeNull();
    // Without a nonce (a page without a policy), nothing changes.
    const plain = frameDocument(ad);
    expect(plain).not.toMatch(/<script nonce=/i);
    expect(plain).not.toContain('"nonce":');
  });

  it('loads an HTML5 creative with the IAB ?clickTag= parameter', () => {
    expect(withClickTag('https://x.test/h5/index.html', clickUrl)).toBe(
      `https://x.test/h5/index.html?clickTag=${encodeURIComponent(clickUrl)}`,
    );
    expect(withClickTag('https://x.test/index.html?v=2', 'https://c.test/')).toBe(
      'https://x.test/index.html?v=2&clickTag=https%3A%2F%2Fc.test%2F',
    );
    const html = frameDocument(servedAd({ content: { kind: 'html5', url: 'https://x.test/h5/index.html' } }));
    expect(html).toContain('<iframe id="adc-h" src="https://x.test/h5/index.html?clickTag=');
  });

  it('adds the In-Banner Video player only for that layout with its video', () => {
    const mp4 = 'https://cdn.example.test/main.mp4';
    expect(frameDocument(servedAd({ layout: inBannerVideo(mp4) }), '', video)).toContain(
      `<video id="adc-v" src="${mp4}" muted`,
    );
    expect(
      frameDocument(
        servedAd({ layout: { id: 'other', options: {}, assets: { 'main.mp4': mp4 } } }),
        '',
        video,
      ),
    ).not.toContain('<video');
    expect(
      frameDocument(servedAd({ layout: { ...inBannerVideo(mp4), assets: {} } }), '', video),
    ).not.toContain('<video');
    // The player's script follows the frame script in its element (one nonce for both).
    const html = frameDocument(servedAd({ layout: inBannerVideo(mp4) }), 'n', video);
    expect(html.match(/<script/g)).toEqual(['<script']);
    expect(html).toContain('"autoplay":true');
  });

  it('hides the player during its delay, and leaves out the buttons without controls', () => {
    const mp4 = 'https://cdn.example.test/main.mp4';
    const delayed = frameDocument(
      servedAd({ layout: inBannerVideo(mp4, { video_player_delay: 3 }) }),
      '',
      video,
    );
    expect(delayed).toContain('<div id="adc-p" hidden>');
    expect(delayed).toContain('"delay":3000');
    const bare = frameDocument(
      servedAd({ layout: inBannerVideo(mp4, { controls: 'no', loop: 'yes' }) }),
      '',
      video,
    );
    expect(bare).not.toContain('<button');
    expect(bare).toContain(' loop></video>');
  });
});
