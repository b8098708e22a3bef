// Report figures in any timezone, read from the 15-minute rollups: totals, a series by local day or
// hour (every period present, zeros included), each creative's totals and an hour-of-week grid. The
// reads are services/events/queries/ (one module per report question, both stores' SQL side by side),
// the zone and the unit in the query, the store's engine doing the grouping.
import {
  ApiError,
  addReportCounters,
  type Breakdown,
  type BreakdownDimension,
  breakdownOf,
  breakdownWithoutCosts,
  type CampaignRate,
  type CreativeType,
  counterKeysOf,
  EVENT_COUNTER_KEYS,
  type EventCounters,
  type InvalidTrafficReason,
  invalidTrafficOf,
  labelOfCode,
  measurableImpressions,
  type ReportCodeCount,
  type ReportCounters,
  type ReportFileFormat,
  type ReportGranularity,
  type ReportTotals,
  type ReportVideoData,
  reportPeriodKeys,
  reportRates,
  resolveReportWindow,
  videoTotalsOf,
  withoutCosts,
  zeroReportCounters,
} from '@adconsole/domain';
import type { Context } from '../../context';
import { listCreativeNamesOfCampaign } from '../../db/queries/reports';
import { campaignBudgets } from '../campaigns/budget-status';
import { campaignPacings } from '../campaigns/pacing';
import { readBreakdown } from '../events/queries/breakdown';
import { type CodeRow, readCodes } from '../events/queries/codes';
import { type InvalidPeriodRow, readInvalidPeriods } from '../events/queries/invalid-periods';
import type { PeriodRow } from '../events/queries/period-rows';
import { readPeriods } from '../events/queries/periods';
import { readReportRows } from '../events/queries/report-rows';
import { fileBreakdowns } from './breakdown-files';
import type { Figures, FiguresWithRows, FilteredCounts } from './build-input';
import { reportConversions } from './conversions';
import { reportFrequency } from './frequency';
import { reportNotServed } from './not-served';
import { reportReach } from './reach';
import type { ReportScope } from './scope';

export interface FiguresQuery {
  start_dt: string;
  end_dt: string;
  tzOffset: string;
  timezone?: string | undefined;
  granularity: ReportGranularity;
  withVideoData: boolean;
  /** A breakdown of the same figures (data.breakdown). */
  breakdown?: BreakdownDimension | undefined;
}

/** A live creative's counters as report counters; its measurable impressions follow its type. */
const reportCounters = (
  counters: EventCounters,
  withVideo: boolean,
  creativeType: CreativeType,
): ReportCounters => counterFigures(counters, withVideo, measurableImpressions(counters, creativeType));

/** The counters a report shows: always (conversions too), and with video data (the domain's EVENT_COUNTERS). */
const BASE_KEYS = [...counterKeysOf('base'), ...counterKeysOf('conversion')];
const WITH_VIDEO_KEYS = [...BASE_KEYS, ...counterKeysOf('video'), ...counterKeysOf('vast')];

/** Counters as report counters, with their measurable impressions (a series' are summed by the store). */
const counterFigures = (counters: EventCounters, withVideo: boolean, measurable: number): ReportCounters => {
  const figures = {} as ReportCounters;
  for (const key of withVideo ? WITH_VIDEO_KEYS : BASE_KEYS) figures[key] = counters[key];
  figures.measurable = measurable;
  return figures;
};

/** Counters summed, the conversion counters present (0) in a row without events too. */
const ZERO_CONVERSIONS = { conversions: 0, conversionValueMinor: 0 };
const sumCounters = (rows: readonly ReportCounters[], withVideo: boolean): ReportCounters =>
  addReportCounters([{ ...zeroReportCounters(withVideo), ...ZERO_CONVERSIONS }, ...rows], withVideo);

/**
 * A row's rates, with a booked rate its spend (the domain's campaigns/pricing.ts), and its conversion figures in the
 * campaign's conversion currency. `completes` are the row's completed views, which a CPCV prices even
 * when the report shows no video counters.
 */
