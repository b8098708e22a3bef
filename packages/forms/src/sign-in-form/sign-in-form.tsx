import {
  ACCOUNT_MESSAGES,
  decodeVerifyCode,
  issueMessages,
  type LoginForm,
  loginSchema,
  ValidationError,
  verifySchema,
} from '@adconsole/domain';
import { Button, cn, Field, Input, type RenderLink, renderAnchor, Switch } from '@adconsole/ui';
import { FormStatus } from '../lib/form-status';
import { linkClassName } from '../lib/link';
import { useSchemaForm } from '../lib/schema-form';

export type SignInFormValues = LoginForm;

/** The verify link's query values (verifyCode and code), as the sign-in page received them. */
export interface VerifyLink {
  code?: string | null;
  verifyToken?: string | null;
}

/**
 * What is wrong with a verify link, in the domain's words ('Invalid email!', 'Invalid URL!'); empty when
 * the page may call verify with it.
 */
export function verifyLinkProblems(link: VerifyLink): string[] {
  const parsed = verifySchema.safeParse({ code: link.code ?? '', verifyToken: link.verifyToken ?? '' });
  if (!parsed.success) return issueMessages(parsed.error);
  try {
    decodeVerifyCode(parsed.data.code);
    return [];
  } catch (error) {
    if (error instanceof ValidationError) return error.messages;
    throw error;
  }
}

export interface SignInFormProps {
  defaultValues?: Partial<SignInFormValues>;
  /** Called with the checked values; the button shows pending until the returned promise settles. */
  onSubmit: (values: SignInFormValues) => Promise<void> | void;
  /** The server's error text, shown in an alert above the fields. */
  serverError?: string | null;
  /** The e-mail was just verified: shows 'Email verified! Sign in below'. */
  verified?: boolean;
  /** A verify link the page was opened with; a broken one is reported above the fields. */
  verifyLink?: VerifyLink;
  signUpHref?: string;
  forgotPasswordHref?: string;
  /** Renders the sign-up and password-reset links (a router link, say); a plain anchor by default. */
  renderLink?: RenderLink;
  className?: string;
}

/** Sign in: email, password and remember me, checked with the domain's login rules. */
export function SignInForm({
  defaultValues,
  onSubmit,
  serverError,
  verified = false,
  verifyLink,
  signUpHref = '/signup',
  forgotPasswordHref = '/forgotpassword',
  renderLink = renderAnchor,
  className,
}: SignInFormProps) {
  const { register, field, handleSubmit, errors, isSubmitting } = useSchemaForm(loginSchema, {
    username: '',
    password: '',
    remember: false,
    ...defaultValues,
  });
  const remember = field('remember');

  const linkProblems = verifyLink ? verifyLinkProblems(verifyLink) : [];

  return (
    <form
      aria-label="Sign in"
      noValidate
      onSubmit={handleSubmit((values) => onSubmit(values))}
      className={cn('grid gap-4', className)}
      data-slot="sign-in-form"
    >
      <FormStatus
        successMessage={verified ? ACCOUNT_MESSAGES.emailVerified : undefined}
        serverError={[...linkProblems, serverError].filter(Boolean).join('\n') || null}
        errors={errors}
      />
      <Field label="Email" error={errors.username?.message}>
        <Input type="email" autoComplete="username" {...register('username')} />
      </Field>
      <Field label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...register('password')} />
      </Field>
      <Field label="Remember me" orientation="horizontal">
        {(controlProps) => (
          <Switch
            {...controlProps}
            name={remember.name}
            checked={remember.value === true}
            onCheckedChange={remember.onChange}
            ref={remember.ref}
          />
        )}
      </Field>
      <Button type="submit" loading={isSubmitting} className="w-full">
        Sign in
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {renderLink({ href: forgotPasswordHref, className: linkClassName, children: 'Forgot password?' })}
        {renderLink({ href: signUpHref, className: linkClassName, children: 'Create an account' })}
      </div>
    </form>
  );
}
