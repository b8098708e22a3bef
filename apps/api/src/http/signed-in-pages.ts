// Signed-in pages drawn by the server (docs/console.md, "Signed-in pages drawn by the server"): the
// dashboard (`/dashboard`), a campaign's report (`/campaigns/{id}/reporting`, or a creative's page of
// it), the campaign list (`/campaigns`) and a campaign's page (`/campaigns/{id}`), opened by their address with the session's
// cookie, arrive drawn in the signed-in frame by the console's server module, read with the user's
// rights as the console's calls would read them, and run no console code until the reader touches them,
// as a share link's page does (http/server-view.ts).
import {
  ApiError,
  campaignAnswerQuery,
  campaignListAnswerQuery,
  campaignListOf,
  campaignListPageState,
  dashboardAnswerQuery,
  dashboardQueryOf,
  dashboardRangeDays,
  defaultTimezone,
  lastDaysReportingDates,
} from '@adconsole/domain';
import type { FastifyRequest } from 'fastify';
import type { Context } from '../context';
import { listAlerts } from '../services/alerts/alerts';
import { getCampaign, listCampaigns } from '../services/campaigns/campaigns';
import { countIdentityCall, identityKey } from '../services/identity/identity-limit';
import { findSession, type SessionUser } from '../services/identity/sessions';
import { campaignReportFirstView } from '../services/reports/campaign-report-view';
import { dashboard } from '../services/reports/dashboard';
import { publicConfigOf } from '../services/system/public-config';
import { sessionSecret } from './cookies';
import { type DrawnPage, isPhone, loadServerModule, type ServerModule } from './server-view';

/**
 * Drawn pages a user may be sent in a rate window (services/identity/identity-limit.ts): a report costs
 * three reports and a drawing, about four report calls' CPU. Past it, the page is sent undrawn and the
 * console makes its calls as before, under their own limits.
 */
export const DRAWN_PAGES_PER_USER = 120;
const CALL = 'GET /campaigns (drawn)';

/** A campaign report's page: its campaign and creative. */
const reportPagePath = (
  pathname: string,
): { campaignID: string; creativeID: string | undefined } | undefined => {
  const match = /^\/campaigns\/([^/]+)\/reporting(?:\/creative\/([^/]+))?\/?$/.exec(pathname);
  return match?.[1] ? { campaignID: match[1], creativeID: match[2] } : undefined;
};

/** A call's answer as it reaches the console: JSON (dates as text, nothing undefined). */
const asAnswered = (answer: unknown): unknown => JSON.parse(JSON.stringify(answer));

/** The bell's open alerts, as the alerts call answers them (a client, who has no bell, is never drawn for). */
const bellAlerts = async (ctx: Context, user: SessionUser) =>
  asAnswered(await listAlerts(ctx, user, { status: 'open' })) as unknown[];

/** The page's frame: the user as the top bar names them, the company, the device. */
const frameOf = (ctx: Context, user: SessionUser, request: FastifyRequest) => ({
  user: { role: user.role, name: `${user.firstName} ${user.lastName}` },
  companyName: publicConfigOf(ctx.config).companyName,
  phone: isPhone(request.headers['user-agent']),
  now: new Date().toISOString(),
});

/** A campaign's page for `user`, drawn; undefined when the module cannot draw it. */
async function drawnCampaign(
  ctx: Context,
  render: NonNullable<ServerModule['renderCampaignPage']>,
  user: SessionUser,
  campaignID: string,
  request: FastifyRequest,
): Promise<DrawnPage | undefined> {
  const [answer, alerts] = await Promise.all([getCampaign(ctx, user, campaignID), bellAlerts(ctx, user)]);
  const campaign = asAnswered(answer);
  const drawn = render({ ...frameOf(ctx, user, request), campaign, alerts });
  return drawn
    ? { drawn, block: { query: campaignAnswerQuery(campaignID), data: campaign }, search: '' }
    : undefined;
}

/** The campaign list's page for `user` at `url`, drawn; undefined when the module cannot draw it. */
async function drawnList(
  ctx: Context,
  render: NonNullable<ServerModule['renderCampaignList']>,
  user: SessionUser,
  url: URL,
  request: FastifyRequest,
): Promise<DrawnPage | undefined> {
  const { view, page, filter } = campaignListPageState(url.searchParams, user.role === 'admin');
  const [answer, alerts] = await Promise.all([
    listCampaigns(ctx, user, view, { page, ...filter }),
    bellAlerts(ctx, user),
  ]);
  // As the list call's answer reaches the console, read as its client reads `data` and `pagination`.
  const list = asAnswered(campaignListOf({ data: answer.campaigns, pagination: answer.pagination }));
  const drawn = render({
    ...frameOf(ctx, user, request),
    list,
    view,
    page,
    filter,
    location: `${url.pathname}${url.search}`,
    alerts,
  });
  return drawn
    ? { drawn, block: { query: campaignListAnswerQuery(view, page, filter), data: list }, search: '' }
    : undefined;
}