const ratedWith =
  (booked: CampaignRate | null | undefined, withVideo: boolean, conversionCurrency: string | null) =>
  (counters: ReportCounters, completes: number): ReportTotals => {
    if (!booked) return reportRates(counters, null, conversionCurrency);
    const totals = reportRates({ ...counters, videoCompletes: completes }, booked, conversionCurrency);
    if (!withVideo) delete totals.videoCompletes;
    return totals;
  };

const completesOf = (rows: readonly { videoCompletes?: number | undefined }[]) =>
  rows.reduce((sum, row) => sum + (row.videoCompletes ?? 0), 0);

/** The coded pings of one kind summed by code, most first (then by code), each with its label. */
function codeCounts(rows: readonly CodeRow[], kind: CodeRow['kind']): ReportCodeCount[] {
  const byCode = new Map<number, number>();
  for (const row of rows)
    if (row.kind === kind) byCode.set(row.code, (byCode.get(row.code) ?? 0) + row.count);
  return [...byCode.entries()]
    .map(([code, count]) => ({ code, label: labelOfCode(kind, code), count }))
    .sort((a, b) => b.count - a.count || a.code - b.code);
}

/** The creatives of the scope, each with its live ids, named as they are now (or when last published). */
async function creativesOf(ctx: Context, scope: ReportScope) {
  const current = await listCreativeNamesOfCampaign(ctx.db, scope.campaign.id);
  const byId = new Map<string, { id: string; name: string; type: CreativeType; liveIDs: string[] }>();
  for (const live of scope.lives) {
    const id = live.creativeId ?? live.snapshot.id;
    const now = current.find((creative) => creative.id === id);
    const entry = byId.get(id) ?? {
      id,
      name: now?.name ?? live.snapshot.name,
      type: now?.type ?? live.snapshot.type,
      liveIDs: [],
    };
    entry.liveIDs.push(live.id);
    byId.set(id, entry);
  }
  return [...byId.values()];
}

/** The counters that count events (a conversion's value counts minor units, not events). */
const EVENT_KEYS = EVENT_COUNTER_KEYS.filter((key) => key !== 'conversionValueMinor');

/** The report's `invalid`: every invalid event of the range by reason. */
function invalidOf(rows: readonly InvalidPeriodRow[]) {
  const byReason = new Map<InvalidTrafficReason, { impressions: number; clicks: number; events: number }>();
  for (const row of rows) {
    const sum = byReason.get(row.reason) ?? { impressions: 0, clicks: 0, events: 0 };
    sum.impressions += row.impressions;
    sum.clicks += row.clicks;
    sum.events += EVENT_KEYS.reduce((total, key) => total + row[key], 0);
    byReason.set(row.reason, sum);
  }
  return invalidTrafficOf(byReason);
}

/** Invalid impressions and clicks by creative and period. */
function filteredByCreative(
  rows: readonly InvalidPeriodRow[],
  creatives: readonly { id: string; liveIDs: string[] }[],
): Map<string, Map<string, FilteredCounts>> {
  const creativeOf = new Map(
    creatives.flatMap((creative) => creative.liveIDs.map((id) => [id, creative.id])),
  );
  const result = new Map<string, Map<string, FilteredCounts>>();
  for (const row of rows) {
    const creativeId = creativeOf.get(row.liveId);
    if (creativeId === undefined) continue;
    const periods = result.get(creativeId) ?? new Map<string, FilteredCounts>();
    const counts = periods.get(row.period) ?? { impressions: 0, clicks: 0 };
    counts.impressions += row.impressions;
    counts.clicks += row.clicks;
    periods.set(row.period, counts);
    result.set(creativeId, periods);
  }
  return result;
}

export async function reportFigures(ctx: Context, scope: ReportScope, query: FiguresQuery): Promise<Figures> {
  return (await readFigures(ctx, scope, query, false)).figures;
}

