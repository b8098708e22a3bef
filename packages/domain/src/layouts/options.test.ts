import { describe, expect, it } from 'vitest';
import { globalLayoutOptions, inBannerVideoLayout } from './catalogue';
import { defaultLayoutOptions, missingRequiredAssets, validateLayoutOptions } from './options';

describe('layout options (docs/product.md §3 and §5)', () => {
  it('gives every option its default', () => {
    expect(defaultLayoutOptions(globalLayoutOptions)).toEqual({ ad_duration: 30 });
    expect(defaultLayoutOptions(inBannerVideoLayout)).toMatchObject({
      video_autoplay: 'yes',
      progress_type: 'Countdown',
      loop: 'no',
      buttons_position: 'bottom over',
      buttons_sizes: 100,
      video_player_size: 100,
      play_button_image: '',
    });
  });

  it('accepts values within bounds, reading numbers given as text', () => {
    const result = validateLayoutOptions(inBannerVideoLayout, {
      buttons_sizes: '250',
      loop: 'yes',
      video_player_x: -100,
    });
    expect(result.ok).toBe(true);
    expect(result.values).toMatchObject({
      buttons_sizes: 250,
      loop: 'yes',
      video_player_x: -100,
      controls: 'yes',
    });
  });

  it('refuses out-of-bound slider values with a clear message (layout slider bounds)', () => {
    expect(validateLayoutOptions(globalLayoutOptions, { ad_duration: 121 })).toMatchObject({
      ok: false,
      errors: ['Ad duration must be between 0 and 120 sec'],
      values: { ad_duration: 30 },
    });
    expect(
      validateLayoutOptions(inBannerVideoLayout, { buttons_sizes: 501, video_player_delay: -1 }).errors,
    ).toEqual(['Buttons size must be between 0 and 500 %', 'Video player delay must be between 0 and 15 s']);
    expect(validateLayoutOptions(inBannerVideoLayout, { video_border_radius: 'round' }).errors).toEqual([
      'Video border radius must be a number',
    ]);
  });

  it('refuses unknown choices, bad image URLs and unknown options', () => {
    expect(
      validateLayoutOptions(inBannerVideoLayout, {
        loop: 'maybe',
        play_button_image: 'javascript:x',
        colour: 'red',
      }).errors,
    ).toEqual([
      'Loop must be one of: yes, no',
      'Play button image URL must be an http(s) URL',
      'Unknown option "colour" for In-Banner Video',
    ]);
    expect(
      validateLayoutOptions(inBannerVideoLayout, { play_button_image: 'https://cdn.example/play.png' }).ok,
    ).toBe(true);
  });

  it('lists the required assets that are missing', () => {
    expect(missingRequiredAssets(inBannerVideoLayout, [])).toEqual(['main.mp4']);
    expect(missingRequiredAssets(inBannerVideoLayout, [{ filename: 'poster.jpg' }])).toEqual(['main.mp4']);
    expect(missingRequiredAssets(inBannerVideoLayout, [{ filename: 'x', name: 'main.mp4' }])).toEqual([]);
  });
});
