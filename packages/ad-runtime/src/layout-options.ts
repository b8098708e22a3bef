// The In-Banner Video options as the player uses them. The server sends every option with wrong values
// replaced by their defaults; this reads them once more so a missing or out-of-range value can never
// break the player. The defaults and bounds are the catalogue's (`layout-options.test.ts` checks them
// against the domain's inBannerVideoLayout).

export const BUTTON_POSITIONS = [
  'top left',
  'top right',
  'top over',
  'center',
  'bottom left',
  'bottom right',
  'bottom over',
] as const;
export type ButtonPosition = (typeof BUTTON_POSITIONS)[number];

export const BUTTON_IMAGES = ['play', 'pause', 'replay', 'mute', 'unmute'] as const;
export type ButtonImage = (typeof BUTTON_IMAGES)[number];

export interface InBannerVideoSettings {
  autoplay: boolean;
  progressBar: boolean;
  loop: boolean;
  controls: boolean;
  showCountdown: boolean;
  buttonsPosition: ButtonPosition;
  /** Percent of the default button size. */
  buttonsSize: number;
  /** Seconds before the player appears. */
  delay: number;
  /** Offsets of the player, in percent of the banner's width and height. */
  x: number;
  y: number;
  /** The player's size in percent of the banner's. */
  size: number;
  radius: number;
  foreground: boolean;
  /** Offsets of the buttons, in percent of the player's width and height. */
  buttonsX: number;
  buttonsY: number;
  /** Custom button images by button; an absent one is drawn. */
  images: Partial<Record<ButtonImage, string>>;
}

type Options = Readonly<Record<string, unknown>>;

const yes = (value: unknown, fallback: boolean): boolean =>
  value === 'yes' || value === true ? true : value === 'no' || value === false ? false : fallback;

function range(value: unknown, min: number, max: number, fallback: number): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number)
    ? Math.min(max, Math.max(min, number))
    : fallback;
}

export function inBannerVideoSettings(options: Options): InBannerVideoSettings {
  const position = options.buttons_position;
  const images: InBannerVideoSettings['images'] = {};
  for (const button of BUTTON_IMAGES) {
    const url = options[`${button}_button_image`];
    if (typeof url === 'string' && /^https?:\/\//.test(url)) images[button] = url;
  }
  return {
    autoplay: yes(options.video_autoplay, true),
    progressBar: options.progress_type === 'ProgressBar',
    loop: yes(options.loop, false),
    controls: yes(options.controls, true),
    showCountdown: yes(options.show_countdown, true),
    buttonsPosition: BUTTON_POSITIONS.includes(position as ButtonPosition)
      ? (position as ButtonPosition)
      : 'bottom over',
    buttonsSize: range(options.buttons_sizes, 0, 500, 100),
    delay: range(options.video_player_delay, 0, 15, 0),
    x: range(options.video_player_x, -100, 100, 0),
    y: range(options.video_player_y, -100, 100, 0),
    size: range(options.video_player_size, 0, 300, 100),
    radius: range(options.video_border_radius, 0, 300, 0),
    foreground: options.video_player_arrangement === 'foreground',
    buttonsX: range(options.buttons_x, -100, 100, 0),
    buttonsY: range(options.buttons_y, -100, 100, 0),
    images,
  };
}
