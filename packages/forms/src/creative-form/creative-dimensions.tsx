// The creative form's Dimensions: an IAB size picked from the list, or a custom width and height, and
// whether the creative stretches to its slot.
import { creativeSize } from '@adconsole/domain';
import { type Choice, ChoiceSelect, Field, Input, Switch } from '@adconsole/ui';
import * as React from 'react';
import { Controller } from 'react-hook-form';
import type { CreativeFormMethods } from './creative-form-schema';

/** The IAB sizes a trafficker picks from most; anything else is a custom width and height. */
export const IAB_SIZES = [
  { width: 300, height: 250, name: 'Medium Rectangle' },
  { width: 728, height: 90, name: 'Leaderboard' },
  { width: 160, height: 600, name: 'Wide Skyscraper' },
  { width: 300, height: 600, name: 'Half Page' },
  { width: 320, height: 50, name: 'Mobile Leaderboard' },
  { width: 320, height: 100, name: 'Large Mobile Banner' },
  { width: 336, height: 280, name: 'Large Rectangle' },
  { width: 970, height: 250, name: 'Billboard' },
  { width: 970, height: 90, name: 'Large Leaderboard' },
  { width: 468, height: 60, name: 'Banner' },
  { width: 320, height: 480, name: 'Mobile Interstitial' },
] as const;

const CUSTOM_SIZE = 'custom';
const sizeChoices: readonly Choice<string>[] = [
  ...IAB_SIZES.map((size) => ({
    value: creativeSize(size.width, size.height),
    label: `${size.width} × ${size.height} (${size.name})`,
  })),
  { value: CUSTOM_SIZE, label: 'Custom size' },
];
const isIabSize = (width: number, height: number) =>
  IAB_SIZES.some((size) => size.width === width && size.height === height);

/** Size (IAB or custom), the custom width and height, and Fluid. */
export function CreativeDimensions({ form }: { form: CreativeFormMethods }) {
  const {
    register,
    control,
    watch,
    setValue,
    getValues,
    formState: { errors },
  } = form;
  // Custom once chosen, even while its width and height happen to match an IAB size; a creative
  // saved with another size opens on it.
  const [customSize, setCustomSize] = React.useState(
    () => !isIabSize(Number(getValues('width')), Number(getValues('height'))),
  );
  const width = Number(watch('width'));
  const height = Number(watch('height'));
  const sizeValue = customSize || !isIabSize(width, height) ? CUSTOM_SIZE : creativeSize(width, height);

  return (
    <fieldset className="grid gap-4">
      <legend className="mb-2 font-semibold text-sm">Dimensions</legend>
      <Field label="Size">
        {(controlProps) => (
          <ChoiceSelect
            {...controlProps}
            choices={sizeChoices}
            value={sizeValue}
            onValueChange={(value) => {
              const size = IAB_SIZES.find((iab) => creativeSize(iab.width, iab.height) === value);
              setCustomSize(size === undefined);
              if (size) {
                setValue('width', size.width);
                setValue('height', size.height);
              }
            }}
          />
        )}
      </Field>
      {sizeValue === CUSTOM_SIZE ? (
        <div className="grid grid-cols-2 gap-4">
          <Field label="Width (px)" error={errors.width?.message}>
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              {...register('width', { valueAsNumber: true })}
            />
          </Field>
          <Field label="Height (px)" error={errors.height?.message}>
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              {...register('height', { valueAsNumber: true })}
            />
          </Field>
        </div>
      ) : null}
      <Controller
        control={control}
        name="fluid"
        render={({ field }) => (
          <Field
            label="Fluid"
            orientation="horizontal"
            description="Stretches to fill the slot it is placed in."
          >
            {(controlProps) => (
              <Switch
                {...controlProps}
                name={field.name}
                checked={field.value === true}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          </Field>
        )}
      />
    </fieldset>
  );
}
