// The player reads every option of the domain's In-Banner Video catalogue, with its defaults and bounds.
import {
  BUTTON_POSITIONS as CATALOGUE_POSITIONS,
  defaultLayoutOptions,
  inBannerVideoLayout,
  type LayoutOption,
} from '@adconsole/domain';
import { describe, expect, it } from 'vitest';
import { BUTTON_POSITIONS, inBannerVideoSettings } from './layout-options';

const defaults = inBannerVideoSettings(defaultLayoutOptions(inBannerVideoLayout));

/** A value of the option other than its default. */
function otherValue(option: LayoutOption): string | number {
  switch (option.type) {
    case 'choice':
      return option.choices.find((choice) => choice !== option.default) as string;
    case 'range':
      return option.default === option.max ? option.min : option.max;
    case 'url':
      return 'https://cdn.example.test/button.png';
  }
}

describe('inBannerVideoSettings', () => {
  it('reads a missing option as the catalogue default', () => {
    expect(inBannerVideoSettings({})).toEqual(defaults);
  });

  it.each(inBannerVideoLayout.options.map((option) => [option.name, option] as const))(
    'takes %s into account (a value other than the default changes the player)',
    (name, option) => {
      expect(inBannerVideoSettings({ [name]: otherValue(option) })).not.toEqual(defaults);
    },
  );

  it.each(
    inBannerVideoLayout.options
      .filter((option) => option.type === 'range')
      .map((option) => [option.name, option] as const),
  )('keeps %s within the catalogue bounds', (name, option) => {
    expect(inBannerVideoSettings({ [name]: option.max + 1 })).toEqual(
      inBannerVideoSettings({ [name]: option.max }),
    );
    expect(inBannerVideoSettings({ [name]: option.min - 1 })).toEqual(
      inBannerVideoSettings({ [name]: option.min }),
    );
  });

  it('replaces values that are not of the option by the default', () => {
    expect(
      inBannerVideoSettings({
        buttons_position: 'middle',
        progress_type: 'Spinner',
        video_player_size: 'large',
        loop: 'maybe',
        play_button_image: 'javascript:alert(1)',
      }),
    ).toEqual(defaults);
  });

  it('reads numbers sent as text, and yes/no sent as booleans', () => {
    expect(inBannerVideoSettings({ video_player_size: '50', loop: true, controls: false })).toMatchObject({
      size: 50,
      loop: true,
      controls: false,
    });
  });

  it('places the buttons at the 7 positions of the catalogue', () => {
    expect(BUTTON_POSITIONS).toEqual(CATALOGUE_POSITIONS);
  });
});
