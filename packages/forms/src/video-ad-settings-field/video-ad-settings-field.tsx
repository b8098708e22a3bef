import type { UniversalAdId } from '@adconsole/domain';
import { cn, Field, Input } from '@adconsole/ui';
import type * as React from 'react';

/** A VAST/VPAID creative's player settings: its `skipOffset` and `universalAdId` creative settings. */
export interface VideoAdSettings {
  /** Whole seconds before the player offers Skip; undefined: the ad cannot be skipped. */
  skipOffset?: number | undefined;
  /** The advertiser's own creative id; undefined: VAST names ours. */
  universalAdId?: UniversalAdId | undefined;
}

/** The fields' messages (the domain's, from the creative's settings schema). */
export interface VideoAdSettingsErrors {
  skipOffset?: string | undefined;
  registry?: string | undefined;
  value?: string | undefined;
}

export type VideoAdSettingsFieldProps = Omit<React.ComponentProps<'fieldset'>, 'onChange'> & {
  value: VideoAdSettings;
  onChange: (settings: VideoAdSettings) => void;
  errors?: VideoAdSettingsErrors;
  disabled?: boolean;
};

/** Both Ad-ID inputs empty: no Ad-ID of the advertiser's (either one alone is kept for the form to refuse). */
const adIdOf = (registry: string, value: string): UniversalAdId | undefined =>
  registry === '' && value === '' ? undefined : { registry, value };

/**
 * What a player reads from a video creative beyond its media: when it may be skipped (VAST's
 * `skipoffset`, in whole seconds) and the advertiser's own creative id (`<UniversalAdId>`, registry and
 * value), ours when none is given.
 */
export function VideoAdSettingsField({
  value,
  onChange,
  errors = {},
  disabled,
  className,
  ...props
}: VideoAdSettingsFieldProps) {
  const registry = value.universalAdId?.registry ?? '';
  const adId = value.universalAdId?.value ?? '';
  return (
    <fieldset
      data-slot="video-ad-settings"
      className={cn('grid gap-3 sm:grid-cols-2', className)}
      disabled={disabled}
      {...props}
    >
      <legend className="mb-1 font-semibold text-sm">Player</legend>
      <Field
        className="sm:col-span-2"
        label="Skip offset (seconds)"
        description="The player offers Skip after this many seconds. Empty: the ad cannot be skipped."
        error={errors.skipOffset}
      >
        <Input
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          className="max-w-32"
          value={value.skipOffset ?? ''}
          onChange={(event) => {
            const text = event.target.value.trim();
            onChange({ ...value, skipOffset: text === '' ? undefined : Number(text) });
          }}
        />
      </Field>
      <Field
        label="Ad-ID registry"
        description="Where the advertiser's creative id is registered, as ad-id.org."
        error={errors.registry}
      >
        <Input
          autoComplete="off"
          placeholder="ad-id.org"
          value={registry}
          onChange={(event) => onChange({ ...value, universalAdId: adIdOf(event.target.value, adId) })}
        />
      </Field>
      <Field
        label="Ad-ID"
        description="The advertiser's creative id (UniversalAdId). Both empty: ours."
        error={errors.value}
      >
        <Input
          autoComplete="off"
          className="font-mono"
          value={adId}
          onChange={(event) => onChange({ ...value, universalAdId: adIdOf(registry, event.target.value) })}
        />
      </Field>
    </fieldset>
  );
}