/** The figures and, for a file or a mail, their rows by creative and period. */
export async function reportFiguresWithRows(
  ctx: Context,
  scope: ReportScope,
  query: FiguresQuery,
  /** A download's format: its breakdowns are read too (breakdown-files.ts). */
  file?: ReportFileFormat,
): Promise<FiguresWithRows> {
  const read = await readFigures(ctx, scope, query, true);
  const fileBreakdownsOf =
    file === undefined
      ? undefined
      : await fileBreakdowns(
          ctx,
          scope,
          read.range,
          file,
          query.breakdown,
          read.creatives,
          read.conversionCurrency,
        );
  return {
    figures: read.figures,
    creativePeriods: read.creativePeriods,
    creativeFiltered: filteredByCreative(read.invalidRows, read.creatives),
    ...(fileBreakdownsOf ? { fileBreakdowns: fileBreakdownsOf } : {}),
  };
}

/**
 * Reads the figures: the series by local period summed over the scope's live creatives (from the
 * campaign's own rollups when the scope is a whole campaign), each live creative's totals over the
 * range, the hour-of-week grid, invalid traffic, coded pings and the breakdown asked for, side by side on
 * the pool's connections. The rows by creative and period (one read by live creative and period, one rate
 * computation per creative and period) are read and made only `withRows`: for a file or a mail.
 */
