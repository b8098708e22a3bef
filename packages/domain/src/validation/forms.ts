// The form rules of docs/product.md §5 with their exact messages. Plain zod objects, so a form's resolver
// can use them as they are; the API request schemas build on them. Built with `zod/mini`, which parses
// the same and weighs a third of classic zod: the public pages check their forms on the first load
// (docs/console.md).
import { z } from 'zod/mini';
import { MIN_PASSWORD_LENGTH } from '../constants';
import { ACCOUNT_MESSAGES } from './account-messages';
import { companyEmailHost, isCompanyEmail } from './company-email';
import { emailAddressField, MAX_EMAIL_LENGTH } from './email-address';
import { onlyHostEmailsMessage } from './value-messages';

export { MAX_EMAIL_LENGTH };
/** Bounds the work of hashing a password; far above anything a person types. */
export const MAX_PASSWORD_LENGTH = 1024;
export const MAX_NAME_LENGTH = 100;

/** A text of at least `min` characters where every failure (missing, wrong type, short) says `message`. */
const text = (message: string, min: number, max: number) =>
  z.string({ error: message }).check(z.minLength(min, message), z.maxLength(max, message));

/** One plain address (see email-address.ts); every failure, a short one included, reads `message`. */
const emailField = (message: string) => emailAddressField(message);
const passwordField = (message: string) => text(message, MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH);

export const loginSchema = z.object({
  username: emailField(ACCOUNT_MESSAGES.fillInYourEmail),
  password: passwordField(ACCOUNT_MESSAGES.loginPassword),
  remember: z._default(z.boolean({ error: 'remember: expected true or false' }), false),
});
export type LoginForm = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({
  email: emailField(ACCOUNT_MESSAGES.fillInYourEmail),
});
export type ForgotPasswordForm = z.infer<typeof forgotPasswordSchema>;

/** The new password and its confirmation must match ('Passwords do not match!'), on `confirmPassword`. */
export const passwordsMatch = () =>
  z.refine<{ password: string; confirmPassword: string }>((form) => form.password === form.confirmPassword, {
    message: ACCOUNT_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

export const changePasswordSchema = z
  .object({
    username: emailField(ACCOUNT_MESSAGES.fillInYourEmail),
    password: passwordField(ACCOUNT_MESSAGES.changePasswordPassword),
    confirmPassword: passwordField(ACCOUNT_MESSAGES.repeatYourPassword),
  })
  .check(passwordsMatch());
export type ChangePasswordForm = z.infer<typeof changePasswordSchema>;

/**
 * Changing the password while signed in (the profile page): the current password proves it is the
 * account's owner at the keyboard, then the new one twice, with the change-password rules.
 */
export const newPasswordFields = {
  currentPassword: text(ACCOUNT_MESSAGES.fillInCurrentPassword, 1, MAX_PASSWORD_LENGTH),
  password: passwordField(ACCOUNT_MESSAGES.changePasswordPassword),
  confirmPassword: passwordField(ACCOUNT_MESSAGES.repeatYourPassword),
};
export const newPasswordSchema = z.object(newPasswordFields).check(passwordsMatch());
export type NewPasswordForm = z.infer<typeof newPasswordSchema>;

/** Verify link parameters: `code` is base64 of the e-mail, `verifyToken` the single-use token. */
export const verifySchema = z.object({
  code: text(ACCOUNT_MESSAGES.invalidEmail, 6, 1024),
  verifyToken: text(ACCOUNT_MESSAGES.invalidUrl, 1, 1024),
});
export type VerifyForm = z.infer<typeof verifySchema>;

const nameField = () =>
  z
    .string({ error: ACCOUNT_MESSAGES.fillInYourNames })
    .check(
      z.trim(),
      z.minLength(1, ACCOUNT_MESSAGES.fillInYourNames),
      z.maxLength(MAX_NAME_LENGTH, ACCOUNT_MESSAGES.fillInYourNames),
    );

const signUpFields = {
  firstName: nameField(),
  lastName: nameField(),
  email: emailField(ACCOUNT_MESSAGES.fillInYourEmailCorrectly),
  password: passwordField(ACCOUNT_MESSAGES.fillInYourPassword),
  confirmPassword: passwordField(ACCOUNT_MESSAGES.fillInBothPasswords),
  termsChecked: z.literal(true, { error: ACCOUNT_MESSAGES.acceptTheTerms }),
};

/** Sign-up for `companyDomain` (e.g. 'example.com'): e-mails of other domains get 'Only example.com emails allowed!'. */
export const signUpSchema = (companyDomain: string) => signUpObject(companyDomain, z.object(signUpFields));

/** Shared by the form and the strict request schema so both apply the same cross-field rules. */
export const signUpObject = <T extends z.ZodMiniObject<typeof signUpFields, z.core.$ZodObjectConfig>>(
  companyDomain: string,
  base: T,
): T => {
  const host = companyEmailHost(companyDomain);
  return base.check(
    z.superRefine((form: z.output<T>, ctx) => {
      if (!isCompanyEmail(form.email, companyDomain)) {
        ctx.addIssue({ code: 'custom', message: onlyHostEmailsMessage(host), path: ['email'] });
      }
      if (form.password !== form.confirmPassword) {
        ctx.addIssue({
          code: 'custom',
          message: ACCOUNT_MESSAGES.fillInBothPasswords,
          path: ['confirmPassword'],
        });
      }
    }),
  );
};
export const signUpFieldsShape = signUpFields;

/** The profile's names, with the sign-up rules ('Fill in your names'). */
export const profileSchema = z.object({
  firstName: signUpFields.firstName,
  lastName: signUpFields.lastName,
});
export type ProfileForm = z.infer<typeof profileSchema>;
export type SignUpForm = z.infer<ReturnType<typeof signUpSchema>>;
