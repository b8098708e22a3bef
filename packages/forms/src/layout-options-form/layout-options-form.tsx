import {
  defaultLayoutOptions,
  globalLayoutOptions,
  type Layout,
  type LayoutOption,
  validateLayoutOptions,
} from '@adconsole/domain';
import {
  Alert,
  AlertDescription,
  Button,
  ChoiceSelect,
  cn,
  Field,
  Input,
  Slider,
  Switch,
} from '@adconsole/ui';
import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormStatus } from '../lib/form-status';

export type LayoutOptionsFormValues = Record<string, string | number>;

export interface LayoutOptionsFormProps {
  /** The layout from the domain's catalogue (`layouts`, `findLayout`); omit for the global settings only. */
  layout?: Layout;
  /** Saved option values; missing options start at their catalogue default. */
  defaultValues?: LayoutOptionsFormValues;
  /** Called with every option of the global settings and the layout, hidden ones included. */
  onSubmit: (values: LayoutOptionsFormValues) => Promise<void> | void;
  /** The server's error text, shown in an alert. */
  serverError?: string | null;
  /** Shown in a success alert once the options are saved. */
  successMessage?: React.ReactNode;
  className?: string;
}

const isYesNo = (option: LayoutOption) =>
  option.type === 'choice' &&
  option.choices.length === 2 &&
  option.choices.includes('yes') &&
  option.choices.includes('no');

/** Renders a layout's options from the catalogue: sliders with units and bounds, yes/no switches, choice selects. */
export function LayoutOptionsForm({
  layout,
  defaultValues,
  onSubmit,
  serverError,
  successMessage,
  className,
}: LayoutOptionsFormProps) {
  const sections = React.useMemo(
    () => (layout ? [globalLayoutOptions, layout] : [globalLayoutOptions]),
    [layout],
  );
  const defaults = React.useMemo(
    () =>
      Object.assign(
        {},
        ...sections.map((section) => defaultLayoutOptions(section)),
      ) as LayoutOptionsFormValues,
    [sections],
  );
  const { control, handleSubmit, reset, setError, formState } = useForm<LayoutOptionsFormValues>({
    defaultValues: { ...defaults, ...defaultValues },
  });

  const submit = handleSubmit((values) => {
    // Each section is checked by the domain against its own catalogue entry (bounds, choices, URLs).
    const problems = sections.flatMap((section) => {
      const own = Object.fromEntries(
        section.options
          .filter((option) => option.name in values)
          .map((option) => [option.name, values[option.name] ?? '']),
      );
      return validateLayoutOptions(section, own).errors;
    });
    if (problems.length > 0) {
      setError('root.options', { type: 'validate', message: problems.join('\n') });
      return;
    }
    return onSubmit(values);
  });

  return (
    <form
      aria-label={layout ? `${layout.name} options` : globalLayoutOptions.name}
      noValidate
      onSubmit={submit}
      className={cn('grid gap-6', className)}
      data-slot="layout-options-form"
    >
      <FormStatus successMessage={successMessage} serverError={serverError} errors={formState.errors} />
      {formState.errors.root?.options?.message ? (
        <Alert variant="danger">
          <AlertDescription className="text-foreground">
            {formState.errors.root.options.message}
          </AlertDescription>
        </Alert>
      ) : null}
      {sections.map((section) => (
        <fieldset key={section.id} className="grid gap-5" data-slot="layout-options-section">
          <legend className="mb-3 font-semibold text-sm">{section.name}</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            {section.options
              .filter((option) => !option.hidden)
              .map((option) => (
                <Controller
                  key={option.name}
                  control={control}
                  name={option.name}
                  render={({ field }) => {
                    if (option.type === 'range') {
                      return (
                        <Slider
                          label={option.label}
                          unit={option.unit}
                          min={option.min}
                          max={option.max}
                          step={option.step}
                          value={Number(field.value)}
                          onValueChange={field.onChange}
                        />
                      );
                    }
                    if (option.type === 'choice' && isYesNo(option)) {
                      return (
                        <Field label={option.label} orientation="horizontal">
                          <Switch
                            checked={field.value === 'yes'}
                            onCheckedChange={(checked) => field.onChange(checked ? 'yes' : 'no')}
                          />
                        </Field>
                      );
                    }
                    if (option.type === 'choice') {
                      return (
                        <Field label={option.label}>
                          {(controlProps) => (
                            <ChoiceSelect
                              {...controlProps}
                              choices={option.choices.map((choice) => ({ value: choice, label: choice }))}
                              value={String(field.value)}
                              onValueChange={field.onChange}
                            />
                          )}
                        </Field>
                      );
                    }
                    return (
                      <Field label={option.label}>
                        <Input
                          type="url"
                          value={String(field.value)}
                          onChange={(event) => field.onChange(event.target.value)}
                        />
                      </Field>
                    );
                  }}
                />
              ))}
          </div>
        </fieldset>
      ))}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={formState.isSubmitting}>
          Save layout options
        </Button>
        <Button variant="outline" onClick={() => reset(defaults)}>
          Reset to defaults
        </Button>
      </div>
    </form>
  );
}