async function readFigures(ctx: Context, scope: ReportScope, query: FiguresQuery, withRows: boolean) {
  const resolved = resolveReportWindow(query, query.granularity);
  if ('problem' in resolved) throw ApiError.of(400, resolved.problem);
  const { days, zone, from, to } = resolved;
  const unit = query.granularity === 'hour' ? 'hour' : 'day';
  const liveIds = scope.lives.map((live) => live.id);
  const withVideo = query.withVideoData;
  const typeOfLive = new Map(scope.lives.map((live) => [live.id, live.snapshot.type]));
  const bannerIds = scope.lives.filter((live) => live.snapshot.type === 'Banner').map((live) => live.id);
  const campaignId = scope.wholeCampaign === true ? scope.campaign.id : undefined;
  // A share link without costs reads as a campaign without a booked rate, its rows' other costs (the
  // conversions' value) left out too (docs/reports.md, "Share links").
  const costless = scope.includeCosts === false;
  const booked = costless ? null : (scope.campaign.body.data?.rate ?? null);
  const goal = scope.campaign.body.data?.goal ?? null;
  const { store } = ctx.events;
  const periods = reportPeriodKeys(days, zone, query.granularity);
  const [
    { series: seriesRows, totals: liveTotals, weekHours: weekHourRows },
    creatives,
    invalidRows,
    codeRows,
    breakdownRows,
    periodRows,
    pacings,
    conversions,
    notServed,
    frequency,
    reach,
  ] = await Promise.all([
    readReportRows(store, liveIds, from, to, zone, unit, { bannerIds, campaignId }),
    creativesOf(ctx, scope),
    readInvalidPeriods(store, liveIds, from, to, zone, unit),
    readCodes(store, liveIds, from, to),
    query.breakdown === undefined
      ? undefined
      : readBreakdown(store, liveIds, from, to, query.breakdown, bannerIds),
    withRows ? readPeriods(store, liveIds, from, to, zone, unit) : undefined,
    // Pacing reads the campaign's flight by day, only when it has a goal (campaigns/pacing.ts).
    goal === null
      ? undefined
      : campaignPacings(
          ctx,
          [scope.campaign],
          campaignId === undefined ? undefined : new Map([[campaignId, liveIds]]),
        ),
    // The conversion currency, invalid conversions and the lag, from the ledger (conversions.ts).
    reportConversions(ctx, scope, from, to),
    // The ad requests by outcome (not-served.ts), by the same periods as the series.
    reportNotServed(ctx, scope, { from, to, zone, unit }, periods),
    // Ads per browser in the campaign's frequency window (frequency.ts).
    reportFrequency(ctx, scope, { from, to }),
    // Distinct browsers and devices over the range, by local day (reach.ts).
    reportReach(ctx, scope, days, zone),
  ]);
  const { conversionCurrency } = conversions;
  const ratedWithCosts = ratedWith(booked, withVideo, conversionCurrency);
  const rated = costless
    ? (counters: ReportCounters, completes: number) => withoutCosts(ratedWithCosts(counters, completes))
    : ratedWithCosts;

  const liveFigures = (id: string) => {
    const counters = liveTotals.get(id);
    return counters === undefined
      ? []
      : [reportCounters(counters, withVideo, typeOfLive.get(id) ?? 'Banner')];
  };
  const liveCompletes = (ids: readonly string[]) =>
    completesOf(ids.flatMap((id) => liveTotals.get(id) ?? []));
  const seriesByPeriod = new Map(seriesRows.map((row) => [row.period, row]));
  const series = periods.map((date) => {
    const row = seriesByPeriod.get(date);
    return {
      date,
      ...rated(
        sumCounters(row ? [counterFigures(row, withVideo, row.measurable)] : [], withVideo),
        row?.videoCompletes ?? 0,
      ),
    };
  });
  const creativeRows = creatives.map((creative) => ({
    ...creative,
    totals: rated(
      sumCounters(creative.liveIDs.flatMap(liveFigures), withVideo),
      liveCompletes(creative.liveIDs),
    ),
  }));
  const weekHourCells = new Map(weekHourRows.map((row) => [row.weekday * 24 + row.hour, row]));
  const weekHours = [];
  for (let weekday = 0; weekday < 7; weekday += 1) {
    for (let hour = 0; hour < 24; hour += 1) {
      const cell = weekHourCells.get(weekday * 24 + hour);
      weekHours.push({ weekday, hour, impressions: cell?.impressions ?? 0, clicks: cell?.clicks ?? 0 });
    }
  }
  // The budget now (campaigns/budget-status.ts): one read, with a budget and its rate only.
  const budget = costless
    ? null
    : ((await campaignBudgets(ctx, [scope.campaign])).get(scope.campaign.id) ?? null);
  const figures: Figures = {
    campaignID: scope.campaign.id,
    campaignName: scope.campaign.name,
    start: days.start,
    end: days.end,
    timezone: { offset: zone.offset, tzCode: zone.iana ?? zone.offset },
    granularity: query.granularity,
    withVideoData: withVideo,
    totals: scopeTotals(scope, liveTotals, withVideo, rated),
    series,
    creatives: creativeRows,
    weekHours,
    invalid: invalidOf(invalidRows),
    notServed,
    frequency,
    reach,
    errors: codeCounts(codeRows, 'error'),
    verificationNotExecuted: codeCounts(codeRows, 'verificationNotExecuted'),
    // Conversions received in the range and not counted, and the counted ones' lag (the ledger's).
    invalidConversions: conversions.invalidConversions,
    conversionLag: conversions.conversionLag,
    // The same range and valid events as the totals: its rows, other and unknown add up to them.
    breakdown:
      query.breakdown === undefined || breakdownRows === undefined
        ? null
        : costlessIf(
            costless,
            breakdownOf(
              query.breakdown,
              breakdownRows,
              ctx.traffic.countryDatabase,
              booked,
              conversionCurrency,
            ),
          ),
    rate: booked,
    ...(costless ? { includeCosts: false } : {}),
    conversionCurrency,
    goal,
    pacing: pacings?.get(scope.campaign.id) ?? null,
    budget,
    dataPulledAt: new Date().toISOString(),
  };
  return {
    figures,
    range: { from, to },
    conversionCurrency,
    creatives,
    invalidRows,
    creativePeriods:
      periodRows === undefined
        ? new Map()
        : creativePeriodsOf(periodRows, creatives, periods, typeOfLive, rated, withVideo),
  };
}

