// The layout-options catalogue (docs/product.md §3): the global banner settings and the In-Banner Video layout.

import type { CreativeType } from '../campaigns/creative';
import { DEFAULT_AD_DURATION_SECONDS, MAX_AD_DURATION_SECONDS, MIN_AD_DURATION_SECONDS } from '../constants';

/**
 * Whether a creative of this type takes the layout settings (the catalogue below): a banner does, drawn
 * by the ad runtime; a VAST or VPAID creative plays in the publisher's player, which no layout reaches.
 */
export const creativeTakesLayout = (type: CreativeType): boolean => type === 'Banner';

interface OptionBase {
  name: string;
  label: string;
  /** Hidden options are set by the system (e.g. button image URLs), not shown as controls. */
  hidden?: boolean;
}
export interface ChoiceOption extends OptionBase {
  type: 'choice';
  choices: readonly string[];
  default: string;
}
export interface RangeOption extends OptionBase {
  type: 'range';
  min: number;
  max: number;
  step: number;
  unit: 's' | 'sec' | '%' | 'px';
  default: number;
}
export interface TextOption extends OptionBase {
  type: 'url';
  default: string;
}
export type LayoutOption = ChoiceOption | RangeOption | TextOption;

export interface Layout {
  id: string;
  name: string;
  /** Asset file names that must be uploaded before the layout's code is added. */
  requiredAssets: readonly string[];
  options: readonly LayoutOption[];
}

const yesNo = (name: string, label: string, defaultValue: 'yes' | 'no'): ChoiceOption => ({
  name,
  label,
  type: 'choice',
  choices: ['yes', 'no'],
  default: defaultValue,
});

const range = (
  name: string,
  label: string,
  min: number,
  max: number,
  unit: RangeOption['unit'],
  defaultValue: number,
): RangeOption => ({ name, label, type: 'range', min, max, step: 1, unit, default: defaultValue });

const imageUrl = (name: string, label: string): TextOption => ({
  name,
  label,
  type: 'url',
  default: '',
  hidden: true,
});

export const GLOBAL_LAYOUT_ID = 'global';

export const globalLayoutOptions: Layout = {
  id: GLOBAL_LAYOUT_ID,
  name: 'Overall Display Banner settings',
  requiredAssets: [],
  options: [
    range(
      'ad_duration',
      'Ad duration',
      MIN_AD_DURATION_SECONDS,
      MAX_AD_DURATION_SECONDS,
      'sec',
      DEFAULT_AD_DURATION_SECONDS,
    ),
  ],
};

export const BUTTON_POSITIONS = [
  'top left',
  'top right',
  'top over',
  'center',
  'bottom left',
  'bottom right',
  'bottom over',
] as const;

export const IN_BANNER_VIDEO_ID = 'in-banner-video';

export const inBannerVideoLayout: Layout = {
  id: IN_BANNER_VIDEO_ID,
  name: 'In-Banner Video',
  requiredAssets: ['main.mp4'],
  options: [
    yesNo('video_autoplay', 'Autoplay', 'yes'),
    {
      name: 'progress_type',
      label: 'Progress type',
      type: 'choice',
      choices: ['ProgressBar', 'Countdown'],
      default: 'Countdown',
    },
    yesNo('loop', 'Loop', 'no'),
    yesNo('controls', 'Controls', 'yes'),
    yesNo('show_countdown', 'Show countdown', 'yes'),
    {
      name: 'buttons_position',
      label: 'Buttons position',
      type: 'choice',
      choices: BUTTON_POSITIONS,
      default: 'bottom over',
    },
    range('buttons_sizes', 'Buttons size', 0, 500, '%', 100),
    range('video_player_delay', 'Video player delay', 0, 15, 's', 0),
    range('video_player_x', 'Video player X position', -100, 100, '%', 0),
    range('video_player_y', 'Video player Y position', -100, 100, '%', 0),
    range('video_player_size', 'Video player size', 0, 300, '%', 100),
    range('video_border_radius', 'Video border radius', 0, 300, 'px', 0),
    {
      name: 'video_player_arrangement',
      label: 'Video player arrangement',
      type: 'choice',
      choices: ['background', 'foreground'],
      default: 'background',
    },
    range('buttons_x', 'Buttons X position', -100, 100, '%', 0),
    range('buttons_y', 'Buttons Y position', -100, 100, '%', 0),
    imageUrl('play_button_image', 'Play button image URL'),
    imageUrl('replay_button_image', 'Replay button image URL'),
    imageUrl('pause_button_image', 'Pause button image URL'),
    imageUrl('mute_button_image', 'Mute button image URL'),
    imageUrl('unmute_button_image', 'Unmute button image URL'),
  ],
};

export const layouts: readonly Layout[] = [inBannerVideoLayout];

export const findLayout = (id: string | null | undefined): Layout | undefined =>
  layouts.find((layout) => layout.id === id || layout.name === id);
