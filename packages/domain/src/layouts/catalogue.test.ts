import { describe, expect, it } from 'vitest';
import {
  BUTTON_POSITIONS,
  creativeTakesLayout,
  findLayout,
  globalLayoutOptions,
  inBannerVideoLayout,
  type LayoutOption,
  layouts,
} from './catalogue';

const option = (name: string): LayoutOption | undefined =>
  inBannerVideoLayout.options.find((candidate) => candidate.name === name);

describe('layout catalogue (docs/product.md §3)', () => {
  it("has the global 'Overall Display Banner settings' with an ad_duration slider of 0 to 120 s, default 30", () => {
    expect(globalLayoutOptions.name).toBe('Overall Display Banner settings');
    expect(globalLayoutOptions.options).toEqual([
      {
        name: 'ad_duration',
        label: 'Ad duration',
        type: 'range',
        min: 0,
        max: 120,
        step: 1,
        unit: 'sec',
        default: 30,
      },
    ]);
  });

  it("offers the 'In-Banner Video' layout, which requires main.mp4", () => {
    expect(layouts).toEqual([inBannerVideoLayout]);
    expect(inBannerVideoLayout.name).toBe('In-Banner Video');
    expect(inBannerVideoLayout.requiredAssets).toEqual(['main.mp4']);
    expect(findLayout('In-Banner Video')).toBe(inBannerVideoLayout);
    expect(findLayout('in-banner-video')).toBe(inBannerVideoLayout);
    expect(findLayout(null)).toBeUndefined();
  });

  it('offers yes/no choices: video_autoplay yes, loop no, controls yes, show_countdown yes', () => {
    for (const [name, value] of [
      ['video_autoplay', 'yes'],
      ['loop', 'no'],
      ['controls', 'yes'],
      ['show_countdown', 'yes'],
    ]) {
      expect(option(name ?? '')).toMatchObject({ type: 'choice', choices: ['yes', 'no'], default: value });
    }
  });

  it('offers progress_type ProgressBar/Countdown (default Countdown) and arrangement background/foreground (default background)', () => {
    expect(option('progress_type')).toMatchObject({
      choices: ['ProgressBar', 'Countdown'],
      default: 'Countdown',
    });
    expect(option('video_player_arrangement')).toMatchObject({
      choices: ['background', 'foreground'],
      default: 'background',
    });
  });

  it("offers seven button positions, default 'bottom over'", () => {
    expect(BUTTON_POSITIONS).toHaveLength(7);
    expect(option('buttons_position')).toMatchObject({
      type: 'choice',
      choices: BUTTON_POSITIONS,
      default: 'bottom over',
    });
  });

  it('bounds the sliders as listed: sizes, delay, positions, player size and border radius', () => {
    const bounds = (name: string) => {
      const found = option(name);
      return found?.type === 'range' ? [found.min, found.max, found.unit, found.default] : undefined;
    };
    expect(bounds('buttons_sizes')).toEqual([0, 500, '%', 100]);
    expect(bounds('video_player_delay')).toEqual([0, 15, 's', 0]);
    expect(bounds('video_player_x')).toEqual([-100, 100, '%', 0]);
    expect(bounds('video_player_y')).toEqual([-100, 100, '%', 0]);
    expect(bounds('video_player_size')).toEqual([0, 300, '%', 100]);
    expect(bounds('video_border_radius')).toEqual([0, 300, 'px', 0]);
    expect(bounds('buttons_x')).toEqual([-100, 100, '%', 0]);
    expect(bounds('buttons_y')).toEqual([-100, 100, '%', 0]);
  });

  it('has hidden image-URL options for the play, replay, pause, mute and unmute buttons', () => {
    const hidden = inBannerVideoLayout.options.filter((candidate) => candidate.hidden);
    expect(hidden.map((candidate) => candidate.name)).toEqual([
      'play_button_image',
      'replay_button_image',
      'pause_button_image',
      'mute_button_image',
      'unmute_button_image',
    ]);
    for (const candidate of hidden) expect(candidate).toMatchObject({ type: 'url', default: '' });
  });
});

describe('which creatives take a layout', () => {
  it("a banner takes the layout settings; a VAST or VPAID creative, played by the publisher's player, does not", () => {
    expect(creativeTakesLayout('Banner')).toBe(true);
    expect(creativeTakesLayout('VAST')).toBe(false);
    expect(creativeTakesLayout('VPAID')).toBe(false);
  });
});
