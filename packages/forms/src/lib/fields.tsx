// The fields the forms repeat, each a react-hook-form `Controller` around the design system's `Field`
// and its control: a choice list (`SelectField`, `NumberSelectField` for numbers), a timezone (`TimezoneField`) and a day
// (`DateField`, a flight date `{ date }` or null) and an on/off setting (`SwitchField`). A form names the field and its label; the wiring
// (value, change, the Field's ids and aria props) is written once here.
import {
  type Choice,
  ChoiceSelect,
  Field,
  type FieldControlProps,
  type FieldProps,
  Input,
  Switch,
  TimezoneSelect,
} from '@adconsole/ui';
import { type ComponentProps, useState } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

/** What every field helper takes: the form's control, the field's name and the Field's own props. */
type ControlledFieldProps<TValues extends FieldValues, TContext, TOutput> = Omit<FieldProps, 'children'> & {
  control: Control<TValues, TContext, TOutput>;
  name: FieldPath<TValues>;
};

/** A choice list whose field value is shown and written as its choice's text (`code`). */
function ChoiceField<TValues extends FieldValues, TContext, TOutput>({
  control,
  name,
  choices,
  code,
  ...field
}: ControlledFieldProps<TValues, TContext, TOutput> & {
  choices: readonly Choice<string>[];
  code: { text: (value: unknown) => string | undefined; value: (text: string) => unknown };
}) {
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
              value={code.text(value.value)}
              onValueChange={(next) => value.onChange(code.value(next))}
            />
          )}
        </Field>
      )}
    />
  );
}

const AS_TEXT = { text: (value: unknown) => value as string | undefined, value: (text: string) => text };
const AS_NUMBER = {
  text: (value: unknown) => (value === undefined ? undefined : String(value)),
  value: (text: string) => Number(text),
};

/** One value from a list of choices. */
export function SelectField<TValues extends FieldValues, TContext, TOutput, TValue extends string>(
  props: ControlledFieldProps<TValues, TContext, TOutput> & { choices: readonly Choice<TValue>[] },
) {
  return <ChoiceField {...props} code={AS_TEXT} />;
}

/** One number from a list of choices (the choices' values are the numbers as text: '95'). */
export function NumberSelectField<TValues extends FieldValues, TContext, TOutput>(
  props: ControlledFieldProps<TValues, TContext, TOutput> & { choices: readonly Choice<string>[] },
) {
  return <ChoiceField {...props} code={AS_NUMBER} />;
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

/**
 * Flight dates travel as `{ date: 'YYYY-MM-DD' }`, `{ date: 'YYYY-MM-DD HH:mm' }` or null; the date input
 * speaks plain 'YYYY-MM-DD', the time input 'HH:mm'.
 */
const toInput = (day: { date: string } | null | undefined) => day?.date.slice(0, 10) ?? '';
const timeInput = (day: { date: string } | null | undefined) => day?.date.slice(11, 16) ?? '';
const fromInput = (value: string, time = '') =>
  value === '' ? null : { date: time === '' ? value : `${value} ${time}` };

/**
 * A day, held as `{ date }` (YYYY-MM-DD) or null when the input is empty; with `timeLabel`, an optional
 * time of day beside it (`{ date: 'YYYY-MM-DD HH:mm' }`), named by that label.
 */
export function DateField<TValues extends FieldValues, TContext, TOutput>({
  control,
  name,
  timeLabel,
  ...field
}: ControlledFieldProps<TValues, TContext, TOutput> & { timeLabel?: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: value }) =>
        timeLabel ? (
          <Field {...field}>
            {(controlProps) => (
              <DateAndTime
                controlProps={controlProps}
                timeLabel={timeLabel}
                value={value.value}
                onChange={value.onChange}
                onBlur={value.onBlur}
                name={value.name}
              />
            )}
          </Field>
        ) : (
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
        )
      }
    />
  );
}

/** A date and an optional time; the time is kept while the date is empty, and sent once there is one. */
function DateAndTime({
  controlProps,
  timeLabel,
  value,
  onChange,
  onBlur,
  name,
}: {
  controlProps: FieldControlProps;
  timeLabel: string;
  value: { date: string } | null | undefined;
  onChange: (value: { date: string } | null) => void;
  onBlur: () => void;
  name: string;
}) {
  const [time, setTime] = useState(() => timeInput(value));
  const day = toInput(value);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,7.5rem)] gap-2">
      <Input
        {...controlProps}
        type="date"
        name={name}
        value={day}
        onChange={(event) => onChange(fromInput(event.target.value, time))}
        onBlur={onBlur}
      />
      <Input
        type="time"
        aria-label={timeLabel}
        aria-describedby={controlProps['aria-describedby']}
        value={time}
        onChange={(event) => {
          setTime(event.target.value);
          if (day) onChange(fromInput(day, event.target.value));
        }}
        onBlur={onBlur}
      />
    </div>
  );
}

/** An on/off setting: a switch beside its label (the field holds `true` or `false`). */
export function SwitchField<TValues extends FieldValues, TContext, TOutput>({
  control,
  name,
  ...field
}: ControlledFieldProps<TValues, TContext, TOutput>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: value }) => (
        <Field orientation="horizontal" {...field}>
          {(controlProps) => (
            <Switch
              {...controlProps}
              name={value.name}
              checked={value.value === true}
              onCheckedChange={value.onChange}
              onBlur={value.onBlur}
              ref={value.ref}
            />
          )}
        </Field>
      )}
    />
  );
}
