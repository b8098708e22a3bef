import { type SignUpForm as SignUpValues, signUpSchema } from '@adconsole/domain';
import { Button, Checkbox, cn, Field, Input } from '@adconsole/ui';
import * as React from 'react';
import { FormStatus } from '../lib/form-status';
import { useSchemaForm } from '../lib/schema-form';

export type SignUpFormValues = SignUpValues;

export interface SignUpFormProps {
  /** The company domain sign-up is limited to ('example.com'); other e-mails get 'Only example.com emails allowed!'. */
  companyDomain: string;
  /** Email and first name can be prefilled (from the page's query, say). */
  defaultValues?: Partial<Pick<SignUpFormValues, 'firstName' | 'lastName' | 'email'>>;
  /** Called with the checked values; the button shows pending until the returned promise settles. */
  onSubmit: (values: SignUpFormValues) => Promise<void> | void;
  /** The server's error text, shown in an alert. */
  serverError?: string | null;
  /** Shown in a success alert once the account is made. */
  successMessage?: React.ReactNode;
  className?: string;
}

/** Sign up: names, company e-mail, password twice and the terms, checked with the domain's sign-up rules. */
export function SignUpForm({
  companyDomain,
  defaultValues,
  onSubmit,
  serverError,
  successMessage,
  className,
}: SignUpFormProps) {
  const schema = React.useMemo(() => signUpSchema(companyDomain), [companyDomain]);
  const { register, field, handleSubmit, errors, isSubmitting } = useSchemaForm(schema, {
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    confirmPassword: '',
    termsChecked: undefined as true | undefined,
    ...defaultValues,
  });
  const terms = field('termsChecked');

  return (
    <form
      aria-label="Sign up"
      noValidate
      onSubmit={handleSubmit((values) => onSubmit(values))}
      className={cn('grid gap-4', className)}
      data-slot="sign-up-form"
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
      <Field label="Email" description={`Use your ${companyDomain} address.`} error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...register('email')} />
      </Field>
      <Field label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...register('password')} />
      </Field>
      <Field label="Confirm password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
      </Field>
      <Field
        label="I accept the terms and conditions"
        orientation="horizontal"
        error={errors.termsChecked?.message}
      >
        {(controlProps) => (
          <Checkbox
            {...controlProps}
            name={terms.name}
            checked={terms.value === true}
            // Unticking leaves the field unset so the schema's 'accept the terms' rule applies.
            onCheckedChange={(checked) => terms.onChange(checked === true ? true : undefined)}
            ref={terms.ref}
          />
        )}
      </Field>
      <Button type="submit" loading={isSubmitting} className="w-full">
        Sign up
      </Button>
    </form>
  );
}
