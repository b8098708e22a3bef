// The outcome area every form shares: the server's error in a danger alert, a success message in a
// success alert. Kept in one place so every form announces its outcome the same way.
import { Alert, AlertDescription, AlertTitle } from '@adconsole/ui';
import type * as React from 'react';

/** A form's messages by field, as react-hook-form's `errors` and the public forms' `useSchemaForm` give them. */
type FormStatusErrors = { readonly [field: string]: { readonly message?: unknown } | undefined };

export interface FormOutcomeProps {
  /** The server's error text (several messages may be joined by newlines); shown in a danger alert. */
  serverError?: string | null | undefined;
  /** A success message; shown in a success alert. */
  successMessage?: React.ReactNode;
  /**
   * The form's validation errors. Those that belong to no field (a check of the whole form, or
   * values the form does not edit) are shown here, so a refused submit never fails silently.
   */
  errors?: FormStatusErrors | undefined;
}

/** Messages of errors attached to the form as a whole rather than to a field the user sees. */
function formLevelMessages(errors: FormStatusErrors | undefined): string[] {
  if (!errors) return [];
  const whole = [errors[''], errors.root].flatMap((error) => (error?.message ? [String(error.message)] : []));
  return [...new Set(whole)];
}

export function FormStatus({ serverError, successMessage, errors }: FormOutcomeProps) {
  const formErrors = formLevelMessages(errors);
  return (
    <>
      {formErrors.length > 0 ? (
        <Alert variant="danger" data-slot="form-error">
          <AlertTitle>The form could not be sent</AlertTitle>
          <AlertDescription className="text-foreground">{formErrors.join('\n')}</AlertDescription>
        </Alert>
      ) : null}
      {successMessage ? (
        <Alert variant="success">
          <AlertTitle>{successMessage}</AlertTitle>
        </Alert>
      ) : null}
      {serverError ? (
        <Alert variant="danger">
          <AlertDescription className="text-foreground">{serverError}</AlertDescription>
        </Alert>
      ) : null}
    </>
  );
}
