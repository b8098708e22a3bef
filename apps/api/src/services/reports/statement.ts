// An advertiser's billing statement (docs/reports.md, "Billing statement"): each of its campaigns' month
// read as the campaign report reads its totals (the same rollups summed over the same live creatives and
// the same UTC instants of the zone's calendar month: readRangeTotals, readInvalidPeriods), then the
// domain's statement of them (reports/billing-statement.ts), so a line's amount is the month's spend of
// the campaign report in the same zone, rounded to the minor unit. As JSON, or a PDF, CSV or XLSX file
// built in the report worker thread and stored like the report downloads.
import { randomBytes } from 'node:crypto';
import {
  ADVERTISER_MESSAGES,
  ApiError,
  type BillingStatement,
  billingStatement,
  type EventCounters,
  isOwnerOrAdmin,
  MAX_STATEMENT_CAMPAIGNS,
  monthDays,
  type PricedCounters,
  reportWindow,
  STATEMENT_MESSAGES,
  type StatementFileFormat,
  type StatementQuery,
  statementMonthProblem,
} from '@adconsole/domain';
import type { Context } from '../../context';
import { findAdvertiser } from '../../db/queries/advertisers';
import { insertFile } from '../../db/queries/files';
import { listStatementCampaigns, listStatementLives } from '../../db/queries/statement';
import { safeFilename } from '../campaigns/asset-checks';
import { CSV_TYPE, XLSX_TYPE } from '../campaigns/spreadsheet-text';
import { readInvalidPeriods } from '../events/queries/invalid-periods';
import { readRangeTotals } from '../events/queries/range-totals';
import type { SessionUser } from '../identity/sessions';
import { limitedDownload, requestKey } from './download-limits';

const STATEMENT_FILE_LIFETIME_MS = 24 * 60 * 60 * 1000;
const CONTENT_TYPES: Record<StatementFileFormat, string> = {
  pdf: 'application/pdf',
  csv: CSV_TYPE,
  xlsx: XLSX_TYPE,
};

const NONE: PricedCounters = { impressions: 0, clicks: 0, videoCompletes: 0 };
const add = (
  sum: PricedCounters,
  counters: Pick<EventCounters, 'impressions' | 'clicks' | 'videoCompletes'>,
) => ({
  impressions: sum.impressions + counters.impressions,
  clicks: sum.clicks + counters.clicks,
  videoCompletes: (sum.videoCompletes ?? 0) + counters.videoCompletes,
});

/** The statement of an advertiser's month in a zone: another owner's advertiser answers 404. */
async function advertiserStatement(
  ctx: Context,
  user: SessionUser,
  query: Omit<StatementQuery, 'format'>,
): Promise<BillingStatement> {
  const advertiser = await findAdvertiser(ctx.db, query.id);
  if (!advertiser || !isOwnerOrAdmin(user, advertiser.owner_id))
    throw ApiError.of(404, ADVERTISER_MESSAGES.advertiserNotFound);
  const now = new Date(ctx.clock?.() ?? Date.now());
  const problem = statementMonthProblem(query.month, query.timezone, now);
  if (problem !== undefined) throw ApiError.of(400, problem);
  const campaigns = await listStatementCampaigns(ctx.db, advertiser.id, MAX_STATEMENT_CAMPAIGNS + 1);
  if (campaigns.length > MAX_STATEMENT_CAMPAIGNS) throw ApiError.of(400, STATEMENT_MESSAGES.tooManyCampaigns);
  const lives = await listStatementLives(
    ctx.db,
    campaigns.map((campaign) => campaign.id),
  );
  // The campaign report's window of the month's local days in the zone: [00:00 on the 1st, 00:00 after the last).
  const { zone, from, to } = reportWindow(monthDays(query.month), {
    start_dt: '',
    end_dt: '',
    tzOffset: '+00:00',
    timezone: query.timezone,
  });
  const liveIds = lives.map((live) => live.id);
  const [totals, invalidRows] = await Promise.all([
    readRangeTotals(ctx.events.store, liveIds, from, to),
    readInvalidPeriods(ctx.events.store, liveIds, from, to, zone, 'day'),
  ]);
  const campaignOfLive = new Map(lives.map((live) => [live.id, live.campaign_id]));
  const valid = new Map<string, PricedCounters>();
  for (const [liveId, counters] of totals) {
    const campaignId = campaignOfLive.get(liveId) ?? '';
    valid.set(campaignId, add(valid.get(campaignId) ?? NONE, counters));
  }
  const invalid = new Map<string, PricedCounters>();
  for (const row of invalidRows) {
    const campaignId = campaignOfLive.get(row.liveId) ?? '';
    invalid.set(campaignId, add(invalid.get(campaignId) ?? NONE, row));
  }
  return billingStatement({
    advertiser: {
      id: advertiser.id,
      name: advertiser.name,
      currency: advertiser.currency,
      billingName: advertiser.billing_name,
      billingEmail: advertiser.billing_email,
    },
    month: query.month,
    timezone: query.timezone,
    now,
    campaigns: campaigns.map((campaign) => ({
      campaignId: campaign.id,
      campaignName: campaign.name,
      insertionOrderId: campaign.insertion_order_id,
      poNumber: campaign.po_number,
      orderName: campaign.order_name,
      rate: campaign.rate,
      valid: valid.get(campaign.id) ?? NONE,
      invalid: invalid.get(campaign.id) ?? NONE,
    })),
  });
}

/** 'Northwind_statement_2026-11_Europe-Berlin.pdf'. */
function statementFileName(statement: BillingStatement, extension: string): string {
  const zone = statement.timezone.replace(/[^A-Za-z0-9_+-]+/g, '-');
  return `${safeFilename(statement.advertiser.name)}_statement_${statement.month}_${zone}.${extension}`;
}

/** GET /v1/advertiser/statement: the statement as JSON, or with `format` a stored file answered as {file}. */
export async function statementCall(
  ctx: Context,
  user: SessionUser,
  query: StatementQuery,
): Promise<BillingStatement | { file: string }> {
  const { format, ...rest } = query;
  if (format === undefined) return advertiserStatement(ctx, user, rest);
  const statement = await advertiserStatement(ctx, user, rest);
  const caller = `user:${user.id}`;
  const key = requestKey(caller, { statement: rest.id, month: rest.month, timezone: rest.timezone, format });
  return limitedDownload(ctx, caller, key, async () => {
    const bytes = await ctx.reportWorker.buildStatement(statement, format);
    const name = `statements/${randomBytes(16).toString('hex')}/${statementFileName(statement, format)}`;
    await ctx.storage.put(name, bytes, CONTENT_TYPES[format]);
    await insertFile(ctx.db, {
      name,
      owner_id: user.id,
      public: false,
      content_type: CONTENT_TYPES[format],
      size: bytes.length,
      expires_at: new Date(Date.now() + STATEMENT_FILE_LIFETIME_MS),
      share_token: null,
    });
    return { file: name };
  });
}
