import { describe, expect, it } from 'vitest';
import { MAX_OTHER_BYTES, MAX_VIDEO_BYTES } from '../constants';
import { ASSET_ACCEPT, assetFileType, assetReplacement, assetUploadProblem } from './asset-upload';

describe('asset uploads', () => {
  it('accepts images, MP4/WebM video, a ZIP for HTML5 and a JavaScript file for VPAID, by extension', () => {
    expect(assetFileType('Banner.PNG')).toEqual({ kind: 'image', contentType: 'image/png' });
    expect(assetFileType('main.mp4')?.kind).toBe('video');
    expect(assetFileType('creative.zip')?.kind).toBe('html5');
    expect(assetFileType('vpaid.js')?.kind).toBe('vpaid');
    expect(ASSET_ACCEPT).toContain('.webm');
  });

  it('refuses other types, and names without an accepted extension, with a clear message', () => {
    for (const name of ['notes.pdf', 'noextension', 'toString', 'evil.png.exe']) {
      expect(assetUploadProblem({ name, size: 10 })).toBe(
        `${name}: unsupported file type. Upload an image (PNG, JPEG, GIF, WebP), a video (MP4, WebM), a ZIP for HTML5 or a JavaScript file for VPAID.`,
      );
    }
  });

  it('allows videos up to 200 MB and other files up to 10 MB', () => {
    expect(assetUploadProblem({ name: 'main.mp4', size: MAX_VIDEO_BYTES })).toBeUndefined();
    expect(assetUploadProblem({ name: 'main.mp4', size: MAX_VIDEO_BYTES + 1 })).toBe(
      'main.mp4 is too large: videos can be at most 200 MB.',
    );
    expect(assetUploadProblem({ name: 'banner.png', size: MAX_OTHER_BYTES })).toBeUndefined();
    expect(assetUploadProblem({ name: 'banner.png', size: MAX_OTHER_BYTES + 1 })).toBe(
      'banner.png is too large: images, HTML5 zips and VPAID scripts can be at most 10 MB.',
    );
  });
});

describe('asset replacement rule', () => {
  const earlier = [
    { id: 'a1', name: 'main.mp4' },
    { id: 'a2', name: 'poster.png' },
    { id: 'a3', name: 'logo.png' },
  ];
  it('replaces an earlier asset of the same name and leaves the others without a list', () => {
    expect(assetReplacement(earlier, ['main.mp4'])).toEqual({ removed: ['a1'], renamed: [] });
  });
  it('with a list, removes unlisted assets and renames listed ones whose name changed', () => {
    expect(
      assetReplacement(
        earlier,
        ['new.png'],
        [
          { id: 'a1', name: 'main.mp4' },
          { id: 'a2', name: ' cover.png ' },
        ],
      ),
    ).toEqual({ removed: ['a3'], renamed: [{ id: 'a2', name: 'cover.png' }] });
  });
  it('never renames an asset it removes, and ignores empty names', () => {
    expect(
      assetReplacement(
        earlier,
        ['main.mp4'],
        [{ id: 'a1', name: 'x.mp4' }, { id: 'a2', name: '' }, { id: 'a3' }],
      ),
    ).toEqual({
      removed: ['a1'],
      renamed: [],
    });
  });
});
