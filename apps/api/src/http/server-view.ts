// The share page's first view drawn by the server (docs/console.md, "The share page drawn by the
// server"): the console's server module (dist-server/shared-report.js beside the console's dist/,
// built by the console's `pnpm build`) draws the report's heading, period and key figures from the
// report the share link's page shows first (services/reports/shared-report-view.ts). Without the module
// (a console built before it, a deployment that ships dist/ alone) the page is drawn by the browser
// alone, as before.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ApiError,
  type CampaignListFilter,
  type CampaignListView,
  contract,
  type DashboardRangeDays,
  isSharedToken,
  reportTimezone,
  SERVER_VIEW_ATTRIBUTE,
  SHARED_REPORT_ELEMENT_ID,
  type SharedReportBlock,
  type Timezone,
} from '@adconsole/domain';
import type { FastifyRequest } from 'fastify';
import type { Context } from '../context';
import { findCampaign } from '../db/queries/campaigns';
import { findWorkingShareToken } from '../db/queries/share-tokens';
import { normalizeClientAddress } from '../services/client-address';
import { countAddressCall } from '../services/identity/address-limit';
import { countIdentityCall, identityKey } from '../services/identity/identity-limit';
import { escapeHtml } from '../services/outbound/mail';
import { RecentMap } from '../services/recent-map';
import type { CampaignReportFirstView } from '../services/reports/campaign-report-view';
import { type SharedReportFirstView, sharedReportFirstView } from '../services/reports/shared-report-view';
import type { RouteDef } from './routes';

type Render = (view: SharedReportFirstView['view'] & { phone: boolean }) => string | undefined;

/** What the console's server module draws: a share link's page, and the signed-in pages it draws. */
export interface ServerModule {
  renderSharedReport?: Render;
  renderCampaignReport?: (
    view: CampaignReportFirstView['view'] & SignedInFrame & { alerts: unknown[] },
  ) => string | undefined;
  renderCampaignPage?: (view: SignedInFrame & { campaign: unknown; alerts: unknown[] }) => string | undefined;
  renderDashboard?: (
    view: SignedInFrame & {
      dashboard: unknown;
      days: DashboardRangeDays;
      timezone: Timezone;
      firstName: string;
      location: string;
      alerts: unknown[];
    },
  ) => string | undefined;
  renderCampaignList?: (
    view: SignedInFrame & {
      list: unknown;
      view: CampaignListView;
      page: number;
      filter: CampaignListFilter;
      location: string;
      alerts: unknown[];
    },
  ) => string | undefined;
}

/** What a signed-in page's frame shows: the user, the company, the device, the clock. */
interface SignedInFrame {
  user: { role: string; name: string };
  companyName: string;
  phone: boolean;
  now: string;
}

/** The console's server module (dist-server/shared-report.js beside its dist/), or undefined without one. */
export async function loadServerModule(consoleDir: string): Promise<ServerModule | undefined> {
  const file = path.join(consoleDir, '..', 'dist-server', 'shared-report.js');
  if (!existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as ServerModule;
}

/** A share link's page the server draws, the summary's or a creative's: its token and creative. */
const sharedPagePath = (pathname: string): { token: string; creativeID: string | undefined } | undefined => {
  const match = /^\/share\/([^/]+)(?:\/creative\/([^/]+))?\/?$/.exec(pathname);
  return match?.[1] ? { token: match[1], creativeID: match[2] } : undefined;
};

/**
 * Where a share link's page that names no zone moves to (docs/reports.md, "The report's zone"): the same
 * page with `zone=` the campaign's zone, so the server's first view and the console read the campaign's
 * days, and the address keeps the zone as a reader's pick would. Undefined for another page, one that
 * names a zone or an offset, a link that no longer works, and a campaign in UTC (a page without a zone
 * reads UTC already).
 */
export async function sharedPageInCampaignZone(
  ctx: Pick<Context, 'db'>,
  request: Pick<FastifyRequest, 'url'>,
): Promise<string | undefined> {
  const url = new URL(request.url, 'http://console');
  const token = sharedPagePath(url.pathname)?.token;
  if (!token || !isSharedToken(token) || url.searchParams.has('zone') || url.searchParams.has('tz')) {
    return undefined;
  }
  const campaignId = (await findWorkingShareToken(ctx.db, token))?.campaign_id;
  const campaign = campaignId ? await findCampaign(ctx.db, campaignId) : undefined;
  const zone = reportTimezone({}, campaign?.body.data?.timezone, {});
  if (!campaign || zone.tzCode === 'UTC') return undefined;
  url.searchParams.set('zone', zone.tzCode);
  return `${url.pathname}${url.search}`;
}

/**
 * The console's page with the server's drawing before the console's root (which the console removes as
 * it draws its own) and the report it shows as a JSON data block (`<` escaped, as the config's). `search` is the query that names the
 * state the server drew (its range, zone, unit and tab), which `/assets/on-touch-v4.js` writes into
 * an address that names none, as the console would once started.
 */
export function withServerView(html: string, drawn: string, block: SharedReportBlock, search = ''): string {
  const json = JSON.stringify(block).replace(/</g, '\\u003c');
  const data = `<script id="${SHARED_REPORT_ELEMENT_ID}" type="application/json">${json}</script>`;
  // A function, not a string: a replacement string reads `$&`, `$'` and `$$` in a campaign's or a
  // creative's name as patterns (the page itself, copied in), not as text.
  return html.replace(
    '<div id="root">',
    () =>
      `<div ${SERVER_VIEW_ATTRIBUTE}${search ? ` data-search="${escapeHtml(search)}"` : ''}>${drawn}</div>${data}<div id="root">`,
  );
}

/**
 * The share page's scripts when the server has drawn it: none runs, and none is fetched, until the
 * reader touches the page (docs/console.md, "The share page read-only until touched"). The entry and the
 * files Vite preloads with it are named on `/assets/on-touch-v4.js` (the console's `public/assets/`),
 * which preloads and starts them at the first press, key, focus or pointer over a chart.
 */
export function scriptsOnTouch(html: string): string {
  const preloads: string[] = [];
  const withoutPreloads = html.replace(
    /<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g,
    (_match, href: string) => {
      preloads.push(href);
      return '';
    },
  );
  return withoutPreloads.replace(
    /<script type="module" crossorigin src="([^"]+)"><\/script>/,
    (_match, entry: string) =>
      `<script defer src="/assets/on-touch-v4.js" data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>`,
  );
}

