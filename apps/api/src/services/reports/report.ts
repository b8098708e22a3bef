// The report calls (docs/product.md §7, "Reports"): figures as JSON (with the campaign's share links and
// schedules for its owner), their event and video parts, and the downloads; for a signed-in user or a
// share link's holder (who never sees share links, schedules or anything outside the campaign).
import type {
  ReportData,
  ReportEvents,
  ReportFileFormat,
  ReportVideoData,
  ShareReportsQuery,
} from '@adconsole/domain';
import type { Context } from '../../context';
import { listSchedules } from '../../db/queries/schedules';
import type { SessionUser } from '../identity/sessions';
import { checkDownloadRange, limitedDownload, requestKey } from './download-limits';
import { storeReportDownload } from './downloads';
import { type FiguresQuery, reportFigures, reportFiguresWithRows, videoFigures } from './figures';
import { type ReportScope, shareScope, userScope } from './scope';
import { listShareTokens } from './share';

type ReportQuery = FiguresQuery & { type: 'json' | ReportFileFormat; liveIDs?: string[] | undefined };

async function answerReport(
  ctx: Context,
  scope: ReportScope,
  query: ReportQuery,
  reader: { userId?: string; shareToken?: string },
): Promise<ReportData | { file: string }> {
  if (query.type !== 'json') {
    const format = query.type;
    checkDownloadRange(format, query);
    const caller = reader.shareToken ? `token:${reader.shareToken}` : `user:${reader.userId}`;
    const key = requestKey(caller, {
      campaign: scope.campaign.id,
      lives: scope.lives.map((live) => live.id).sort(),
      start_dt: query.start_dt,
      end_dt: query.end_dt,
      tzOffset: query.tzOffset,
      timezone: query.timezone,
      granularity: query.granularity,
      withVideoData: query.withVideoData,
      breakdown: query.breakdown,
      format,
    });
    return limitedDownload(ctx, caller, key, async () =>
      storeReportDownload(ctx, await reportFiguresWithRows(ctx, scope, query, format), format, reader),
    );
  }
  const figures = await reportFigures(ctx, scope, query);
  if (scope.shareToken || scope.client) return { ...figures, reportToken: [], scheduledReports: [] };
  const [reportToken, scheduledReports] = await Promise.all([
    listShareTokens(ctx, ctx.db, scope.campaign.id),
    listSchedules(ctx.db, [scope.campaign.id]),
  ]);
  return { ...figures, reportToken, scheduledReports };
}

export async function campaignReport(
  ctx: Context,
  user: SessionUser,
  query: ReportQuery & { campaignID?: string | undefined },
) {
  return answerReport(ctx, await userScope(ctx.db, user, query), query, { userId: user.id });
}

export async function campaignEvents(
  ctx: Context,
  user: SessionUser,
  query: ReportQuery & { campaignID?: string | undefined },
): Promise<ReportEvents> {
  return reportFigures(ctx, await userScope(ctx.db, user, query), { ...query, withVideoData: false });
}

export async function campaignVideoData(
  ctx: Context,
  user: SessionUser,
  query: ReportQuery & { campaignID?: string | undefined },
): Promise<ReportVideoData> {
  return videoFigures(ctx, await userScope(ctx.db, user, query), query);
}

export async function sharedReport(ctx: Context, query: ShareReportsQuery) {
  return answerReport(ctx, await shareScope(ctx.db, query.sharedToken, query.liveIDs), query, {
    shareToken: query.sharedToken,
  });
}

export async function sharedEvents(ctx: Context, query: ShareReportsQuery): Promise<ReportEvents> {
  return reportFigures(ctx, await shareScope(ctx.db, query.sharedToken, query.liveIDs), {
    ...query,
    withVideoData: false,
  });
}

export async function sharedVideoData(ctx: Context, query: ShareReportsQuery): Promise<ReportVideoData> {
  return videoFigures(ctx, await shareScope(ctx.db, query.sharedToken, query.liveIDs), query);
}
