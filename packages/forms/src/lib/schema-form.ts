// A small controlled-form hook for the public account forms (sign in, sign up, forgot and change
// password): they are on the first load of the console's public pages, where react-hook-form and its
// resolver (16 kB gzip) would be a tenth of what the page downloads (docs/console.md). It keeps
// react-hook-form's behaviour that those forms rely on: validation with the domain's schema on submit,
// then on every change; the first message of each field; messages of the whole form under ''; the
// first field in error focused; the parsed values handed to the submit handler, pending until it settles.

import { safeParseWithMessages } from '@adconsole/domain';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import type { z } from 'zod/mini';

/** Each field's first message, by its path ('' for a check of the whole form). */
export type FormErrors = Readonly<Record<string, { message: string } | undefined>>;

/** The first message of each path, in the order the schema reported them. */
function formErrorsOf(error: z.core.$ZodError): FormErrors {
  const errors: Record<string, { message: string }> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= { message: issue.message };
  }
  return errors;
}

type Checked<T> = { data: T; errors: FormErrors } | { data?: undefined; errors: FormErrors };

export function useSchemaForm<TValues extends Record<string, unknown>, TOutput>(
  schema: z.core.$ZodType<TOutput>,
  defaultValues: TValues,
) {
  const [values, setValues] = useState(defaultValues);
  const [errors, setErrors] = useState<FormErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  // The latest values between renders (several changes may come before React renders again).
  const latest = useRef(values);
  const submitted = useRef(false);
  const elements = useRef(new Map<string, HTMLElement | null>());

  const check = (candidate: TValues): Checked<TOutput> => {
    const result = safeParseWithMessages(schema, candidate);
    return result.success ? { data: result.data, errors: {} } : { errors: formErrorsOf(result.error) };
  };

  const setValue = <K extends keyof TValues & string>(name: K, value: TValues[K]) => {
    latest.current = { ...latest.current, [name]: value };
    setValues(latest.current);
    // After the first submit, every change checks again (react-hook-form's reValidateMode 'onChange').
    if (submitted.current) setErrors(check(latest.current).errors);
  };

  const refOf = (name: string) => (element: HTMLElement | null) => {
    if (!elements.current.has(name) || element) elements.current.set(name, element);
  };

  /** The props of a text input bound to `name`. */
  const register = <K extends keyof TValues & string>(name: K) => ({
    name,
    value: (values[name] as string | undefined) ?? '',
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.value as TValues[K]),
    ref: refOf(name),
  });

  /** The value and setter of a control that is not a text input (a switch, a checkbox). */
  const field = <K extends keyof TValues & string>(name: K) => ({
    name,
    value: values[name],
    onChange: (value: TValues[K]) => setValue(name, value),
    ref: refOf(name),
  });

  /** Checks the values; valid ones go to `onValid` (pending until it settles), else the first field in error takes the focus. */
  const handleSubmit = (onValid: (values: TOutput) => Promise<void> | void) => async (event?: FormEvent) => {
    event?.preventDefault();
    submitted.current = true;
    const result = check(latest.current);
    setErrors(result.errors);
    if (result.data === undefined && Object.keys(result.errors).length > 0) {
      for (const [name, element] of elements.current) {
        if (result.errors[name] && element) {
          element.focus();
          break;
        }
      }
      return;
    }
    setSubmitting(true);
    try {
      await onValid(result.data as TOutput);
    } finally {
      setSubmitting(false);
    }
  };

  return { values, errors, isSubmitting, register, field, handleSubmit, setValue };
}
