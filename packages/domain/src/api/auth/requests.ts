// Requests of the authentication calls (docs/product.md §7) and of the signed-in user's own account.
// The server validates with these and the client checks its payloads with them before sending. Built
// with `zod/mini`: the sign-in page sends them on its first load (docs/console.md).
import { z } from 'zod/mini';
import { MIN_PASSWORD_LENGTH } from '../../constants';
import { ACCOUNT_MESSAGES } from '../../validation/account-messages';
import { booleanField } from '../../validation/boolean-field';
import { emailAddressField } from '../../validation/email-address';
import {
  forgotPasswordSchema,
  loginSchema,
  MAX_PASSWORD_LENGTH,
  newPasswordFields,
  passwordsMatch,
  profileSchema,
  signUpFieldsShape,
  signUpObject,
  verifySchema,
} from '../../validation/forms';

export const loginRequestSchema = z.strictObject({
  method: z.literal('password', { error: "method must be 'password'" }),
  ...loginSchema.shape,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const signUpRequestSchema = (companyDomain: string) =>
  signUpObject(companyDomain, z.strictObject(signUpFieldsShape));
export type SignUpRequest = z.infer<ReturnType<typeof signUpRequestSchema>>;

/** POST /signup: the sign-up form plus the optional invitation token (the cross-field rules run on the server, which knows whether the invitation stands in for the company domain). */
export const signUpApiRequestSchema = z.strictObject({
  ...signUpFieldsShape,
  invite: z
    .optional(z.string().check(z.maxLength(200)))
    .check(
      z.describe(
        'The token of an invitation link; lets an invited address of any domain sign up, already verified.',
      ),
    ),
});
export type SignUpApiRequest = z.infer<typeof signUpApiRequestSchema>;

/** POST /logout: `everywhere` ends every session of the account, not only this one. */
export const logoutRequestSchema = z.strictObject({
  everywhere: z._default(booleanField('everywhere'), false),
});
export type LogoutRequest = z.infer<typeof logoutRequestSchema>;

export const verifyRequestSchema = z.strictObject({
  ...verifySchema.shape,
  email: emailAddressField(ACCOUNT_MESSAGES.invalidEmail),
});
export type VerifyRequest = z.infer<typeof verifyRequestSchema>;

export const forgotPasswordRequestSchema = z.strictObject(forgotPasswordSchema.shape);
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

const text = (message: string, min: number, max: number) =>
  z.string({ error: message }).check(z.minLength(min, message), z.maxLength(max, message));

export const changePasswordRequestSchema = z
  .strictObject({
    username: emailAddressField(ACCOUNT_MESSAGES.fillInYourEmail),
    password: text(ACCOUNT_MESSAGES.changePasswordPassword, MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH),
    confirmPassword: text(ACCOUNT_MESSAGES.repeatYourPassword, MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH),
    /** The forgotToken of the reset link. */
    code: text(ACCOUNT_MESSAGES.invalidUrl, 1, 1024),
  })
  .check(passwordsMatch());
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** PUT /v1/me: the signed-in user's first and last name. */
export const profileRequestSchema = z.strictObject(profileSchema.shape);
export type ProfileRequest = z.infer<typeof profileRequestSchema>;

/** PUT /v1/me/password: the current password, then the new one twice. */
export const newPasswordRequestSchema = z.strictObject(newPasswordFields).check(passwordsMatch());
export type NewPasswordRequest = z.infer<typeof newPasswordRequestSchema>;
