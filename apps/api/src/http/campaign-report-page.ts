// The signed-in campaign report drawn by the server (docs/console.md, "The signed-in report drawn by the
// server"): `/campaigns/{id}/reporting` (or a creative's page of it) opened by its address, with the
// session's cookie, arrives drawn (the signed-in frame, the reporting menu, the report) by the console's
// server module, read with the user's rights (services/reports/campaign-report-view.ts), and runs no
// console code until the reader touches it, as a share link's page does (http/server-view.ts).
import { ApiError } from '@adconsole/domain';
import type { FastifyRequest } from 'fastify';
import type { Context } from '../context';
import { countIdentityCall, identityKey } from '../services/identity/identity-limit';
import { findSession } from '../services/identity/sessions';
import { campaignReportFirstView } from '../services/reports/campaign-report-view';
import { sessionSecret } from './cookies';
import { type DrawnSharePage, isPhone, loadServerModule } from './server-view';

/** A signed-in report as the server drew it: the user's own (no shared cache keeps it). */
type DrawnReportPage = DrawnSharePage & { private: true };

/**
 * Drawn report pages a user may be sent in a rate window (services/identity/identity-limit.ts): each
 * costs three reports and a drawing, about four report calls' CPU. Past it, the page is sent undrawn and
 * the console asks for its figures as before, under the report call's own limits.
 */
export const DRAWN_REPORTS_PER_USER = 120;
const CALL = 'GET /campaigns/{campaignID}/reporting (drawn)';

/** A campaign report's page: its campaign and creative. */
const reportPagePath = (
  pathname: string,
): { campaignID: string; creativeID: string | undefined } | undefined => {
  const match = /^\/campaigns\/([^/]+)\/reporting(?:\/creative\/([^/]+))?\/?$/.exec(pathname);
  return match?.[1] ? { campaignID: match[1], creativeID: match[2] } : undefined;
};

/**
 * The first view of a signed-in campaign report's page, for the console's page (http/console-files.ts):
 * undefined without the console's server module; for a request, undefined where nothing is drawn
 * (another page, no live session, a client's session (the console draws a client's reports, read-only),
 * a campaign that is not the user's, a refused report, the per-user limit reached, a failure).
 */
export async function campaignReportPages(
  ctx: Context,
): Promise<((request: FastifyRequest) => Promise<DrawnReportPage | undefined>) | undefined> {
  const render = (await loadServerModule(ctx.config.consoleDir))?.renderCampaignReport;
  if (!render) return undefined;
  return async (request) => {
    const url = new URL(request.url, 'http://console');
    const page = reportPagePath(url.pathname);
    const secret = page && sessionSecret(request);
    if (!page || !secret) return undefined;
    try {
      const user = await findSession(ctx.db, secret);
      if (!user || user.role === 'client') return undefined;
      const key = identityKey(CALL, 'user', user, undefined);
      if (key) await countIdentityCall(ctx.db, key, DRAWN_REPORTS_PER_USER);
      const first = await campaignReportFirstView(ctx, user, {
        ...page,
        query: url.searchParams,
        acceptLanguage: request.headers['accept-language'],
      });
      const drawn = first && render({ ...first.view, phone: isPhone(request.headers['user-agent']) });
      return first && drawn
        ? { drawn, block: first.block, search: first.view.search, private: true }
        : undefined;
    } catch (error) {
      if (!(error instanceof ApiError)) request.log.error({ err: error }, 'the report page was not drawn');
      return undefined;
    }
  };
}
