import {
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_SCOPES,
  type ApiTokenScope,
  type CreateApiTokenRequest,
  createApiTokenRequestSchema,
} from '@adconsole/domain';
import { Button, Checkbox, cn, Field, FieldError, Input } from '@adconsole/ui';
import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormStatus } from '../lib/form-status';
import { schemaResolver } from '../lib/resolver';

export type ApiTokenFormValues = CreateApiTokenRequest;

export interface ApiTokenFormProps {
  defaultValues?: { name?: string; scopes?: ApiTokenScope[] };
  /**
   * Called with the checked name and scopes; the button shows pending until the returned promise
   * settles. Resolve `true` to clear the form for the next token.
   */
  onSubmit: (values: ApiTokenFormValues) => Promise<boolean | undefined> | boolean | undefined;
  /** The server's error text, shown in an alert. */
  serverError?: string | null;
  className?: string;
}

/** Names a new personal API token and picks what it may do (the API's own request schema checks it). */
export function ApiTokenForm({ defaultValues, onSubmit, serverError, className }: ApiTokenFormProps) {
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: schemaResolver(createApiTokenRequestSchema),
    defaultValues: {
      name: defaultValues?.name ?? '',
      scopes: defaultValues?.scopes ?? (['reports:read'] as ApiTokenScope[]),
    },
  });
  const scopesErrorId = `${React.useId()}-scopes-error`;
  const scopesError = errors.scopes?.message ?? errors.scopes?.root?.message;

  return (
    <form
      aria-label="New API token"
      noValidate
      onSubmit={handleSubmit(async (values) => {
        if ((await onSubmit(values)) === true)
          reset({ name: '', scopes: ['reports:read'] as ApiTokenScope[] });
      })}
      className={cn('grid gap-4', className)}
      data-slot="api-token-form"
    >
      <FormStatus serverError={serverError} errors={errors} />
      <Field
        label="Token name"
        description="Where it is used, so you know which to revoke (e.g. Partner report screen)."
        error={errors.name?.message}
      >
        <Input autoComplete="off" {...register('name')} />
      </Field>
      <Controller
        control={control}
        name="scopes"
        render={({ field }) => (
          <fieldset
            className="grid gap-3"
            aria-describedby={scopesError ? scopesErrorId : undefined}
            aria-invalid={scopesError ? true : undefined}
          >
            <legend className="mb-1 font-medium text-sm">What it may do</legend>
            {API_TOKEN_SCOPES.map((scope) => (
              <Field
                key={scope}
                orientation="horizontal"
                label={API_TOKEN_SCOPE_LABELS[scope].label}
                description={
                  <>
                    <code className="font-mono">{scope}</code>: {API_TOKEN_SCOPE_LABELS[scope].description}
                  </>
                }
              >
                {(controlProps) => (
                  <Checkbox
                    {...controlProps}
                    name={`scopes.${scope}`}
                    checked={field.value.includes(scope)}
                    onCheckedChange={(checked) =>
                      field.onChange(
                        checked === true
                          ? API_TOKEN_SCOPES.filter((each) => each === scope || field.value.includes(each))
                          : field.value.filter((each) => each !== scope),
                      )
                    }
                    onBlur={field.onBlur}
                  />
                )}
              </Field>
            ))}
            {scopesError ? <FieldError id={scopesErrorId}>{scopesError}</FieldError> : null}
          </fieldset>
        )}
      />
      <Button type="submit" loading={isSubmitting} className="justify-self-start">
        Create token
      </Button>
    </form>
  );
}