/** A phone's user agent (the server's charts are then drawn at a phone's width). */
export const isPhone = (userAgent: string | undefined): boolean =>
  userAgent !== undefined && /\bMobi|\bAndroid|\biPhone/.test(userAgent);

/** A page as the server drew it: the drawing, its data block, the query of its state. */
export type DrawnPage = { drawn: string; block: SharedReportBlock; search: string; private?: boolean };

/**
 * How long a drawn share page is sent again as it is: a page costs about four times the share report
 * call's server CPU (its three reports and the drawing), and a report mailed to many readers is opened
 * by many at once. Its figures are at most this old; the console's own reports are reused for an hour.
 */
const DRAWN_PAGE_MS = 30_000;
/** Drawn pages kept at most (each about 0.4 MB: the drawing and its data block). */
const DRAWN_PAGES_KEPT = 40;

/**
 * The first view of a share link's page (the summary or a creative's), for the console's page (http/console-files.ts): the
 * report read as the share report call reads it, counted against that call's limits (the page stands
 * in for the call the console then does not make), and drawn by the console's server module. Undefined
 * without the module; for a request, undefined where nothing is drawn (another page, a link that no
 * longer works, a limit reached, a failure: the browser then draws the page, and says why, alone).
 */
export async function sharedReportPages(
  ctx: Context,
  routes: readonly RouteDef[],
): Promise<((request: FastifyRequest) => Promise<DrawnPage | undefined>) | undefined> {
  const render = (await loadServerModule(ctx.config.consoleDir))?.renderSharedReport;
  if (!render) return undefined;
  const route = routes.find((candidate) => candidate.call === contract.shareReport);
  const call = `${contract.shareReport.method} ${contract.shareReport.path}`;
  const kept = new RecentMap<string, { at: number; page: DrawnPage }>(DRAWN_PAGES_KEPT);
  return async (request) => {
    const url = new URL(request.url, 'http://console');
    const shared = sharedPagePath(url.pathname);
    if (!shared) return undefined;
    const { token, creativeID } = shared;
    try {
      if (route?.perIpLimit)
        await countAddressCall(ctx, call, normalizeClientAddress(request.ip), route.perIpLimit);
      const identity = route?.perIdentityLimit;
      const key = identity && identityKey(call, identity.by, undefined, { sharedToken: token });
      if (identity && key) await countIdentityCall(ctx.db, key, identity.max);
      // A link revoked or expired a moment ago draws nothing, whatever is kept.
      if (!isSharedToken(token) || !(await findWorkingShareToken(ctx.db, token))) return undefined;
      const phone = isPhone(request.headers['user-agent']);
      const language = request.headers['accept-language']?.split(',')[0]?.trim() ?? '';
      const pageKey = `${url.pathname}\n${url.search}\n${phone}\n${language}`;
      const now = Date.now();
      const hit = kept.get(pageKey);
      if (hit && now - hit.at < DRAWN_PAGE_MS) return hit.page;
      const first = await sharedReportFirstView(ctx, {
        token,
        creativeID,
        query: url.searchParams,
        acceptLanguage: request.headers['accept-language'],
      });
      const drawn = first && render({ ...first.view, phone });
      if (!first || !drawn) return undefined;
      const page = { drawn, block: first.block, search: first.view.search };
      kept.set(pageKey, { at: now, page });
      return page;
    } catch (error) {
      if (!(error instanceof ApiError)) request.log.error({ err: error }, 'the share page was not drawn');
      return undefined;
    }
  };
}

type FirstView = (request: FastifyRequest) => Promise<DrawnPage | undefined>;

/**
 * One first view from the pages the server draws (a share link's, a signed-in campaign report's): the
 * first that draws the request's page; undefined when none can draw (no server module).
 */
export function firstViews(...views: (FirstView | undefined)[]): FirstView | undefined {
  const drawing = views.filter((view): view is FirstView => view !== undefined);
  if (drawing.length === 0) return undefined;
  return async (request) => {
    for (const view of drawing) {
      const drawn = await view(request);
      if (drawn) return drawn;
    }
    return undefined;
  };
}
