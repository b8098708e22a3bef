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

/** What a page saving the options with another form holds (`handleRef`): the checked values. */
export type LayoutOptionsFormHandle = {
  /** Checks the options (showing any problem in the form) and gives their values, or null when one is wrong. */
  collect: () => Promise<LayoutOptionsFormValues | null>;
};

export interface LayoutOptionsFormProps {
  /** The layout from the domain's catalogue (`layouts`, `findLayout`); omit for the global settings only. */
  layout?: Layout;
  /** Saved option values; missing options start at their catalogue default. */
  defaultValues?: LayoutOptionsFormValues;
  /** Called with every option of the global settings and the layout, hidden ones included. */
  onSubmit?: (values: LayoutOptionsFormValues) => Promise<void> | void;
  /**
   * The form's own save button (on by default). Off, the options are saved with another form: its page
   * reads them through `handleRef`, and Enter in a field submits nothing here.
   */
  saveButton?: boolean;
  /** Filled with the form's handle, for a page that saves the options with another form. */
  handleRef?: React.Ref<LayoutOptionsFormHandle>;
  /** Told every option's value as it changes (a preview following the sliders). */
  onValuesChange?: (values: LayoutOptionsFormValues) => void;
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
  saveButton = true,
  handleRef,
  onValuesChange,
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
  const { control, handleSubmit, reset, setError, formState, watch } = useForm<LayoutOptionsFormValues>({
    defaultValues: { ...defaults, ...defaultValues },
  });
  const onValuesChangeRef = React.useRef(onValuesChange);
  onValuesChangeRef.current = onValuesChange;
  React.useEffect(() => {
    const subscription = watch((values) =>
      onValuesChangeRef.current?.({ ...values } as LayoutOptionsFormValues),
    );
    return () => subscription.unsubscribe();
  }, [watch]);

  /** Each section checked by the domain against its own catalogue entry (bounds, choices, URLs). */
  const checked = (values: LayoutOptionsFormValues): boolean => {
    const problems = sections.flatMap((section) => {
      const own = Object.fromEntries(
        section.options
          .filter((option) => option.name in values)
          .map((option) => [option.name, values[option.name] ?? '']),
      );
      return validateLayoutOptions(section, own).errors;
    });
    if (problems.length > 0) setError('root.options', { type: 'validate', message: problems.join('\n') });
    return problems.length === 0;
  };
  const submit = handleSubmit((values) => {
    if (!checked(values)) return;
    return saveButton ? onSubmit?.(values) : undefined;
  });
  React.useImperativeHandle(handleRef, () => ({
    collect: () =>
      new Promise<LayoutOptionsFormValues | null>((resolve) => {
        void handleSubmit(
          (values) => resolve(checked(values) ? values : null),
          () => resolve(null),
        )();
      }),
  }));

  const label = layout ? `${layout.name} options` : globalLayoutOptions.name;
  // Saved with another form, it is a group inside that form (a form may not hold another).
  const Root = saveButton ? 'form' : 'div';
  const rootProps = saveButton
    ? { 'aria-label': label, noValidate: true, onSubmit: submit }
    : { role: 'group', 'aria-label': label };
  return (
    <Root {...rootProps} className={cn('grid gap-6', className)} data-slot="layout-options-form">
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
        {saveButton ? (
          <Button type="submit" loading={formState.isSubmitting}>
            Save layout options
          </Button>
        ) : null}
        <Button variant="outline" onClick={() => reset(defaults)}>
          Reset to defaults
        </Button>
      </div>
    </Root>
  );
}
