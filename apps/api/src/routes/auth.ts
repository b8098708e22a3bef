// Accounts and sessions (spec section 7, "Authentication"): sign-up with e-mail verification, sign-in,
// the current user, sign-out, and password reset. No answer reveals whether an e-mail has an account.
import {
  changePasswordRequestSchema,
  decodeVerifyCode,
  encodeVerifyCode,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  MESSAGES,
  signUpFieldsShape,
  signUpRequestSchema,
  verifyRequestSchema,
} from '@adconsole/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Context } from '../context';
import { ApiError } from '../http/errors';
import { defineRoute } from '../http/routes';
import { parseInput } from '../http/validation';
import { newId } from '../services/ids';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from '../services/login-limit';
import { linkMessage } from '../services/mail';
import { hashPassword, verifyPassword } from '../services/passwords';
import {
  clearSessionCookie,
  createSession,
  endSession,
  sessionSecret,
  setSessionCookie,
} from '../services/sessions';
import { consumeToken, issueToken, peekToken } from '../services/tokens';
import {
  normaliseEmail,
  publicUserSchema,
  sessionAnswerSchema,
  toExpiry,
  toPublicUser,
  type UserRow,
} from '../services/users';

export const INVALID_LOGIN = 'Wrong e-mail or password.';
export const NOT_VERIFIED = 'Verify your e-mail address first: open the link we sent you when you signed up.';
export const VERIFY_LINK_INVALID = 'This verification link is invalid, expired or already used.';
export const RESET_LINK_INVALID =
  'This password reset link is invalid, expired or already used. Ask for a new one.';
export const INVITE_INVALID = 'This invitation is invalid, expired or already used.';
export const SIGNED_UP =
  'Thanks for signing up! We have sent you an e-mail with a link to verify your address.';
export const RESET_SENT = 'If an account exists for this e-mail, we have sent it a password reset link.';
export const PASSWORD_CHANGED = 'Your password has been changed. Sign in with your new password.';

const messageAnswer = z.object({ message: z.string() });

/** Mail is sent after answering, so the time an answer takes does not tell whether mail was sent. */
function sendLater(ctx: Context, send: () => Promise<void>) {
  setImmediate(() => {
    send().catch((error: unknown) => ctx.log(`Mail could not be sent: ${String(error)}`));
  });
}

const link = (ctx: Context, pathname: string, params: Record<string, string>) =>
  `${ctx.config.publicUrl}${pathname}?${new URLSearchParams(params).toString()}`;

async function findUser(ctx: Context, email: string): Promise<UserRow | undefined> {
  const [user] = await ctx.db.query<UserRow>('select * from users where email = $1', [email]);
  return user;
}

const requestIp = (request: FastifyRequest) => request.ip;

/** The sign-up fields plus the optional invitation token; the cross-field rules run in the handler. */
const signUpInput = z.strictObject({
  ...signUpFieldsShape,
  invite: z
    .string()
    .max(200)
    .optional()
    .describe(
      'The token of an invitation link; lets an invited address of any domain sign up, already verified.',
    ),
});

