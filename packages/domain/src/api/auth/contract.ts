// The authentication calls of the contract (docs/product.md §7) and the signed-in user's own account
// (the profile page). Built with `zod/mini`: the sign-in page reads these answers on its first load.
import { z } from 'zod/mini';
import { loginResponseSchema, meResponseSchema, userSchema } from '../../app/user';
import { call } from '../call';
import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  logoutRequestSchema,
  newPasswordRequestSchema,
  profileRequestSchema,
  signUpApiRequestSchema,
  verifyRequestSchema,
} from './requests';

/** POST /login: the user, the session expiry and the address the server saw. */
export const sessionAnswerSchema = loginResponseSchema;
/** GET /me: the same, read leniently (docs/product.md §7 promises only "data with expiry, location"). */
export { meResponseSchema };
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

/** A call that answers a sentence for the person (forgotPassword, changePassword). */
export const messageAnswerSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;

/** POST /signup. */
export const signUpAnswerSchema = z.object({
  user: z.object({ first_name: z.string(), last_name: z.string(), email: z.string() }),
  /** docs/product.md §7 promises only `user`; this server also says what happens next. */
  message: z.optional(z.string()),
  /** True when the account is ready (an invitation), false when the e-mail must be verified first. */
  verified: z.optional(z.boolean()),
});
export type SignUpAnswer = z.infer<typeof signUpAnswerSchema>;

/** POST /verify. */
export const verifyAnswerSchema = z.object({ email: z.string(), message: z.string() });

export const authContract = {
  signUp: call({
    method: 'POST',
    path: '/signup',
    input: signUpApiRequestSchema,
    answer: signUpAnswerSchema,
  }),
  verify: call({ method: 'POST', path: '/verify', input: verifyRequestSchema, answer: verifyAnswerSchema }),
  login: call({ method: 'POST', path: '/login', input: loginRequestSchema, answer: sessionAnswerSchema }),
  me: call({ method: 'GET', path: '/me', answer: meResponseSchema }),
  logout: call({ method: 'POST', path: '/logout', input: logoutRequestSchema, answer: z.null() }),
  forgotPassword: call({
    method: 'POST',
    path: '/forgotPassword',
    input: forgotPasswordRequestSchema,
    answer: messageAnswerSchema,
  }),
  changePassword: call({
    method: 'POST',
    path: '/changePassword',
    input: changePasswordRequestSchema,
    answer: messageAnswerSchema,
  }),

  // ---- The signed-in user's own account (the profile page)
  updateProfile: call({ method: 'PUT', path: '/v1/me', input: profileRequestSchema, answer: userSchema }),
  changeOwnPassword: call({
    method: 'PUT',
    path: '/v1/me/password',
    input: newPasswordRequestSchema,
    answer: messageAnswerSchema,
  }),
} as const;