/**
 * The dashboard for `user` at `url`, drawn; undefined when the module cannot draw it. Read in UTC, the
 * zone the console reads it in when the browser chose none: a browser that chose another starts the
 * console at once, which asks for the dashboard in that zone (public/assets/on-touch-v4.js).
 */
async function drawnDashboard(
  ctx: Context,
  render: NonNullable<ServerModule['renderDashboard']>,
  user: SessionUser,
  url: URL,
  request: FastifyRequest,
): Promise<DrawnPage | undefined> {
  const frame = frameOf(ctx, user, request);
  const days = dashboardRangeDays(url.searchParams.get('days'));
  const timezone = defaultTimezone;
  const dates = lastDaysReportingDates(days, new Date(frame.now), timezone);
  const [answer, alerts] = await Promise.all([
    dashboard(ctx, user, dashboardQueryOf(dates, timezone)),
    bellAlerts(ctx, user),
  ]);
  const data = asAnswered(answer);
  const drawn = render({
    ...frame,
    dashboard: data,
    days,
    timezone,
    firstName: user.firstName,
    location: `${url.pathname}${url.search}`,
    alerts,
  });
  return drawn
    ? { drawn, block: { query: dashboardAnswerQuery(days, timezone, dates), data }, search: '' }
    : undefined;
}

/** A campaign report's page for `user`, drawn; undefined where the console would show no report. */
async function drawnReport(
  ctx: Context,
  render: NonNullable<ServerModule['renderCampaignReport']>,
  user: SessionUser,
  page: { campaignID: string; creativeID: string | undefined },
  url: URL,
  request: FastifyRequest,
): Promise<DrawnPage | undefined> {
  const [first, alerts] = await Promise.all([
    campaignReportFirstView(ctx, user, {
      ...page,
      query: url.searchParams,
      acceptLanguage: request.headers['accept-language'],
    }),
    bellAlerts(ctx, user),
  ]);
  const drawn =
    first && render({ ...first.view, ...frameOf(ctx, user, request), now: first.view.now, alerts });
  return first && drawn ? { drawn, block: first.block, search: first.view.search } : undefined;
}

/**
 * The first view of a signed-in page the server draws, for the console's page (http/console-files.ts):
 * undefined without the console's server module; for a request, undefined where nothing is drawn
 * (another page, no live session, a client's session (the console draws a client's pages, read-only),
 * a campaign that is not the user's, a refused report, the per-user limit reached, a failure).
 */
export async function signedInPages(
  ctx: Context,
): Promise<((request: FastifyRequest) => Promise<DrawnPage | undefined>) | undefined> {
  const module = await loadServerModule(ctx.config.consoleDir);
  const { renderCampaignReport, renderCampaignList, renderCampaignPage, renderDashboard } = module ?? {};
  if (!renderCampaignReport && !renderCampaignList && !renderCampaignPage && !renderDashboard)
    return undefined;
  return async (request) => {
    const url = new URL(request.url, 'http://console');
    const report = reportPagePath(url.pathname);
    const list = /^\/campaigns\/?$/.test(url.pathname);
    const campaignID = /^\/campaigns\/([^/]+)\/?$/.exec(url.pathname)?.[1];
    const board = /^\/dashboard\/?$/.test(url.pathname);
    const secret = (report || list || campaignID || board) && sessionSecret(request);
    if (!secret) return undefined;
    try {
      const user = await findSession(ctx.db, secret);
      if (!user || user.role === 'client') return undefined;
      const key = identityKey(CALL, 'user', user, undefined);
      if (key) await countIdentityCall(ctx.db, key, DRAWN_PAGES_PER_USER);
      const drawn =
        report && renderCampaignReport
          ? await drawnReport(ctx, renderCampaignReport, user, report, url, request)
          : list && renderCampaignList
            ? await drawnList(ctx, renderCampaignList, user, url, request)
            : campaignID && renderCampaignPage
              ? await drawnCampaign(ctx, renderCampaignPage, user, campaignID, request)
              : board && renderDashboard
                ? await drawnDashboard(ctx, renderDashboard, user, url, request)
                : undefined;
      // The user's own page: no shared cache keeps it.
      return drawn ? { ...drawn, private: true } : undefined;
    } catch (error) {
      if (!(error instanceof ApiError)) request.log.error({ err: error }, 'the page was not drawn');
      return undefined;
    }
  };
}
