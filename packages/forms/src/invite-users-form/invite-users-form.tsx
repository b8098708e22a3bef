import {
  emailField,
  type InviteUsersRequest,
  inviteUsersRequestSchema,
  MAX_NAME_LENGTH,
  safeParseWithMessages,
  USER_ROLES,
  type UserRole,
} from '@adconsole/domain';
import { Button, cn, Field, FieldError, Input } from '@adconsole/ui';
import * as React from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { SelectField } from '../lib/fields';
import { FormStatus } from '../lib/form-status';
import { schemaResolver } from '../lib/resolver';

const inviteeSchema = z.object({
  email: emailField('Each invitee'),
  firstName: z.optional(z.string().check(z.trim(), z.maxLength(MAX_NAME_LENGTH))),
});

// Rows of e-mail and optional first name; the list as a whole is checked by the invite request's own rule
// (at least one, at most a hundred), so its messages are the API's.
const inviteUsersFormSchema = z.object({ invitees: z.array(inviteeSchema), role: z.enum(USER_ROLES) }).check(
  z.superRefine((form, ctx) => {
    const emails = safeParseWithMessages(
      inviteUsersRequestSchema.shape.emails,
      form.invitees.map((invitee) => invitee.email),
    );
    if (!emails.success) {
      for (const issue of emails.error.issues) {
        if (issue.path.length === 0)
          ctx.addIssue({ code: 'custom', message: issue.message, path: ['invitees'] });
      }
    }
  }),
);

export interface Invitee {
  email: string;
  firstName?: string | undefined;
}

/** The invite request (emails, role) plus each invitee's optional first name for the invitation. */
export type InviteUsersFormValues = InviteUsersRequest & { invitees: Invitee[] };

export interface InviteUsersFormProps {
  defaultValues?: { invitees?: Invitee[]; role?: UserRole };
  /** Called with the checked invitations; the button shows pending until the returned promise settles. */
  onSubmit: (values: InviteUsersFormValues) => Promise<void> | void;
  /** The server's error text, shown in an alert. */
  serverError?: string | null;
  /** Shown in a success alert once the invitations are sent. */
  successMessage?: React.ReactNode;
  className?: string;
}

const roleChoices: readonly { value: UserRole; label: string }[] = USER_ROLES.map((role) => ({
  value: role,
  label: role === 'admin' ? 'Admin' : 'User',
}));

/** Invites several people at once by e-mail; first names are optional. */
export function InviteUsersForm({
  defaultValues,
  onSubmit,
  serverError,
  successMessage,
  className,
}: InviteUsersFormProps) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: schemaResolver(inviteUsersFormSchema),
    defaultValues: {
      invitees: defaultValues?.invitees ?? [{ email: '', firstName: '' }],
      role: defaultValues?.role ?? 'user',
    },
  });
  const invitees = useFieldArray({ control, name: 'invitees' });
  const listError = errors.invitees?.message ?? errors.invitees?.root?.message;
  const listErrorId = `${React.useId()}-invitees-error`;

  return (
    <form
      aria-label="Invite users"
      noValidate
      onSubmit={handleSubmit((values) =>
        onSubmit({
          emails: values.invitees.map((invitee) => invitee.email),
          role: values.role,
          invitees: values.invitees.map(({ email, firstName }) =>
            firstName ? { email, firstName } : { email },
          ),
        }),
      )}
      className={cn('grid gap-4', className)}
      data-slot="invite-users-form"
    >
      <FormStatus successMessage={successMessage} serverError={serverError} errors={errors} />
      <fieldset className="grid gap-3" aria-describedby={listError ? listErrorId : undefined}>
        <legend className="mb-2 font-semibold text-sm">People to invite</legend>
        {invitees.fields.map((row, index) => {
          const number = index + 1;
          return (
            <div
              key={row.id}
              className="grid items-start gap-2 sm:grid-cols-[1fr_1fr_auto]"
              data-slot="invitee-row"
            >
              <Field label={`Invitee ${number} e-mail`} error={errors.invitees?.[index]?.email?.message}>
                <Input type="email" autoComplete="off" {...register(`invitees.${index}.email`)} />
              </Field>
              <Field
                label={`Invitee ${number} first name (optional)`}
                error={errors.invitees?.[index]?.firstName?.message}
              >
                <Input autoComplete="off" {...register(`invitees.${index}.firstName`)} />
              </Field>
              <Button
                variant="outline"
                className="sm:mt-[1.375rem]"
                aria-label={`Remove invitee ${number}`}
                onClick={() => invitees.remove(index)}
              >
                Remove
              </Button>
            </div>
          );
        })}
        {listError ? <FieldError id={listErrorId}>{listError}</FieldError> : null}
        <Button
          variant="secondary"
          className="justify-self-start"
          onClick={() => invitees.append({ email: '', firstName: '' })}
        >
          Add another person
        </Button>
      </fieldset>
      <SelectField
        control={control}
        name="role"
        label="Role"
        description="Admins see the admin screens and can invite others."
        className="max-w-xs"
        choices={roleChoices}
      />
      <Button type="submit" loading={isSubmitting}>
        Send invitations
      </Button>
    </form>
  );
}
