import {
  CLIENT_MESSAGES,
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
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod/mini';
import { SelectField } from '../lib/fields';
import { FormStatus } from '../lib/form-status';
import { schemaResolver } from '../lib/resolver';
import { type AdvertiserChoice, AdvertiserChoices } from './advertiser-choices';

const inviteeSchema = z.object({
  email: emailField('Each invitee'),
  firstName: z.optional(z.string().check(z.trim(), z.maxLength(MAX_NAME_LENGTH))),
});

// Rows of e-mail and optional first name; the list as a whole is checked by the invite request's own rule
// (at least one, at most a hundred), so its messages are the API's. A client needs advertisers.
const inviteUsersFormSchema = z
  .object({
    invitees: z.array(inviteeSchema),
    role: z.enum(USER_ROLES),
    advertiserIds: z.array(z.string()),
  })
  .check(
    z.superRefine((form, ctx) => {
      if (form.role === 'client' && form.advertiserIds.length === 0)
        ctx.addIssue({
          code: 'custom',
          message: CLIENT_MESSAGES.clientNeedsAdvertisers,
          path: ['advertiserIds'],
        });
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
  defaultValues?: { invitees?: Invitee[]; role?: UserRole; advertiserIds?: string[] };
  /**
   * The advertisers a client may be given (docs/security.md, "Client access"); without any, the role
   * Client is not offered.
   */
  advertisers?: readonly AdvertiserChoice[];
  /** Called with the checked invitations; the button shows pending until the returned promise settles. */
  onSubmit: (values: InviteUsersFormValues) => Promise<void> | void;
  /** The server's error text, shown in an alert. */
  serverError?: string | null;
  /** Shown in a success alert once the invitations are sent. */
  successMessage?: React.ReactNode;
  className?: string;
}

const ROLE_LABELS: Record<UserRole, string> = { user: 'User', admin: 'Admin', client: 'Client' };

/** Invites several people at once by e-mail; first names are optional. */
export function InviteUsersForm({
  defaultValues,
  advertisers = [],
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
      advertiserIds: defaultValues?.advertiserIds ?? [],
    },
  });
  const role = useWatch({ control, name: 'role' });
  const roleChoices = USER_ROLES.filter((each) => each !== 'client' || advertisers.length > 0).map(
    (each) => ({ value: each, label: ROLE_LABELS[each] }),
  );
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
          ...(values.role === 'client' ? { advertiserIds: values.advertiserIds } : {}),
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
        description={
          advertisers.length > 0
            ? "Admins see the admin screens and can invite others. Clients read their advertisers' campaigns and reports, and change nothing."
            : 'Admins see the admin screens and can invite others.'
        }
        className="max-w-xs"
        choices={roleChoices}
      />
      {role === 'client' ? (
        <Controller
          control={control}
          name="advertiserIds"
          render={({ field }) => (
            <AdvertiserChoices
              advertisers={advertisers}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.advertiserIds?.message ?? errors.advertiserIds?.root?.message}
            />
          )}
        />
      ) : null}
      <Button type="submit" loading={isSubmitting}>
        Send invitations
      </Button>
    </form>
  );
}
