import { servedAdSchema } from '@adconsole/domain';
import { describe, expect, it } from 'vitest';
import { inBannerVideo, servedAd } from './fixtures/served-ad';
import { readServedAd } from './served-ad';

const image = servedAd({
  content: { kind: 'image', url: 'https://cdn.example.test/a.png', width: 300, height: 250 },
});
const video = servedAd({ layout: inBannerVideo('https://cdn.example.test/main.mp4') });

describe('readServedAd', () => {
  it('takes the answers the server sends (valid for the domain’s servedAdSchema)', () => {
    for (const ad of [image, video, servedAd({ content: { kind: 'html5', url: 'https://x.test/i.html' } })]) {
      expect(servedAdSchema.parse(ad)).toEqual(ad);
      expect(readServedAd(JSON.parse(JSON.stringify(ad)))).toEqual(ad);
    }
  });

  it.each([
    ['null', null],
    ['a list', [image]],
    ['an unknown content kind', { ...image, content: { kind: 'flash', url: 'x' } }],
    ['an image without URL', { ...image, content: { kind: 'image' } }],
    ['HTML without HTML', { ...image, content: { kind: 'html' } }],
    ['no click URL', { ...image, clickUrl: undefined }],
    ['no events', { ...image, events: null }],
    ['a negative size', { ...image, width: -1 }],
    ['a layout without options', { ...video, layout: { id: 'in-banner-video', assets: {} } }],
    ['trackers that are not a record', { ...image, trackers: 'none' }],
  ])('refuses %s', (_, answer) => {
    expect(readServedAd(answer)).toBeNull();
  });
});
