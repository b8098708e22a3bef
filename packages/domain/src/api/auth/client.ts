// Authentication calls of docs/product.md §7.
import type { z } from 'zod';
import type { LoginResponse, MeResponse, StoredSession, User } from '../../entities/user';
import { canAnswerSessionLocally, isSessionValid, sessionExpiry, toSessionExpiry } from '../../rules/session';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  newPasswordSchema,
  profileSchema,
  verifySchema,
} from '../../validation/forms';
import { MESSAGES } from '../../validation/messages';
import { validate } from '../../validation/validation-error';
import { decodeVerifyCode } from '../../validation/verify-code';
import { API_ERROR_CODES, ApiError } from '../errors';
import type { Http } from '../http';
import { readData } from '../responses';
import { type PublicConfig, systemContract } from '../system/contract';
import { authContract, type MessageAnswer, type SignUpAnswer, signUpAnswerSchema } from './contract';
import { changePasswordRequestSchema, signUpRequestSchema } from './requests';

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
  const me = async (): Promise<MeResponse> => {
    const answer = await http({ method: 'GET', path: AUTH_PATHS.me });
    return readData(authContract.me.answer, answer.data ?? {});
  };

  return {
    /** GET /config: the company domain, company name and ad-serving origin; remembered for sign-up. */
    async getConfig(): Promise<PublicConfig> {
      config = readData(
        systemContract.config.answer,
        (await http({ method: 'GET', path: AUTH_PATHS.config })).data,
      );
      return config;
    },

    /** POST /login with method 'password'. */
    async login(input: z.input<typeof loginSchema>): Promise<LoginResponse> {
      const form = validate(loginSchema, input);
      const answer = await http({
        method: 'POST',
        path: AUTH_PATHS.login,
        json: { method: 'password', ...form },
      });
      return readData(authContract.login.answer, answer.data);
    },

    /** Ends the server session (with `everywhere`, every session of the account); the caller clears the local user as well. */
    async logout(options: { everywhere?: boolean } = {}): Promise<void> {
      await http({
        method: 'POST',
        path: AUTH_PATHS.logout,
        json: { everywhere: options.everywhere ?? false },
      });
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

    async forgotPassword(input: z.input<typeof forgotPasswordSchema>): Promise<unknown> {
      const form = validate(forgotPasswordSchema, input);
      return (await http({ method: 'POST', path: AUTH_PATHS.forgotPassword, json: form })).data;
    },

    /** POST /changePassword; `code` is the forgotToken of the reset link. */
    async changePassword(input: z.input<typeof changePasswordSchema> & { code: string }): Promise<unknown> {
      validate(changePasswordSchema, {
        username: input.username,
        password: input.password,
        confirmPassword: input.confirmPassword,
      });
      const payload = validate(changePasswordRequestSchema, input);
      return (await http({ method: 'POST', path: AUTH_PATHS.changePassword, json: payload })).data;
    },

    /** PUT /v1/me: saves the signed-in user's first and last name; answers the user as stored. */
    async updateProfile(input: z.input<typeof profileSchema>): Promise<User> {
      const body = validate(profileSchema, input);
      return readData(
        authContract.updateProfile.answer,
        (await http({ method: 'PUT', path: AUTH_PATHS.profile, json: body })).data,
      );
    },

    /**
     * PUT /v1/me/password: the signed-in user's new password, with the current one. The server ends
     * every other session of the account; this one stays signed in.
     */
    async changeOwnPassword(input: z.input<typeof newPasswordSchema>): Promise<MessageAnswer> {
      const body = validate(newPasswordSchema, input);
      return readData(
        authContract.changeOwnPassword.answer,
        (await http({ method: 'PUT', path: AUTH_PATHS.ownPassword, json: body })).data,
      );
    },

    /** POST /verify: the base64 code is decoded to the e-mail before sending. */
    async verify(input: {
      code?: string | null | undefined;
      verifyToken?: string | null | undefined;
    }): Promise<unknown> {
      const form = validate(verifySchema, input);
      const email = decodeVerifyCode(form.code);
      return (await http({ method: 'POST', path: AUTH_PATHS.verify, json: { ...form, email } })).data;
    },

    /** POST /signup: success needs status 200 and a user in the answer. */
    async signUp(input: SignUpInput): Promise<SignUpAnswer> {
      const domain = companyDomain ?? config?.companyDomain;
      if (domain === undefined)
        throw new Error('createApiClient needs companyDomain (or a getConfig() call) to sign users up');
      const { invite, ...form } = input;
      const payload = validate(signUpRequestSchema(domain), form);
      const json = invite === undefined ? payload : { ...payload, invite };
      const answer = await http({ method: 'POST', path: AUTH_PATHS.signUp, json });
      const parsed = signUpAnswerSchema.safeParse(answer.data);
      if (answer.status !== 200 || !parsed.success) {
        throw new ApiError({
          status: answer.status,
          code: API_ERROR_CODES.http,
          message: MESSAGES.signUpFailed,
          body: answer.body,
        });
      }
      return parsed.data;
    },
  };
}
