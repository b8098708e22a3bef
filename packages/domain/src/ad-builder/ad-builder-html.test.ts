import { describe, expect, it } from 'vitest';
import { adBuilderReducer, newLayer } from './ad-builder';
import { adBuilderHtml, safeImageUrl } from './ad-builder-html';
import { builderDocumentOf, defaultAdBuilderState } from './ad-builder-state';

function banner() {
  let state = defaultAdBuilderState();
  state = adBuilderReducer(state, { type: 'addLayer', layer: newLayer(state, 'shape', 'r') });
  state = adBuilderReducer(state, {
    type: 'addLayer',
    layer: newLayer(state, 'text', 't', { text: 'Sale <today> & "now"' }),
  });
  state = adBuilderReducer(state, {
    type: 'addLayer',
    layer: newLayer(state, 'image', 'i', { src: 'https://cdn.example/pic.png' }),
  });
  state = adBuilderReducer(state, { type: 'addLayer', layer: newLayer(state, 'button', 'b') });
  state = adBuilderReducer(state, { type: 'addKeyframe', id: 'r' });
  state = adBuilderReducer(state, { type: 'seek', time: 1000 });
  state = adBuilderReducer(state, { type: 'update', id: 'r', changes: { x: 0, opacity: 0.5 } });
  return builderDocumentOf(state);
}

describe('the exported HTML5 banner', () => {
  it('draws the artboard at its size and colour, and every layer in order', () => {
    const html = adBuilderHtml(banner(), { title: 'Spring' });
    expect(html).toContain('<meta name="ad.size" content="width=300,height=250">');
    expect(html).toContain(
      '#ad{position:relative;overflow:hidden;cursor:pointer;width:300px;height:250px;background:#ffffff}',
    );
    expect(html).toContain('#l1{left:90px;top:85px;width:120px;height:80px;opacity:1;background:#2563eb}');
    expect(html).toContain('<div class="l t" id="l2">Sale &#60;today&#62; &#38; &#34;now&#34;</div>');
    expect(html).toContain('<img class="l" id="l3" src="https://cdn.example/pic.png" alt="Image">');
    expect(html).toContain('<div class="l b" id="l4">Learn more</div>');
    expect(html.indexOf('id="l1"')).toBeLessThan(html.indexOf('id="l4"'));
  });

  it('writes the keyframes as a CSS animation over the timeline, held at the end', () => {
    const html = adBuilderHtml(banner(), { title: 'Spring' });
    expect(html).toContain(
      '@keyframes l1{0%{left:90px;top:85px;opacity:1}20%{left:0px;top:85px;opacity:0.5}100%{left:0px;top:85px;opacity:0.5}}',
    );
    expect(html).toContain('#l1{animation:l1 5000ms linear 1 forwards}');
    expect(html).not.toContain('@keyframes l2');
  });

  it('clicks through to the clickTag the runtime passes in the query', () => {
    expect(adBuilderHtml(banner(), { title: 'x' })).toContain("get('clickTag')");
  });

  it('rewrites image URLs for the export and never writes a script URL', () => {
    const html = adBuilderHtml(banner(), { title: 'x', imageUrl: () => 'images/1-pic.png' });
    expect(html).toContain('src="images/1-pic.png"');
    expect(safeImageUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeImageUrl('data:text/html,x')).toBeUndefined();
    expect(safeImageUrl('//evil.example/x.png')).toBeUndefined();
    expect(safeImageUrl(' images/a.png ')).toBe('images/a.png');
  });

  it('escapes the title', () => {
    expect(adBuilderHtml(banner(), { title: '</title><script>' })).toContain(
      '<title>&#60;/title&#62;&#60;script&#62;</title>',
    );
  });
});
