// The fields the forms repeat, each a react-hook-form `Controller` around the design system's `Field`
// and its control: a choice list (`SelectField`), a timezone (`TimezoneField`) and a day
// (`DateField`, a flight date `{ date }` or null). A form names the field and its label; the wiring
// (value, change, the Field's ids and aria props) is written once here.
import { type Choice, ChoiceSelect, Field, type FieldProps, Input, TimezoneSelect } from '@adconsole/ui';
import type { ComponentProps } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

/** What every field helper takes: the form's control, the field's name and the Field's own props. */
type ControlledFieldProps<TValues extends FieldValues, TContext, TOutput> = Omit<FieldProps, 'children'> & {
  control: Control<TValues, TContext, TOutput>;
  name: FieldPath<TValues>;
};

/** One value from a list of choices. */
export function SelectField<TValues extends FieldValues, TContext, TOutput, TValue extends string>({
  control,
  name,
  choices,
  ...field
}: ControlledFieldProps<TValues, TContext, TOutput> & { choices: readonly Choice<TValue>[] }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: value }) => (
        <Field {...field}>
          {(controlProps) => (
            <ChoiceSelect
              {...controlProps}
              choices={choices}
              value={value.value as TValue | undefined}
              onValueChange={value.onChange}
            />
          )}
        </Field>
      )}
    />
  );
}

/** A timezone (its tz code) from the given list; `fallback` shows while the field holds none. */
export function TimezoneField<TValues extends FieldValues, TContext, TOutput>({
  control,
  name,
  timezones,
  fallback,
  ...field
}: ControlledFieldProps<TValues, TContext, TOutput> & {
  timezones: ComponentProps<typeof TimezoneSelect>['timezones'];
  fallback?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: value }) => (
        <Field {...field}>
          {(controlProps) => (
            <TimezoneSelect
              id={controlProps.id}
              aria-describedby={controlProps['aria-describedby']}
              aria-invalid={controlProps['aria-invalid']}
              timezones={timezones}
              value={fallback === undefined ? value.value : (value.value ?? fallback)}
              onValueChange={(timezone) => value.onChange(timezone.tzCode)}
            />
          )}
        </Field>
      )}
    />
  );
}

/** Flight dates travel as `{ date: 'YYYY-MM-DD' }` or null; the date input speaks plain 'YYYY-MM-DD'. */
const toInput = (day: { date: string } | null | undefined) => day?.date.slice(0, 10) ?? '';
const fromInput = (value: string) => (value === '' ? null : { date: value });

/** A day, held as `{ date }` (YYYY-MM-DD) or null when the input is empty. */
export function DateField<TValues extends FieldValues, TContext, TOutput>({
  control,
  name,
  ...field
}: ControlledFieldProps<TValues, TContext, TOutput>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: value }) => (
        <Field {...field}>
          <Input
            type="date"
            name={value.name}
            value={toInput(value.value)}
            onChange={(event) => value.onChange(fromInput(event.target.value))}
            onBlur={value.onBlur}
            ref={value.ref}
          />
        </Field>
      )}
    />
  );
}