export const authRoutes = [
  defineRoute({
    method: 'POST',
    path: '/signup',
    perIpLimit: 30,
    summary: 'Sign up with a company e-mail; mails a verification link.',
    description:
      'Applies every sign-up rule of spec section 5 (company domain from COMPANY_DOMAIN). Creates an unverified user and mails `/signin?verifyCode=<base64 e-mail>&code=<token>` (valid 7 days). With a valid `invite` token the user is created verified. An address that already has an account gets the same answer (and a mail telling its owner).',
    tag: 'Authentication',
    access: 'public',
    input: signUpInput,
    answer: z.object({
      user: publicUserSchema.omit({ id: true, role: true }),
      message: z.string(),
      verified: z.boolean(),
    }),
    handler: async ({ input, ctx }) => {
      const email = normaliseEmail(input.email);
      let invited = false;
      let invitedRole: 'user' | 'admin' = 'user';
      if (input.invite !== undefined) {
        const invitation = await peekToken(ctx.db, 'invite', input.invite, email);
        if (!invitation) throw new ApiError(400, INVITE_INVALID, [INVITE_INVALID]);
        if (invitation.payload.role === 'admin') invitedRole = 'admin';
        invited = true;
      }
      // An invitation stands in for the company-domain rule: the admin vouched for this address.
      const domain = invited ? email.slice(email.lastIndexOf('@') + 1) : ctx.config.companyDomain;
      const { invite: _invite, ...fields } = input;
      const form = parseInput(signUpRequestSchema(domain), fields);
      const user = { first_name: form.firstName, last_name: form.lastName, email };
      const existing = await findUser(ctx, email);
      if (existing) {
        sendLater(ctx, () =>
          ctx.mailer.send(
            linkMessage({
              to: email,
              subject: 'You already have an Adconsole account',
              intro:
                'Someone (hopefully you) tried to sign up with this e-mail address, which already has an account.',
              action: 'Reset your password',
              link: `${ctx.config.publicUrl}/forgotpassword`,
              outro: 'If it was not you, you can ignore this message.',
            }),
          ),
        );
        return { user, message: SIGNED_UP, verified: false };
      }
      const passwordHash = await hashPassword(form.password);
      const role = email === ctx.config.adminEmail ? 'admin' : invitedRole;
      const token = await ctx.db.transaction(async (tx) => {
        await tx.query(
          `insert into users (id, email, first_name, last_name, password_hash, role, verified_at)
           values ($1, $2, $3, $4, $5, $6, ${invited ? 'now()' : 'null'})`,
          [newId(), email, form.firstName, form.lastName, passwordHash, role],
        );
        if (invited && input.invite !== undefined) {
          if (!(await consumeToken(tx, 'invite', input.invite, email)))
            throw new ApiError(400, INVITE_INVALID, [INVITE_INVALID]);
          return undefined;
        }
        return issueToken(tx, 'verify', email);
      });
      if (token !== undefined) {
        const verifyLink = link(ctx, '/signin', { verifyCode: encodeVerifyCode(email), code: token });
        sendLater(ctx, () =>
          ctx.mailer.send(
            linkMessage({
              to: email,
              subject: 'Verify your Adconsole e-mail address',
              intro: `Hello ${form.firstName}, welcome to Adconsole.`,
              action: 'Verify your e-mail address',
              link: verifyLink,
              outro: 'The link is valid for 7 days and works once.',
            }),
          ),
        );
      }
      return invited
        ? { user, message: 'Your account is ready. Sign in below.', verified: true }
        : { user, message: SIGNED_UP, verified: false };
    },
  }),

  defineRoute({
    method: 'POST',
    path: '/verify',
    perIpLimit: 30,
    summary: "Verify an e-mail address with the sign-up link's verifyCode and code.",
    description:
      "`code` is the link's verifyCode (base64 of the e-mail), `verifyToken` the link's code, `email` the decoded e-mail. The token is single-use and valid 7 days.",
    tag: 'Authentication',
    access: 'public',
    input: verifyRequestSchema,
    answer: z.object({ email: z.string(), message: z.string() }),
    errors: { 400: `'${MESSAGES.invalidEmail}', '${MESSAGES.invalidUrl}' or '${VERIFY_LINK_INVALID}'` },
    handler: async ({ input, ctx }) => {
      const email = normaliseEmail(decodeVerifyCode(input.code));
      if (normaliseEmail(input.email) !== email) {
        throw new ApiError(400, MESSAGES.invalidEmail, [MESSAGES.invalidEmail]);
      }
      const verified = await ctx.db.transaction(async (tx) => {
        const token = await consumeToken(tx, 'verify', input.verifyToken, email);
        if (!token) return false;
        await tx.query('update users set verified_at = coalesce(verified_at, now()) where email = $1', [
          email,
        ]);
        return true;
      });
      if (!verified) throw new ApiError(400, VERIFY_LINK_INVALID, [VERIFY_LINK_INVALID]);
      return { email, message: MESSAGES.emailVerified };
    },
  }),

  defineRoute({
    method: 'POST',
    path: '/login',
    summary: 'Sign in with e-mail and password; sets the session cookie.',
    description:
      'Sets the HttpOnly, SameSite=Lax cookie `adconsole_session` (Secure when PUBLIC_URL is https). `remember` gives a 30-day session, otherwise 24 hours. At most 10 failed tries per account and per IP address in 15 minutes (then 429).',
    tag: 'Authentication',
    access: 'public',
    input: loginRequestSchema,
    answer: sessionAnswerSchema,
    errors: { 401: INVALID_LOGIN, 403: NOT_VERIFIED, 429: 'Too many sign-in attempts.' },
    handler: async ({ input, ctx, request, reply }) => {
      const email = normaliseEmail(input.username);
      const ip = requestIp(request);
      await assertLoginAllowed(ctx.db, email, ip);
      const user = await findUser(ctx, email);
      if (!(await verifyPassword(user?.password_hash ?? null, input.password)) || !user) {
        await recordLoginFailure(ctx.db, email, ip);
        throw new ApiError(401, INVALID_LOGIN);
      }
      if (user.verified_at === null) throw new ApiError(403, NOT_VERIFIED);
      await clearLoginFailures(ctx.db, email);
      const role = email === ctx.config.adminEmail ? 'admin' : user.role;
      await ctx.db.query('update users set last_login_at = now(), role = $2 where id = $1', [user.id, role]);
      const session = await createSession(ctx.db, user.id, input.remember, ip);
      setSessionCookie(reply, ctx.config, session.secret, session.expiresAt, input.remember);
      return {
        user: toPublicUser({ ...user, role }),
        expiry: toExpiry(session.expiresAt),
        location: ip,
        lastLogin: user.last_login_at ? new Date(user.last_login_at).getTime() : null,
      };
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/me',
    summary: 'The signed-in user, the session expiry and location.',
    tag: 'Authentication',
    access: 'user',
    answer: sessionAnswerSchema,
    handler: async ({ user, request }) => {
      if (!user) throw new ApiError(401, 'You are not signed in.');
      return {
        user: toPublicUser({
          id: user.id,
          email: user.email,
          first_name: user.firstName,
          last_name: user.lastName,
          role: user.role,
        }),
        expiry: toExpiry(user.sessionExpiresAt),
        location: requestIp(request),
        lastLogin: user.lastLoginAt ? new Date(user.lastLoginAt).getTime() : null,
      };
    },
  }),

  defineRoute({
    method: 'POST',
    path: '/logout',
    summary: 'Sign out: ends the server session and clears the cookie.',
    tag: 'Authentication',
    access: 'public',
    answer: z.null(),
    handler: async ({ request, reply, ctx }) => {
      const secret = sessionSecret(request);
      if (secret !== undefined) await endSession(ctx.db, secret);
      clearSessionCookie(reply, ctx.config);
      return null;
    },
  }),

  defineRoute({
    method: 'POST',
    path: '/forgotPassword',
    perIpLimit: 30,
    summary: 'Mail a password reset link (the same answer whether or not the e-mail has an account).',
    description: 'Mails `/forgotpassword?forgotToken=<token>`, valid 1 hour and once.',
    tag: 'Authentication',
    access: 'public',
    input: forgotPasswordRequestSchema,
    answer: messageAnswer,
    handler: async ({ input, ctx }) => {
      const email = normaliseEmail(input.email);
      const user = await findUser(ctx, email);
      if (user) {
        const token = await issueToken(ctx.db, 'reset', email);
        const resetLink = link(ctx, '/forgotpassword', { forgotToken: token });
        sendLater(ctx, () =>
          ctx.mailer.send(
            linkMessage({
              to: email,
              subject: 'Reset your Adconsole password',
              intro: 'We received a request to reset the password of your Adconsole account.',
              action: 'Choose a new password',
              link: resetLink,
              outro:
                'The link is valid for 1 hour and works once. If you did not ask for it, ignore this message.',
            }),
          ),
        );
      }
      return { message: RESET_SENT };
    },
  }),

  defineRoute({
    method: 'POST',
    path: '/changePassword',
    perIpLimit: 30,
    summary: 'Set a new password with the reset link token (code = forgotToken).',
    description: 'Ends every session of the account and marks its e-mail verified (the link proved it).',
    tag: 'Authentication',
    access: 'public',
    input: changePasswordRequestSchema,
    answer: messageAnswer,
    errors: { 400: `Validation messages of spec section 5, or '${RESET_LINK_INVALID}'` },
    handler: async ({ input, ctx }) => {
      const email = normaliseEmail(input.username);
      const passwordHash = await hashPassword(input.password);
      const changed = await ctx.db.transaction(async (tx) => {
        if (!(await consumeToken(tx, 'reset', input.code, email))) return false;
        const rows = await tx.query<{ id: string }>(
          'update users set password_hash = $2, verified_at = coalesce(verified_at, now()) where email = $1 returning id',
          [email, passwordHash],
        );
        const id = rows[0]?.id;
        if (id !== undefined) await tx.query('delete from sessions where user_id = $1', [id]);
        return id !== undefined;
      });
      if (!changed) throw new ApiError(400, RESET_LINK_INVALID, [RESET_LINK_INVALID]);
      return { message: PASSWORD_CHANGED };
    },
  }),
];
