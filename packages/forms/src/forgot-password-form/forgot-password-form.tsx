import { type ForgotPasswordForm as ForgotPasswordValues, forgotPasswordSchema } from '@adconsole/domain';
import { Button, cn, Field, Input } from '@adconsole/ui';
import type * as React from 'react';
import { FormStatus } from '../lib/form-status';
import { useSchemaForm } from '../lib/schema-form';

export type ForgotPasswordFormValues = ForgotPasswordValues;

export interface ForgotPasswordFormProps {
  defaultValues?: Partial<ForgotPasswordFormValues>;
  /** Called with the checked e-mail; the button shows pending until the returned promise settles. */
  onSubmit: (values: ForgotPasswordFormValues) => Promise<void> | void;
  /** The server's error text, shown in an alert. */
  serverError?: string | null;
  /** Shown in a success alert once the reset link is on its way. */
  successMessage?: React.ReactNode;
  className?: string;
}

/** Asks for the e-mail a password reset link is sent to. */
export function ForgotPasswordForm({
  defaultValues,
  onSubmit,
  serverError,
  successMessage,
  className,
}: ForgotPasswordFormProps) {
  const { register, handleSubmit, errors, isSubmitting } = useSchemaForm(forgotPasswordSchema, {
    email: '',
    ...defaultValues,
  });

  return (
    <form
      aria-label="Forgot password"
      noValidate
      onSubmit={handleSubmit((values) => onSubmit(values))}
      className={cn('grid gap-4', className)}
      data-slot="forgot-password-form"
    >
      <FormStatus successMessage={successMessage} serverError={serverError} errors={errors} />
      <Field label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...register('email')} />
      </Field>
      <Button type="submit" loading={isSubmitting} className="w-full">
        Send me password reset link
      </Button>
    </form>
  );
}
