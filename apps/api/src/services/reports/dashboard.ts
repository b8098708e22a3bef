// GET /v1/dashboard: every campaign of the signed-in user over a range of local days, summed from the
// rollups (totals, a daily series, the period before for comparison), the campaigns with the most
// impressions and the most recently updated ones (archived campaigns count in the figures, which they
// delivered, but leave the lists, as they leave the campaign list). One read of the periods for all live
// creatives.
import {
  ApiError,
  addReportCounters,
  counterKeysOf,
  DASHBOARD_LIST_LENGTH,
  type Dashboard,
  type DashboardCampaign,
  type DashboardQuery,
  previousReportPeriod,
  type ReportCounters,
  reportPeriodKeys,
  reportRates,
  reportWindow,
  resolveReportWindow,
  withoutCosts,
  zeroReportCounters,
} from '@adconsole/domain';
import type { Context } from '../../context';
import { listConversionCurrencies } from '../../db/queries/conversion-reports';
import { listLiveIdsOfCampaigns } from '../../db/queries/live-creatives';
import { listDashboardCampaigns } from '../../db/queries/reports';
import { campaignBudgets } from '../campaigns/budget-status';
import { costsSeenByClient } from '../campaigns/client-view';
import { campaignPacings } from '../campaigns/pacing';
import { readPeriods } from '../events/queries/periods';
import type { SessionUser } from '../identity/sessions';

/** The counters the dashboard sums: the base and conversion counters of the domain's REPORT_FIGURES. */
const DASHBOARD_COUNTERS = [...counterKeysOf('base'), ...counterKeysOf('conversion')];
const counters = (row: ReportCounters): ReportCounters =>
  Object.fromEntries(DASHBOARD_COUNTERS.map((key) => [key, row[key] ?? 0])) as ReportCounters;

/**
 * Figures summed over campaigns: their conversions count, their value does not (campaigns may count
 * in different currencies; each campaign's entry has its own, docs/conversions.md).
 */
const overall = (rows: readonly ReportCounters[]) => {
  const { conversionValueMinor: _minor, ...sum } = addReportCounters(rows, false);
  const { conversionValue: _value, ...totals } = reportRates(sum);
  return totals;
};

export async function dashboard(ctx: Context, user: SessionUser, query: DashboardQuery): Promise<Dashboard> {
  const resolved = resolveReportWindow(query, 'day');
  if ('problem' in resolved) throw ApiError.of(400, resolved.problem);
  const { days, zone, from, to } = resolved;
  const previous = reportWindow(previousReportPeriod(days), query);

  const campaigns = await listDashboardCampaigns(
    ctx.db,
    user.role === 'client' ? { advertiserIds: user.advertiserIds } : user.id,
  );
  // A client sees a campaign's costs only where its advertiser allows (docs/security.md, "Client access").
  const seesCosts =
    user.role === 'client'
      ? await costsSeenByClient(
          ctx.db,
          user,
          campaigns.map((campaign) => campaign.advertiser_id),
        )
      : undefined;
  const costless = new Set(
    seesCosts === undefined
      ? []
      : campaigns.filter((campaign) => seesCosts.get(campaign.advertiser_id) !== true).map((c) => c.id),
  );
  const lives = await listLiveIdsOfCampaigns(
    ctx.db,
    campaigns.map((campaign) => campaign.id),
  );
  const liveIds = lives.map((live) => live.id);
  const campaignOf = new Map(lives.map((live) => [live.id, live.campaign_id]));
  const [rows, previousRows, conversionCurrencies] = await Promise.all([
    readPeriods(ctx.events.store, liveIds, from, to, zone, 'day'),
    readPeriods(ctx.events.store, liveIds, previous.from, previous.to, previous.zone, 'day'),
    listConversionCurrencies(
      ctx.db,
      campaigns.map((campaign) => campaign.id),
    ),
  ]);

  const byDay = new Map<string, ReportCounters[]>();
  const byCampaign = new Map<string, ReportCounters[]>();
  // Completed views by campaign: what a CPCV prices (the dashboard shows no video counters).
  const completesOf = new Map<string, number>();
  for (const row of rows) {
    byDay.set(row.period, [...(byDay.get(row.period) ?? []), counters(row)]);
    const campaignId = campaignOf.get(row.liveId) ?? '';
    byCampaign.set(campaignId, [...(byCampaign.get(campaignId) ?? []), counters(row)]);
    completesOf.set(campaignId, (completesOf.get(campaignId) ?? 0) + row.videoCompletes);
  }
  const entries: DashboardCampaign[] = campaigns.map((campaign) => {
    const rate = campaign.body.data?.rate ?? null;
    // Zeroed conversion counters for a campaign without events, so every entry has its conversion figures.
    const sum = addReportCounters(
      [{ ...counters(zeroReportCounters(false)) }, ...(byCampaign.get(campaign.id) ?? [])],
      false,
    );
    const conversionCurrency = conversionCurrencies.get(campaign.id) ?? null;
    const totals = reportRates(
      { ...sum, videoCompletes: completesOf.get(campaign.id) ?? 0 },
      rate,
      conversionCurrency,
    );
    delete totals.videoCompletes;
    const hidden = costless.has(campaign.id);
    return {
      id: campaign.id,
      name: campaign.name,
      updatedAt: campaign.updated_at.toISOString(),
      totals: hidden ? withoutCosts(totals) : totals,
      rate: hidden ? null : rate,
      conversionCurrency,
    };
  });
  const archived = new Set(campaigns.filter((campaign) => campaign.archived).map((campaign) => campaign.id));
  const listable = entries.filter((entry) => !archived.has(entry.id));
  const top = listable
    .filter((entry) => entry.totals.impressions > 0)
    .sort((a, b) => b.totals.impressions - a.totals.impressions || a.name.localeCompare(b.name))
    .slice(0, DASHBOARD_LIST_LENGTH);
  const recent = [...listable]
    .sort((a, b) => (b.updatedAt ?? '').localeCompare(a.updatedAt ?? '') || a.id.localeCompare(b.id))
    .slice(0, DASHBOARD_LIST_LENGTH);
  // Pacing of the listed campaigns (at most twice the list's length), those with a goal in one read.
  const listed = new Set([...top, ...recent].map((entry) => entry.id));
  const shown = campaigns.filter((campaign) => listed.has(campaign.id));
  const [pacings, budgets] = await Promise.all([campaignPacings(ctx, shown), campaignBudgets(ctx, shown)]);
  for (const entry of [...top, ...recent]) {
    entry.pacing = costless.has(entry.id) ? null : (pacings.get(entry.id) ?? null);
    entry.budget = costless.has(entry.id) ? null : (budgets.get(entry.id) ?? null);
  }

  return {
    start: days.start,
    end: days.end,
    timezone: { offset: zone.offset, tzCode: zone.iana ?? zone.offset },
    campaignCount: campaigns.length,
    totals: overall([counters(zeroReportCounters(false)), ...rows.map(counters)]),
    previousTotals: overall([counters(zeroReportCounters(false)), ...previousRows.map(counters)]),
    series: reportPeriodKeys(days, zone, 'day').map((date) => ({
      date,
      ...overall([counters(zeroReportCounters(false)), ...(byDay.get(date) ?? [])]),
    })),
    topCampaigns: top,
    recentCampaigns: recent,
    dataPulledAt: new Date().toISOString(),
  };
}
