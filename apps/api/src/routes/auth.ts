// Accounts and sessions (docs/product.md §7, "Authentication"): declarations, and the session and device
// cookies (http/cookies.ts); the work is in services/identity/auth.
import { contract, MESSAGES } from '@adconsole/domain';
import {
  clearSessionCookie,
  deviceCookie,
  sessionSecret,
  setDeviceCookie,
  setSessionCookie,
} from '../http/cookies';
import { defineRoute } from '../http/routes';
import { normalizeClientAddress } from '../services/client-address';
import * as auth from '../services/identity/auth';
import {
  LOGIN_FIRST_DELAY_SECONDS,
  LOGIN_FREE_FAILURES,
  LOGIN_MAX_ATTEMPTS,
  LOGIN_MAX_DELAY_SECONDS,
  LOGIN_REQUESTS_PER_ADDRESS,
} from '../services/identity/login-limit';

export const authRoutes = [
  defineRoute({
    call: contract.signUp,
    audit: { none: 'A new, unverified account of its own: its creation time is on the user.' },
    access: 'public',
    perIpLimit: 30,
    perIdentityLimit: { max: 30, by: 'email' },
    summary: 'Sign up with a company e-mail; mails a verification link.',
    description:
      'Applies every sign-up rule of docs/product.md §5 (company domain from COMPANY_DOMAIN, checked on the one parsed address) and refuses the 10,000 most common passwords. Creates an unverified user and mails `/signin?verifyCode=<base64 e-mail>&code=<token>` (valid 7 days). With a valid `invite` token the user is created verified. An address that already has an account gets the same answer, in the same time (and a mail telling its owner). At most 5 link mails per address an hour.',
    tag: 'Authentication',
    errors: {
      400: `The sign-up messages of docs/product.md §5, '${MESSAGES.commonPassword}' or '${MESSAGES.inviteInvalid}'`,
    },
    handler: ({ input, ctx }) => auth.signUp(ctx, input),
  }),
  defineRoute({
    call: contract.verify,
    audit: { none: 'Confirms an address; changes nothing a person set.' },
    access: 'public',
    perIpLimit: 30,
    summary: "Verify an e-mail address with the sign-up link's verifyCode and code.",
    description:
      "`code` is the link's verifyCode (base64 of the e-mail), `verifyToken` the link's code, `email` the decoded e-mail. The token is single-use and valid 7 days.",
    tag: 'Authentication',
    errors: {
      400: `'${MESSAGES.invalidEmail}', '${MESSAGES.invalidUrl}' or '${MESSAGES.verifyLinkInvalid}'`,
    },
    handler: ({ input, ctx }) => auth.verify(ctx, input),
  }),
  defineRoute({
    call: contract.login,
    audit: { none: 'A session, not a change: sign-ins are kept as login attempts.' },
    access: 'public',
    // Before the body is read, in the database: a flood's ceiling in front of the attempt count below,
    // which gives successful sign-ins their attempt back (colleagues behind one address all sign in).
    perIpLimit: LOGIN_REQUESTS_PER_ADDRESS,
    summary: 'Sign in with e-mail and password; sets the session cookie.',
    description: `Sets the HttpOnly, SameSite=Lax cookie \`adconsole_session\` (Secure when PUBLIC_URL is https), ending the session the browser had before. \`remember\` gives a 30-day session, otherwise 24 hours; a session unused for 2 hours (14 days when remembered) ends. Every attempt is counted before the password is checked, and a successful one is given back: at most ${LOGIN_MAX_ATTEMPTS} failed attempts per IP address in 15 minutes (then 429), while colleagues behind one address all sign in. An account's first ${LOGIN_FREE_FAILURES} failures are free; after them each attempt must wait ${LOGIN_FIRST_DELAY_SECONDS} seconds after the last failure, doubling with each further failure up to ${LOGIN_MAX_DELAY_SECONDS} seconds (429 with Retry-After until then; failures are remembered 24 hours). A browser where the owner signed in before carries the device cookie \`adconsole_device\` and is counted on its own, outside the address window, so neither strangers nor colleagues at the same address delay the owner there.`,
    tag: 'Authentication',
    errors: { 401: MESSAGES.invalidLogin, 403: MESSAGES.notVerified, 429: 'Too many sign-in attempts.' },
    handler: async ({ input, ctx, request, reply }) => {
      const client = {
        ip: normalizeClientAddress(request.ip),
        sessionSecret: sessionSecret(request),
        deviceToken: deviceCookie(request),
      };
      const signedIn = await auth.login(ctx, client, input);
      setSessionCookie(reply, ctx.config, signedIn.session);
      if (signedIn.deviceToken !== undefined) setDeviceCookie(reply, ctx.config, signedIn.deviceToken);
      return signedIn.answer;
    },
  }),
  defineRoute({
    call: contract.me,
    access: 'user',
    clients: 'self',
    summary: 'The signed-in user, the session expiry and location.',
    tag: 'Authentication',
    handler: async ({ user, request }) => auth.me(user, normalizeClientAddress(request.ip)),
  }),
  defineRoute({
    call: contract.logout,
    audit: { none: 'Ends a session; changes nothing a person set.' },
    access: 'public',
    summary:
      'Sign out: ends the server session (with `everywhere: true` every session of the account) and clears the cookie.',
    tag: 'Authentication',
    handler: async ({ input, request, reply, ctx }) => {
      await auth.logout(ctx, sessionSecret(request), input.everywhere);
      clearSessionCookie(reply, ctx.config);
      return null;
    },
  }),
  defineRoute({
    call: contract.forgotPassword,
    audit: { none: 'Mails a link; the change is recorded when the link is used.' },
    access: 'public',
    perIpLimit: 30,
    perIdentityLimit: { max: 30, by: 'email' },
    summary:
      'Mail a password reset link (the same answer, in the same time, whether or not the e-mail has an account).',
    description:
      'Mails `/forgotpassword?forgotToken=<token>`, valid 1 hour and once. At most 5 link mails per address an hour.',
    tag: 'Authentication',
    handler: ({ input, ctx }) => auth.forgotPassword(ctx, input.email),
  }),
  defineRoute({
    call: contract.changePassword,
    audit: 'user',
    access: 'public',
    perIpLimit: 30,
    summary: 'Set a new password with the reset link token (code = forgotToken).',
    description:
      'Ends every session of the account and every other reset link of it. Marks a company address verified (the link proved it); an address outside the company domain stays as it was (only an invitation verifies one). Refuses the 10,000 most common passwords.',
    tag: 'Authentication',
    errors: {
      400: `Validation messages of docs/product.md §5, '${MESSAGES.commonPassword}' or '${MESSAGES.resetLinkInvalid}'`,
    },
    handler: ({ input, ctx, call }) => auth.changePassword(ctx, input, call),
  }),
  defineRoute({
    call: contract.updateProfile,
    audit: 'user',
    access: 'user',
    clients: 'self',
    summary: "Save the signed-in user's first and last name; answers the user.",
    description: "The names follow the sign-up rules ('Fill in your names'); the e-mail cannot change here.",
    tag: 'Authentication',
    errors: { 400: `'${MESSAGES.fillInYourNames}'` },
    handler: ({ input, ctx, user }) => auth.updateProfile(ctx, user, input),
  }),
  defineRoute({
    call: contract.changeOwnPassword,
    audit: 'user',
    access: 'user',
    clients: 'self',
    perIdentityLimit: { max: 30, by: 'user' },
    summary:
      "Change the signed-in user's password with the current one; ends every other session of the account.",
    description:
      'The session that asks stays signed in; every other session of the account ends, and open reset links stop working. Refuses the 10,000 most common passwords.',
    tag: 'Authentication',
    errors: {
      400: `'${MESSAGES.currentPasswordWrong}', '${MESSAGES.fillInCurrentPassword}', the change-password messages of docs/product.md §5 or '${MESSAGES.commonPassword}'`,
    },
    handler: ({ input, ctx, user, request }) =>
      auth.changeOwnPassword(ctx, user, sessionSecret(request), input),
  }),
];
