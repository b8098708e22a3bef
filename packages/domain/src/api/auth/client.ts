// Authentication calls of docs/product.md §7.
import type { z } from 'zod/mini';
import { canAnswerSessionLocally, isSessionValid, sessionExpiry, toSessionExpiry } from '../../app/session';
import type { LoginResponse, MeResponse, StoredSession, User } from '../../app/user';
import { ACCOUNT_MESSAGES } from '../../validation/account-messages';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  newPasswordSchema,
  profileSchema,
  verifySchema,
} from '../../validation/forms';
import { validate } from '../../validation/validation-error';
import { decodeVerifyCode } from '../../validation/verify-code';
import { API_ERROR_CODES, ApiError } from '../errors';
import type { Http } from '../http';
import { send, sendOnly, sendRaw } from '../send';
import { type PublicConfig, systemContract } from '../system/contract';
import { authContract, type MessageAnswer, type SignUpAnswer } from './contract';
import { signUpRequestSchema } from './requests';

export const AUTH_PATHS = {
  login: authContract.login.path,
  logout: authContract.logout.path,
  forgotPassword: authContract.forgotPassword.path,
  changePassword: authContract.changePassword.path,
  me: authContract.me.path,
  verify: authContract.verify.path,
  signUp: authContract.signUp.path,
  config: systemContract.config.path,
  profile: authContract.updateProfile.path,
  ownPassword: authContract.changeOwnPassword.path,
} as const;

/** The sign-up form plus, for invited users, the invitation token of their link. */
export type SignUpInput = Record<string, unknown> & { invite?: string | undefined };

/** Outcome of the amILoggedIn check; `session` is what to store (or clear) locally. */
export type SessionCheck =
  | { loggedIn: true; session: StoredSession; fromServer: boolean }
  | { loggedIn: false; session: null; error?: unknown };

export function authCalls(http: Http, companyDomain: string | undefined) {
  /** The company domain: the client's option, else the one GET /config answered. */
  let config: PublicConfig | undefined;

  /** GET /me: the current session (data with expiry and location). */
  const me = (): Promise<MeResponse> => send(http, authContract.me, undefined, { emptyAnswer: {} });

  return {
    /** GET /config: the company domain, company name and ad-serving origin; remembered for sign-up. */
    async getConfig(): Promise<PublicConfig> {
      config = await send(http, systemContract.config, undefined);
      return config;
    },

    /** POST /login with method 'password'. */
    login: async (input: z.input<typeof loginSchema>): Promise<LoginResponse> =>
      send(http, authContract.login, { method: 'password', ...validate(loginSchema, input) }),

    /** Ends the server session (with `everywhere`, every session of the account); the caller clears the local user as well. */
    async logout(options: { everywhere?: boolean } = {}): Promise<void> {
      await sendOnly(http, authContract.logout, { everywhere: options.everywhere ?? false });
    },

    me,

    /**
     * The amILoggedIn check (docs/product.md §4): a valid local session within 6 s of the last request is
     * answered locally; otherwise GET /me decides, and its answer refreshes the stored session.
     */
    async amILoggedIn(stored: StoredSession | null | undefined, now: Date): Promise<SessionCheck> {
      if (stored && isSessionValid(stored, now) && canAnswerSessionLocally(stored.lastRequest, now)) {
        return { loggedIn: true, session: stored, fromServer: false };
      }
      let answer: MeResponse;
      try {
        answer = await me();
      } catch (error) {
        return { loggedIn: false, session: null, error };
      }
      const user = answer.user ?? stored?.user;
      if (!user) return { loggedIn: false, session: null };
      const session: StoredSession = {
        user,
        expiry: toSessionExpiry(sessionExpiry(answer.expiry, now)),
        location: answer.location ?? stored?.location ?? null,
        lastRequest: now.getTime(),
        lastLogin: stored?.lastLogin ?? null,
      };
      return { loggedIn: true, session, fromServer: true };
    },

    // forgotPassword, changePassword and verify answer the server's data as it came (a sentence).
    async forgotPassword(input: z.input<typeof forgotPasswordSchema>): Promise<unknown> {
      return (await sendRaw(http, authContract.forgotPassword, validate(forgotPasswordSchema, input))).data;
    },

    /** POST /changePassword; `code` is the forgotToken of the reset link. */
    async changePassword(input: z.input<typeof changePasswordSchema> & { code: string }): Promise<unknown> {
      validate(changePasswordSchema, {
        username: input.username,
        password: input.password,
        confirmPassword: input.confirmPassword,
      });
      const payload = validate(authContract.changePassword.input, input);
      return (await sendRaw(http, authContract.changePassword, payload)).data;
    },

    /** PUT /v1/me: saves the signed-in user's first and last name; answers the user as stored. */
    updateProfile: async (input: z.input<typeof profileSchema>): Promise<User> =>
      send(http, authContract.updateProfile, validate(profileSchema, input)),

    /**
     * PUT /v1/me/password: the signed-in user's new password, with the current one. The server ends
     * every other session of the account; this one stays signed in.
     */
    changeOwnPassword: async (input: z.input<typeof newPasswordSchema>): Promise<MessageAnswer> =>
      send(http, authContract.changeOwnPassword, validate(newPasswordSchema, input)),

    /** POST /verify: the base64 code is decoded to the e-mail before sending. */
    async verify(input: {
      code?: string | null | undefined;
      verifyToken?: string | null | undefined;
    }): Promise<unknown> {
      const form = validate(verifySchema, input);
      const email = decodeVerifyCode(form.code);
      return (await sendRaw(http, authContract.verify, { ...form, email })).data;
    },

    /** POST /signup: success needs status 200 and a user in the answer. */
    async signUp(input: SignUpInput): Promise<SignUpAnswer> {
      const domain = companyDomain ?? config?.companyDomain;
      if (domain === undefined)
        throw new Error('createApiClient needs companyDomain (or a getConfig() call) to sign users up');
      const { invite, ...form } = input;
      const payload = validate(signUpRequestSchema(domain), form);
      const json = invite === undefined ? payload : { ...payload, invite };
      const answer = await sendRaw(http, authContract.signUp, json);
      // Any other answer, a 2xx without a user included, reads 'Sign up failed!'.
      const parsed = authContract.signUp.answer.safeParse(answer.data);
      if (answer.status !== 200 || !parsed.success) {
        throw new ApiError({
          status: answer.status,
          code: API_ERROR_CODES.http,
          message: ACCOUNT_MESSAGES.signUpFailed,
          body: answer.body,
        });
      }
      return parsed.data;
    },
  };
}
