// Accounts and sessions (docs/product.md §7, "Authentication"): sign-up with e-mail verification, sign-in,
// the current user, sign-out, and password reset. No answer, and no answer's timing, reveals whether an
// e-mail has an account: both paths do the same work and mail is sent after the answer.
import {
  ApiError,
  AUDIT_REDACTED,
  type ChangePasswordRequest,
  decodeVerifyCode,
  encodeVerifyCode,
  isCompanyEmail,
  type LoginRequest,
  MESSAGES,
  type NewPasswordRequest,
  normaliseEmail,
  type ProfileRequest,
  type SignUpApiRequest,
  signUpRequestSchema,
  toSessionExpiry,
  type VerifyRequest,
} from '@adconsole/domain';
import type { Context } from '../../context';
import { replaceClientAdvertisers } from '../../db/queries/client-advertisers';
import {
  findPasswordHash,
  findUserByEmail,
  insertUser,
  markUserVerified,
  recordUserLogin,
  resetUserPassword,
  updateUserNames,
  updateUserPassword,
} from '../../db/queries/users';
import { type AuditCall, actorInCall, recordChange } from '../audit/record';
import { newId } from '../ids';
import { linkMessage, type MailMessage, takeMailAllowance } from '../outbound/mail';
import { parseInput } from '../validation';
import { beginLoginAttempt, clearAccountAttempts, loginKeys, refundLoginAttempt } from './login-limit';
import { assertPasswordAllowed, hashPassword, verifyPassword } from './passwords';
import {
  createSession,
  endAllSessions,
  endOtherSessions,
  endSession,
  findSession,
  newDeviceToken,
  readDeviceToken,
  type SessionUser,
} from './sessions';
import { consumeToken, issueToken, peekToken, revokeOtherTokens, revokeTokens } from './tokens';
import { sessionUserAsPublic, toPublicUser } from './users';

/**
 * Sends a link mail after the answer has gone (so the answer's timing does not tell whether mail was
 * sent), and only while the address has not had too many link mails this hour.
 */
function mailLater(ctx: Context, kind: string, message: MailMessage, beforeSend?: () => Promise<void>) {
  ctx.background.later('Mail could not be sent', async () => {
    if (await takeMailAllowance(ctx.db, message.to, kind)) {
      await beforeSend?.();
      await ctx.mailer.send(message);
    } else ctx.log(`Mail to ${message.to} not sent: it had too many ${kind} mails in the last hour.`);
  });
}

const link = (ctx: Context, pathname: string, params: Record<string, string>) =>
  `${ctx.config.publicUrl}${pathname}?${new URLSearchParams(params).toString()}`;

