// GET /v1/advertiser/report (docs/reports.md, "Advertiser report"): every figure of the campaign report's
// summary, for each of an advertiser's campaigns over local days in a zone, and their totals. Each
// campaign's summary is the campaign report's own (figures.ts, reportSummary: the same reads and the same
// rating); the totals add them up (the domain's advertiserReportTotals). At most MAX_ADVERTISER_CAMPAIGNS
// campaigns, the newest, are read, a few at a time.
import {
  type AdvertiserReportQuery,
  advertiserReportTotals,
  MAX_ADVERTISER_CAMPAIGNS,
} from '@adconsole/domain';
import type { Context } from '../../context';
import { listCampaignsOfAdvertiser } from '../../db/queries/advertisers';
import type { CampaignRow } from '../../db/queries/campaigns';
import { listConversionCurrencies } from '../../db/queries/conversion-reports';
import { advertiserAnswer, ownAdvertiser } from '../campaigns/advertisers';
import type { SessionUser } from '../identity/sessions';
import { reportSummary } from './figures';
import { campaignScope } from './scope';

/** How many campaigns' summaries are read side by side (each holds a few of the pool's connections). */
const CAMPAIGNS_AT_ONCE = 4;

export async function advertiserReport(ctx: Context, user: SessionUser, query: AdvertiserReportQuery) {
  const advertiser = await ownAdvertiser(ctx.db, user, query.id);
  const listed = await listCampaignsOfAdvertiser(ctx.db, advertiser.id, MAX_ADVERTISER_CAMPAIGNS + 1);
  const rows = listed.slice(0, MAX_ADVERTISER_CAMPAIGNS);
  const currencies = await listConversionCurrencies(
    ctx.db,
    rows.map((row) => row.id),
  );
  const window = {
    start_dt: `${query.startDate} 00:00:00`,
    end_dt: `${query.endDate} 23:59:59`,
    tzOffset: '+00:00',
    timezone: query.timezone,
    withVideoData: true,
  };
  const summaryOf = async (row: CampaignRow) => {
    const conversionCurrency = currencies.get(row.id) ?? null;
    const totals = await reportSummary(ctx, await campaignScope(ctx.db, row), window, conversionCurrency);
    return { row, totals, conversionCurrency };
  };
  const read: Awaited<ReturnType<typeof summaryOf>>[] = [];
  for (let index = 0; index < rows.length; index += CAMPAIGNS_AT_ONCE)
    read.push(...(await Promise.all(rows.slice(index, index + CAMPAIGNS_AT_ONCE).map(summaryOf))));
  const campaigns = read.map(({ row, totals, conversionCurrency }) => ({
    id: row.id,
    name: row.name,
    insertionOrderId: row.insertion_order_id ?? null,
    rate: row.body.data?.rate ?? null,
    totals,
    conversionCurrency,
  }));
  return {
    advertiser: advertiserAnswer(advertiser),
    start: query.startDate,
    end: query.endDate,
    timezone: query.timezone,
    currency: advertiser.currency,
    campaigns: campaigns.map(({ conversionCurrency: _currency, ...campaign }) => campaign),
    totals: advertiserReportTotals(campaigns, advertiser.currency),
    truncated: listed.length > MAX_ADVERTISER_CAMPAIGNS,
  };
}
