// The creative form's Platform: the traffic platform the tag is built for, and the inputs that platform
// asks for (its click macro when it publishes none, a deal ID and a fallback creative when the settings
// say the tag carries them).
import { findPlatform, type PlatformId, platforms } from '@adconsole/domain';
import { type Choice, ChoiceSelect, Field, Input } from '@adconsole/ui';
import { Controller } from 'react-hook-form';
import type { CreativeFormMethods } from './creative-form-schema';
import { settingOn } from './creative-settings';

const NO_PLATFORM = 'none';
const platformChoices: readonly Choice<PlatformId | typeof NO_PLATFORM>[] = [
  { value: NO_PLATFORM, label: 'No platform yet' },
  ...platforms.map((platform) => ({ value: platform.id, label: platform.name })),
];

/** Traffic platform, and its click macros, deal ID and fallback creative where it needs them. */
export function CreativePlatform({ form }: { form: CreativeFormMethods }) {
  const {
    register,
    control,
    watch,
    formState: { errors },
  } = form;
  const platform = findPlatform(watch('platform'));
  const settings = watch('settings');
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-2 font-semibold text-sm">Platform</legend>
      <Controller
        control={control}
        name="platform"
        render={({ field }) => (
          <Field label="Traffic platform" error={errors.platform?.message}>
            {(controlProps) => (
              <ChoiceSelect
                {...controlProps}
                choices={platformChoices}
                value={field.value ?? NO_PLATFORM}
                onValueChange={(value) => field.onChange(value === NO_PLATFORM ? null : value)}
              />
            )}
          </Field>
        )}
      />
      {/* A direct tag has no platform in between: nothing expands a click macro (docs/tags.md, "Direct tags"). */}
      {platform && !platform.clickMacro && !platform.direct ? (
        <>
          <Field
            label="Click macro"
            description={`${platform.name} publishes no default click macro: enter the one it expands to its click URL. Banners use it.`}
            error={errors.clickMacro?.message}
          >
            <Input autoComplete="off" {...register('clickMacro')} />
          </Field>
          <Field
            label="Escaped click macro"
            description="The variant it expands URL-encoded. VAST and VPAID tags use it: they carry the click URL inside their query."
            error={errors.clickMacroEscaped?.message}
          >
            <Input autoComplete="off" {...register('clickMacroEscaped')} />
          </Field>
        </>
      ) : null}
      {platform?.dealAttributes && settingOn(settings, 'dealIDRequired') ? (
        <Field label="Deal ID" error={errors.dealID?.message}>
          <Input autoComplete="off" {...register('dealID')} />
        </Field>
      ) : null}
      {platform?.dealAttributes && settingOn(settings, 'fallbackCreative') ? (
        <Field label="Fallback creative ID" error={errors.fallbackID?.message}>
          <Input autoComplete="off" {...register('fallbackID')} />
        </Field>
      ) : null}
    </fieldset>
  );
}