/** The report's summary: its live creatives' totals over the range, summed and rated. */
function scopeTotals(
  scope: ReportScope,
  liveTotals: ReadonlyMap<string, EventCounters>,
  withVideo: boolean,
  rated: (counters: ReportCounters, completes: number) => ReportTotals,
): ReportTotals {
  const lives = scope.lives.filter((live) => liveTotals.has(live.id));
  const counters = lives.map((live) =>
    reportCounters(liveTotals.get(live.id) as EventCounters, withVideo, live.snapshot.type),
  );
  return rated(
    sumCounters(counters, withVideo),
    completesOf(lives.map((live) => liveTotals.get(live.id) as EventCounters)),
  );
}

/**
 * The summary alone (a report's `totals`), read and rated as the report reads and rates it: for the
 * advertiser report, which shows it for each of an advertiser's campaigns (advertiser-report.ts).
 */
export async function reportSummary(
  ctx: Context,
  scope: ReportScope,
  query: Omit<FiguresQuery, 'granularity' | 'breakdown'>,
  conversionCurrency: string | null,
): Promise<ReportTotals> {
  const resolved = resolveReportWindow(query, 'day');
  if ('problem' in resolved) throw ApiError.of(400, resolved.problem);
  const { zone, from, to } = resolved;
  const bannerIds = scope.lives.filter((live) => live.snapshot.type === 'Banner').map((live) => live.id);
  const campaignId = scope.wholeCampaign === true ? scope.campaign.id : undefined;
  const { totals } = await readReportRows(
    ctx.events.store,
    scope.lives.map((live) => live.id),
    from,
    to,
    zone,
    'day',
    { bannerIds, campaignId },
  );
  const rated = ratedWith(scope.campaign.body.data?.rate ?? null, query.withVideoData, conversionCurrency);
  return scopeTotals(scope, totals, query.withVideoData, rated);
}

/** A breakdown without its cost figures when the report shows none (reports/costs.ts). */
const costlessIf = (costless: boolean, breakdown: Breakdown): Breakdown =>
  costless ? breakdownWithoutCosts(breakdown) : breakdown;

/** Each creative's figures by period (a file's or a mail's rows), every period present. */
function creativePeriodsOf(
  rows: readonly PeriodRow[],
  creatives: readonly { id: string; liveIDs: string[] }[],
  periods: readonly string[],
  typeOfLive: ReadonlyMap<string, CreativeType>,
  rated: (counters: ReportCounters, completes: number) => ReportTotals,
  withVideo: boolean,
) {
  const byLivePeriod = new Map<string, { counters: ReportCounters; completes: number }>();
  for (const row of rows)
    byLivePeriod.set(`${row.liveId}|${row.period}`, {
      counters: reportCounters(row, withVideo, typeOfLive.get(row.liveId) ?? 'Banner'),
      completes: row.videoCompletes,
    });
  return new Map(
    creatives.map((creative) => [
      creative.id,
      new Map(
        periods.map((period) => {
          const cells = creative.liveIDs.flatMap((id) => byLivePeriod.get(`${id}|${period}`) ?? []);
          return [
            period,
            rated(
              sumCounters(
                cells.map((cell) => cell.counters),
                withVideo,
              ),
              cells.reduce((sum, cell) => sum + cell.completes, 0),
            ),
          ];
        }),
      ),
    ]),
  );
}

/** GET /videoData: the video part of the same figures. */
export async function videoFigures(
  ctx: Context,
  scope: ReportScope,
  query: FiguresQuery,
): Promise<ReportVideoData> {
  const figures = await reportFigures(ctx, scope, { ...query, withVideoData: true });
  return {
    campaignID: figures.campaignID,
    start: figures.start,
    end: figures.end,
    timezone: figures.timezone,
    granularity: figures.granularity,
    totals: videoTotalsOf(figures.totals),
    series: figures.series.map((point) => ({ date: point.date, ...videoTotalsOf(point) })),
    creatives: figures.creatives.map((creative) => ({ ...creative, totals: videoTotalsOf(creative.totals) })),
    dataPulledAt: figures.dataPulledAt,
  };
}