/** The role an invitation gives, and a client invitation's advertisers. */
function invitedAs(payload: Record<string, unknown>): {
  role: 'user' | 'admin' | 'client';
  advertiserIds: string[];
} {
  const role = payload.role === 'admin' || payload.role === 'client' ? payload.role : 'user';
  const ids = Array.isArray(payload.advertiserIds) ? payload.advertiserIds : [];
  return {
    role,
    advertiserIds: role === 'client' ? ids.filter((id): id is string => typeof id === 'string') : [],
  };
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

export async function signUp(ctx: Context, input: SignUpApiRequest) {
  const email = normaliseEmail(input.email);
  let invitedRole: 'user' | 'admin' | 'client' | undefined;
  let invitedAdvertisers: string[] = [];
  if (input.invite !== undefined) {
    const invitation = await peekToken(ctx.db, 'invite', input.invite, email);
    if (!invitation) throw ApiError.of(400, MESSAGES.inviteInvalid);
    ({ role: invitedRole, advertiserIds: invitedAdvertisers } = invitedAs(invitation.payload));
  }
  // An invitation stands in for the company-domain rule: the admin vouched for this address.
  const domain = invitedRole !== undefined ? domainOf(email) : ctx.config.companyEmailRule;
  const { invite: _invite, ...fields } = input;
  const form = parseInput(signUpRequestSchema(domain), fields);
  assertPasswordAllowed(form.password);
  // Hashed whether or not the address has an account, so both answers take the same time.
  const passwordHash = await hashPassword(form.password);
  const user = { first_name: form.firstName, last_name: form.lastName, email };
  if (await findUserByEmail(ctx.db, email)) {
    mailLater(
      ctx,
      'signup',
      linkMessage({
        to: email,
        subject: 'You already have an Adconsole account',
        intro:
          'Someone (hopefully you) tried to sign up with this e-mail address, which already has an account.',
        action: 'Reset your password',
        link: `${ctx.config.publicUrl}/forgotpassword`,
        outro: 'If it was not you, you can ignore this message.',
      }),
    );
    return { user, message: MESSAGES.signedUp, verified: false };
  }
  const role = email === ctx.config.adminEmail ? 'admin' : (invitedRole ?? 'user');
  const invite = input.invite;
  const id = newId();
  const token = await ctx.db.transaction(async (tx) => {
    await insertUser(tx, {
      id,
      email,
      firstName: form.firstName,
      lastName: form.lastName,
      passwordHash,
      role,
      verified: invite !== undefined,
    });
    // A client's advertisers, those of its invitation that still exist (docs/security.md, "Client access").
    if (role === 'client') await replaceClientAdvertisers(tx, id, invitedAdvertisers);
    if (invite !== undefined) {
      if (!(await consumeToken(tx, 'invite', invite, email))) throw ApiError.of(400, MESSAGES.inviteInvalid);
      return undefined;
    }
    return issueToken(tx, 'verify', email);
  });
  if (token === undefined) return { user, message: MESSAGES.accountReady, verified: true };
  mailLater(
    ctx,
    'signup',
    linkMessage({
      to: email,
      subject: 'Verify your Adconsole e-mail address',
      intro: `Hello ${form.firstName}, welcome to Adconsole.`,
      action: 'Verify your e-mail address',
      link: link(ctx, '/signin', { verifyCode: encodeVerifyCode(email), code: token }),
      outro: 'The link is valid for 7 days and works once.',
    }),
  );
  return { user, message: MESSAGES.signedUp, verified: false };
}

export async function verify(ctx: Context, input: VerifyRequest) {
  const email = normaliseEmail(decodeVerifyCode(input.code));
  if (normaliseEmail(input.email) !== email) throw ApiError.of(400, MESSAGES.invalidEmail);
  const verified = await ctx.db.transaction(async (tx) => {
    if (!(await consumeToken(tx, 'verify', input.verifyToken, email))) return false;
    await markUserVerified(tx, email);
    return true;
  });
  if (!verified) throw ApiError.of(400, MESSAGES.verifyLinkInvalid);
  return { email, message: MESSAGES.emailVerified };
}

/** What the browser signing in brings: its address, and the session and device cookies it carries. */
export interface SignInClient {
  ip: string;
  sessionSecret: string | undefined;
  deviceToken: string | undefined;
}

/**
 * Signs in: the answer, the new session (for the session cookie) and, for a browser not yet known as
 * the owner's, a device token (for the device cookie).
 */
export async function login(ctx: Context, client: SignInClient, input: LoginRequest) {
  const email = normaliseEmail(input.username);
  const ip = client.ip;
  const user = await findUserByEmail(ctx.db, email);
  // The owner's own browser is counted by its device, so strangers' guesses cannot lock the owner out,
  // and it is outside the address window too (an office's shared address). Only a device token of this
  // account, made under its current password, is the owner's browser (sessions.ts).
  const ownDevice = user ? readDeviceToken(client.deviceToken, ctx.secret, user) : undefined;
  const attempt = await beginLoginAttempt(
    ctx.db,
    ownDevice
      ? { identity: loginKeys.device(ownDevice) }
      : { ip: loginKeys.ip(ip, ctx.secret), identity: loginKeys.account(email) },
  );
  if (!(await verifyPassword(user?.password_hash ?? null, input.password)) || !user) {
    throw ApiError.of(401, MESSAGES.invalidLogin);
  }
  await refundLoginAttempt(ctx.db, attempt);
  if (user.verified_at === null) throw ApiError.of(403, MESSAGES.notVerified);
  if (user.disabled_at !== null) throw ApiError.of(403, MESSAGES.accountDisabled);
  // A sign-in never continues the session this browser had before.
  const previous = client.sessionSecret;
  if (previous !== undefined) await endSession(ctx.db, previous);
  const role = email === ctx.config.adminEmail ? 'admin' : user.role;
  await recordUserLogin(ctx.db, user.id, role);
  const session = await createSession(ctx.db, user.id, input.remember, ip);
  return {
    answer: {
      user: toPublicUser({ ...user, role }),
      expiry: toSessionExpiry(session.expiresAt),
      location: ip,
      lastLogin: user.last_login_at ? new Date(user.last_login_at).getTime() : null,
    },
    session: { ...session, remember: input.remember },
    deviceToken:
      ownDevice || user.password_hash === null
        ? undefined
        : newDeviceToken(ctx.secret, { id: user.id, password_hash: user.password_hash }),
  };
}

/** The signed-in user, the session's expiry and the address it asks from. */
export function me(user: SessionUser, ip: string) {
  return {
    user: sessionUserAsPublic(user),
    expiry: toSessionExpiry(user.sessionExpiresAt),
    location: ip,
    lastLogin: user.lastLoginAt ? new Date(user.lastLoginAt).getTime() : null,
  };
}

/** Ends the session of `secret`, or with `everywhere` every session of its account (the route clears the cookie). */
export async function logout(ctx: Context, secret: string | undefined, everywhere: boolean): Promise<void> {
  if (secret !== undefined) {
    const user = everywhere ? await findSession(ctx.db, secret) : undefined;
    if (user) await endAllSessions(ctx.db, user.id);
    else await endSession(ctx.db, secret);
  }
}

export async function forgotPassword(ctx: Context, address: string) {
  const email = normaliseEmail(address);
  const user = await findUserByEmail(ctx.db, email);
  // A token is issued on both paths (the same work); it is only ever mailed to an existing account.
  const token = await issueToken(ctx.db, 'reset', email);
  if (user) {
    mailLater(
      ctx,
      'reset',
      linkMessage({
        to: email,
        subject: 'Reset your Adconsole password',
        intro: 'We received a request to reset the password of your Adconsole account.',
        action: 'Choose a new password',
        link: link(ctx, '/forgotpassword', { forgotToken: token }),
        outro: 'The link is valid for 1 hour and works once. If you did not ask for it, ignore this message.',
      }),
      // A new reset link revokes the earlier ones (only once it is really mailed, so requests beyond
      // the hourly mail limit cannot void the owner's link).
      () => revokeOtherTokens(ctx.db, 'reset', email, token),
    );
  }
  return { message: MESSAGES.resetSent };
}

/**
 * Sets a new password with the reset link's token. Every session of the account ends, the account's
 * other reset links stop working, and strangers' failed sign-ins no longer count against it. The link
 * proves the mailbox, so it verifies the address, but only a company address: an outside address is
 * verified by an invitation, never by a reset.
 */
export async function changePassword(ctx: Context, input: ChangePasswordRequest, call: AuditCall) {
  const email = normaliseEmail(input.username);
  assertPasswordAllowed(input.password);
  const passwordHash = await hashPassword(input.password);
  const companyAddress = isCompanyEmail(email, ctx.config.companyEmailRule);
  const changed = await ctx.db.transaction(async (tx) => {
    if (!(await consumeToken(tx, 'reset', input.code, email))) return false;
    const id = await resetUserPassword(tx, email, passwordHash, companyAddress);
    if (id === undefined) return false;
    await endAllSessions(tx, id);
    await revokeTokens(tx, 'reset', email);
    await recordChange(tx, actorInCall({ id, email }, call), passwordChange(id, email));
    return true;
  });
  if (!changed) throw ApiError.of(400, MESSAGES.resetLinkInvalid);
  await clearAccountAttempts(ctx.db, email);
  return { message: MESSAGES.passwordChanged };
}

/** A password's change as the audit log keeps it: that it changed, never a hash or a word of it. */
const passwordChange = (id: string, email: string) => ({
  entity: 'user' as const,
  entityId: id,
  campaignId: null,
  before: { email, password: '(earlier)' },
  after: { email, password: AUDIT_REDACTED },
});

/** PUT /v1/me: the signed-in user's first and last name (trimmed, with the sign-up rules). */
export async function updateProfile(ctx: Context, user: SessionUser, input: ProfileRequest) {
  const row = await ctx.db.transaction(async (tx) => {
    const changed = await updateUserNames(tx, user.id, input);
    if (!changed) throw ApiError.of(401, MESSAGES.notSignedIn);
    await recordChange(tx, user, {
      entity: 'user',
      entityId: user.id,
      campaignId: null,
      before: { email: user.email, firstName: user.firstName, lastName: user.lastName },
      after: { email: user.email, firstName: changed.first_name, lastName: changed.last_name },
    });
    return changed;
  });
  return toPublicUser(row);
}

/**
 * PUT /v1/me/password: a new password for the signed-in user, who proves it with the current one.
 * Every other session of the account ends (a thief's session with it); this one continues.
 */
export async function changeOwnPassword(
  ctx: Context,
  user: SessionUser,
  secret: string | undefined,
  input: NewPasswordRequest,
) {
  const currentHash = await findPasswordHash(ctx.db, user.id);
  if (!(await verifyPassword(currentHash ?? null, input.currentPassword))) {
    throw ApiError.of(400, MESSAGES.currentPasswordWrong);
  }
  assertPasswordAllowed(input.password);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await updateUserPassword(tx, user.id, passwordHash);
    if (secret === undefined) await endAllSessions(tx, user.id);
    else await endOtherSessions(tx, user.id, secret);
    // A reset link mailed before the change must not undo it.
    await revokeTokens(tx, 'reset', user.email);
    await recordChange(tx, user, passwordChange(user.id, user.email));
  });
  return { message: MESSAGES.ownPasswordChanged };
}
