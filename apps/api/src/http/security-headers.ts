// What every answer carries for the browser's safety: the CSRF check on each state-changing request,
// the console's Content-Security-Policy and framing headers (not on embeddable routes: ad serving),
// HSTS on https, and `Connection: close` while the process drains.
import { ApiError, MESSAGES } from '@adconsole/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config';
import type { Context } from '../context';
import { bearerSkipsCsrf } from './bearer';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes a publisher's page calls without the console's header (ad serving, beacons) opt out. */
    csrf?: false;
    /** Routes embedded in other sites (ad serving) carry none of the console's framing or CSP headers. */
    embeddable?: true;
  }
}

const originOf = (url: string) => new URL(url).origin;

/**
 * The console's Content-Security-Policy: scripts only from the built console's own asset path (a CSP
 * source with a path: `<origin>/assets/`, never 'self', which would let a user-uploaded `.js` under
 * /api/uploads run on a console page), never framed, images and video from its
 * origin and the web (creatives' assets and trackers), ad previews from the serving origin.
 */
export function consolePolicy(config: Config): string {
  const serving = originOf(config.adServingUrl);
  // The file manager's browser sends bytes to presigned storage URLs: the S3 endpoint, or AWS S3's
  // virtual-hosted bucket hosts when no endpoint is set.
  const storage = config.s3
    ? config.s3.endpoint
      ? ` ${originOf(config.s3.endpoint)}`
      : ` https://*.s3.amazonaws.com https://*.s3.${config.s3.region}.amazonaws.com`
    : '';
  const extra = serving === originOf(config.publicUrl) ? '' : ` ${serving}`;
  return [
    "default-src 'self'",
    `script-src ${originOf(config.publicUrl)}/assets/`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${extra}${storage}`,
    `frame-src 'self'${extra}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

const NOSNIFF = ['X-Content-Type-Options', 'nosniff'];
const NOSNIFF_AND_CLOSE = [...NOSNIFF, 'Connection', 'close'];

/**
 * What every answer carries, an ad's too, as name, value, name, value: `nosniff`, and while the process
 * drains (SIGTERM, http/drain.ts) `Connection: close`, so the load balancer opens its next connection to
 * another process. The onSend hook below adds them; the serving answers written straight to the
 * response (http/serving-body.ts) add them themselves.
 */
export const everyAnswersHeaders = (ctx: Context): readonly string[] =>
  ctx.lifecycle.draining ? NOSNIFF_AND_CLOSE : NOSNIFF;

/** Sets each name and value of a flat list (`everyAnswersHeaders`, `servingCorsHeaders`) on a reply. */
export function setHeaderPairs(reply: FastifyReply, pairs: readonly string[]): void {
  for (let index = 0; index < pairs.length; index += 2)
    reply.header(pairs[index] as string, pairs[index + 1] as string);
}

/**
 * The hooks: drain, CSRF, security headers (in that order, as the server has always added them). Each is
 * a callback, not an async function: every request runs them, the ad-serving routes' too, and an async
 * hook costs a promise and a microtask turn each (docs/serving.md, "What a request costs").
 */
export function registerSecurityHooks(app: FastifyInstance, ctx: Context): void {
  const { config } = ctx;
  const publicOrigin = originOf(config.publicUrl);
  const policy = consolePolicy(config);
  const https = config.publicUrl.startsWith('https:');

  // CSRF: every state-changing request, whatever its path looks like before the router decodes it,
  // needs the console's origin or the header a cross-site form cannot send. Only routes that declare
  // themselves callable from any page (ad serving) are exempt.
  app.addHook('onRequest', (request, _reply, done) => {
    if (
      !STATE_CHANGING.has(request.method) ||
      request.routeOptions.config.csrf === false ||
      bearerSkipsCsrf(request) ||
      request.headers['x-requested-with'] === 'adconsole' ||
      request.headers.origin === publicOrigin
    ) {
      done();
      return;
    }
    done(ApiError.of(403, MESSAGES.csrfRefused));
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    setHeaderPairs(reply, everyAnswersHeaders(ctx));
    if (!request.routeOptions.config.embeddable) {
      if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', policy);
      reply.header('X-Frame-Options', 'DENY');
      reply.header('Referrer-Policy', 'no-referrer');
      if (https) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    done(null, payload);
  });
}
