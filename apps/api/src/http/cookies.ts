// The session and device cookies: HttpOnly, SameSite=Lax, Secure when PUBLIC_URL is https. What they
// hold is the services' (services/identity/sessions.ts: the session's secret, the signed device token); reading
// and setting them on a request or an answer is the HTTP layer's.
// The cookie plugin's types add request.cookies and reply.setCookie.
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';

const SESSION_COOKIE = 'adconsole_session';
const DEVICE_COOKIE = 'adconsole_device';
const DEVICE_COOKIE_MS = 365 * 24 * 60 * 60 * 1000;

const cookieOptions = (config: Config) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: config.publicUrl.startsWith('https:'),
});

export function setSessionCookie(
  reply: FastifyReply,
  config: Config,
  session: { secret: string; expiresAt: Date; remember: boolean },
) {
  reply.setCookie(SESSION_COOKIE, session.secret, {
    ...cookieOptions(config),
    // Without remember-me the cookie ends with the browser session (and the server session in 24 h).
    ...(session.remember ? { expires: session.expiresAt } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(config));
}

/** The session secret the request carries, if any. */
export const sessionSecret = (request: FastifyRequest): string | undefined => {
  const value = request.cookies[SESSION_COOKIE];
  return value === undefined || value === '' ? undefined : value;
};

/** A browser where the user signed in before (its token from services/identity/sessions.ts): one year. */
export function setDeviceCookie(reply: FastifyReply, config: Config, token: string) {
  reply.setCookie(DEVICE_COOKIE, token, {
    ...cookieOptions(config),
    expires: new Date(Date.now() + DEVICE_COOKIE_MS),
  });
}

/** The device token the request carries, if any (unverified). */
export const deviceCookie = (request: FastifyRequest): string | undefined => request.cookies[DEVICE_COOKIE];
