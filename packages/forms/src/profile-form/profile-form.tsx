import {
  type NewPasswordForm,
  newPasswordSchema,
  type ProfileForm as ProfileValues,
  profileSchema,
} from '@adconsole/domain';
import { Button, cn, Field, Input } from '@adconsole/ui';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { FormStatus } from '../lib/form-status';
import { schemaResolver } from '../lib/resolver';

// The names follow the sign-up rules ('Fill in your names'); the e-mail is the account's and cannot change.
export type ProfileFormValues = ProfileValues;
/** The password change of a signed-in user: the current password, then the new one twice. */
export type ProfilePasswordValues = NewPasswordForm;

export interface ProfileFormProps {
  /** The signed-in user: names to edit and the e-mail shown read-only. */
  defaultValues: ProfileFormValues & { email: string };
  /** Saves the names; the button shows pending until the returned promise settles. */
  onSubmit: (values: ProfileFormValues) => Promise<void> | void;
  /**
   * Changes the password of the same account; the current password comes with the new one. The
   * fields are emptied once it settles, unless it answers `false` (the change was refused).
   */
  onChangePassword: (values: ProfilePasswordValues) => Promise<unknown> | unknown;
  serverError?: string | null;
  successMessage?: React.ReactNode;
  passwordServerError?: string | null;
  passwordSuccessMessage?: React.ReactNode;
  className?: string;
}

/** The profile page: first and last name, the e-mail read-only, and a password change. */
export function ProfileForm({
  defaultValues,
  onSubmit,
  onChangePassword,
  serverError,
  successMessage,
  passwordServerError,
  passwordSuccessMessage,
  className,
}: ProfileFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: schemaResolver(profileSchema),
    defaultValues: { firstName: defaultValues.firstName, lastName: defaultValues.lastName },
  });

  const id = React.useId();
  return (
    <div className={cn('grid gap-8', className)} data-slot="profile-form">
      <section aria-labelledby={`${id}-details`} className="grid gap-4">
        <h3 id={`${id}-details`} className="font-semibold text-sm">
          Your details
        </h3>
        <form
          aria-label="Your details"
          noValidate
          onSubmit={handleSubmit((values) => onSubmit(values))}
          className="grid gap-4"
        >
          <FormStatus successMessage={successMessage} serverError={serverError} errors={errors} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="First name" error={errors.firstName?.message}>
              <Input autoComplete="given-name" {...register('firstName')} />
            </Field>
            <Field label="Last name" error={errors.lastName?.message}>
              <Input autoComplete="family-name" {...register('lastName')} />
            </Field>
          </div>
          <Field label="Email address" description="Your sign-in e-mail cannot be changed here.">
            <Input type="email" readOnly value={defaultValues.email} />
          </Field>
          <Button type="submit" loading={isSubmitting} className="justify-self-start">
            Save profile
          </Button>
        </form>
      </section>
      <section aria-labelledby={`${id}-password`} className="grid gap-4">
        <h3 id={`${id}-password`} className="font-semibold text-sm">
          Change your password
        </h3>
        <PasswordForm
          onSubmit={onChangePassword}
          serverError={passwordServerError}
          successMessage={passwordSuccessMessage}
        />
      </section>
    </div>
  );
}

function PasswordForm({
  onSubmit,
  serverError,
  successMessage,
}: {
  onSubmit: ProfileFormProps['onChangePassword'];
  serverError: string | null | undefined;
  successMessage: React.ReactNode;
}) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: schemaResolver(newPasswordSchema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });
  return (
    <form
      aria-label="Change password"
      noValidate
      // The fields are emptied once the change went through, so no password lingers on the page.
      onSubmit={handleSubmit(async (values) => {
        if ((await onSubmit(values)) !== false) reset();
      })}
      className="grid gap-4"
      data-slot="profile-password-form"
    >
      <FormStatus successMessage={successMessage} serverError={serverError} errors={errors} />
      <Field label="Current password" error={errors.currentPassword?.message}>
        <Input type="password" autoComplete="current-password" {...register('currentPassword')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="New password" error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...register('password')} />
        </Field>
        <Field label="Confirm new password" error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
        </Field>
      </div>
      <Button type="submit" loading={isSubmitting} className="justify-self-start">
        Change password
      </Button>
    </form>
  );
}
