import { type ChangePasswordForm as ChangePasswordValues, changePasswordSchema } from '@adconsole/domain';
import { Button, cn, Field, Input } from '@adconsole/ui';
import type * as React from 'react';
import { FormStatus } from '../lib/form-status';
import { useSchemaForm } from '../lib/schema-form';

export type ChangePasswordFormValues = ChangePasswordValues;

export interface ChangePasswordFormProps {
  /** `username` is the account's e-mail (the reset link may prefill it). */
  defaultValues?: Partial<ChangePasswordFormValues>;
  /** Called with the checked values; the page adds the link's forgotToken as `code` when it sends them. */
  onSubmit: (values: ChangePasswordFormValues) => Promise<void> | void;
  /** The server's error text, shown in an alert. */
  serverError?: string | null;
  /** Shown in a success alert once the password is changed. */
  successMessage?: React.ReactNode;
  /** Locks the e-mail: the profile page changes the signed-in user's own password. */
  emailReadOnly?: boolean;
  submitLabel?: string;
  className?: string;
}

/** Sets a new password: e-mail, password and its confirmation, checked with the domain's change-password rules. */
export function ChangePasswordForm({
  defaultValues,
  onSubmit,
  serverError,
  successMessage,
  emailReadOnly = false,
  submitLabel = 'Change password',
  className,
}: ChangePasswordFormProps) {
  const { register, handleSubmit, errors, isSubmitting } = useSchemaForm(changePasswordSchema, {
    username: '',
    password: '',
    confirmPassword: '',
    ...defaultValues,
  });

  return (
    <form
      aria-label="Change password"
      noValidate
      onSubmit={handleSubmit((values) => onSubmit(values))}
      className={cn('grid gap-4', className)}
      data-slot="change-password-form"
    >
      <FormStatus successMessage={successMessage} serverError={serverError} errors={errors} />
      <Field label="Email" error={errors.username?.message}>
        <Input type="email" autoComplete="username" readOnly={emailReadOnly} {...register('username')} />
      </Field>
      <Field label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...register('password')} />
      </Field>
      <Field label="Confirm password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
      </Field>
      <Button type="submit" loading={isSubmitting} className="w-full">
        {submitLabel}
      </Button>
    </form>
  );
}
