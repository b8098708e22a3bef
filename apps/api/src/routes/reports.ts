// Report calls (docs/product.md §7, "Reports"): declarations; the work is in services/reports.
import { contract, MESSAGES } from '@adconsole/domain';
import { defineRoute } from '../http/routes';
import { dashboard } from '../services/reports/dashboard';
import * as report from '../services/reports/report';
import * as schedules from '../services/reports/schedules';
import * as share from '../services/reports/share';

const figures =
  'The date parts of start_dt and end_dt name local calendar days in the zone (`timezone`, an IANA zone whose day boundaries follow daylight saving, or else the fixed `tzOffset`), both included. `granularity` full or day gives a series by local day, hour by local hour (ranges up to 31 days); every period is present, zeros included. `breakdown` (site, device, os, browser or country) adds data.breakdown: the top 50 values by impressions, then other and unknown, adding up exactly to the totals (valid traffic only); a download then carries it too (an XLSX without it carries all five).';
const rangeErrors = `'${MESSAGES.noLiveIdsSet}', '${MESSAGES.hourlyReportTooLong}' or '${MESSAGES.reportRangeTooLong}'`;

export const reportRoutes = [
  defineRoute({
    call: contract.dashboard,
    access: 'user',
    clients: 'read',
    summary:
      "The dashboard: all of the signed-in user's campaigns over a range, with the period before, a daily series, the top campaigns by impressions and the most recently updated.",
    description:
      'The date parts of start_dt and end_dt name local calendar days in the zone (`timezone`, an IANA zone, or else the fixed `tzOffset`), both included. The series has every local day, zeros included; previousTotals cover the same number of days just before.',
    tag: 'Reports',
    errors: { 400: `'${MESSAGES.reportRangeTooLong}' or start_dt after end_dt` },
    handler: ({ input, user, ctx }) => dashboard(ctx, user, input),
  }),
  defineRoute({
    call: contract.campaignReport,
    access: 'user',
    clients: 'read',
    summary:
      "A campaign's report (or a creative's, by liveIDs): figures as JSON, or a csv / xlsx / xlsx-pivot file.",
    description: `${figures} With type json the answer carries the campaign's share links (reportToken) and schedules; with a file type it is {file}, fetched by its owner under /api/uploads/{file} within 24 hours.`,
    tag: 'Reports',
    errors: {
      400: rangeErrors,
      404: `${MESSAGES.campaignNotFound} / ${MESSAGES.liveCreativesNotFound} (also when not yours)`,
    },
    handler: ({ input, user, ctx }) => report.campaignReport(ctx, user, input),
  }),
  defineRoute({
    call: contract.campaignEvents,
    access: 'user',
    clients: 'read',
    summary: 'The event figures of a report: impressions, viewability, engagement and clicks.',
    description: figures,
    tag: 'Reports',
    errors: { 400: rangeErrors, 404: MESSAGES.campaignNotFound },
    handler: ({ input, user, ctx }) => report.campaignEvents(ctx, user, input),
  }),
  defineRoute({
    call: contract.campaignVideoData,
    access: 'user',
    clients: 'read',
    summary: 'The video figures of a report: starts, quartiles, completes and the completion rate.',
    description: figures,
    tag: 'Reports',
    errors: { 400: rangeErrors, 404: MESSAGES.campaignNotFound },
    handler: ({ input, user, ctx }) => report.campaignVideoData(ctx, user, input),
  }),
  defineRoute({
    call: contract.shareReport,
    access: 'public',
    perIpLimit: 600,
    perIdentityLimit: { max: 600, by: 'sharedToken' },
    summary: "A shared campaign report, by its share link's token (no sign-in): figures or a download.",
    description: `${figures} Limited to the link's campaign (liveIDs narrow it to some of its live creatives); never shows share links, schedules or the owner. A download's file is fetched with ?sharedToken=.`,
    tag: 'Reports',
    errors: { 400: rangeErrors, 404: MESSAGES.shareLinkInvalid },
    handler: ({ input, ctx }) => report.sharedReport(ctx, input),
  }),
  defineRoute({
    call: contract.shareEvents,
    access: 'public',
    perIpLimit: 600,
    perIdentityLimit: { max: 600, by: 'sharedToken' },
    summary: 'The event figures of a shared report.',
    tag: 'Reports',
    errors: { 404: MESSAGES.shareLinkInvalid },
    handler: ({ input, ctx }) => report.sharedEvents(ctx, input),
  }),
  defineRoute({
    call: contract.shareVideoData,
    access: 'public',
    perIpLimit: 600,
    perIdentityLimit: { max: 600, by: 'sharedToken' },
    summary: 'The video figures of a shared report.',
    tag: 'Reports',
    errors: { 404: MESSAGES.shareLinkInvalid },
    handler: ({ input, ctx }) => report.sharedVideoData(ctx, input),
  }),
  defineRoute({
    call: contract.newToken,
    audit: 'shareLink',
    access: 'user',
    summary: "A new share link of a campaign's report: {url, token, createdAt, expiresAt, includeCosts}.",
    description:
      "The token is 256 random bits (43 characters); the url is <PUBLIC_URL>/share/<token>. A campaign can have several; `expiresAt` (optional) ends one by itself. `includeCosts` (default false) says whether the link's report shows spend, eCPM, eCPC, CPCV, conversion value, cost per conversion, ROAS and the booked rate; without, its answers, page and downloads leave every one out and answer `includeCosts: false`. They are listed in the report answer (reportToken).",
    tag: 'Reports',
    errors: {
      400: `'${MESSAGES.noData}', expiresAt in the past or includeCosts not true or false`,
      404: MESSAGES.campaignNotFound,
    },
    handler: ({ input, user, ctx }) => share.newShareToken(ctx, user, input),
  }),
  defineRoute({
    call: contract.revokeToken,
    audit: 'shareLink',
    access: 'user',
    summary: 'Revoke a share link: it stops working at once (beyond the original list of calls).',
    description: '`token` in the query.',
    tag: 'Reports',
    errors: { 404: MESSAGES.shareLinkNotFound },
    handler: ({ input, user, ctx }) => share.revokeShareToken(ctx, user, input.token),
  }),
  defineRoute({
    call: contract.createScheduledReport,
    audit: 'schedule',
    access: 'user',
    summary:
      'Schedule a report mailed to recipients: Daily, Weekly, Monthly or On campaign end, at 08:00 in its zone.',
    description:
      'Daily covers yesterday; Weekly (Mondays) the last Monday to Sunday; Monthly (the 1st) last month; On campaign end (the day after the end date) the whole flight. Summary is totals and the per-creative table; Full adds the daily series and video data. Formats: pdf (rendered on the server with the charts), csv, xlsx, xlsx-pivot. Answers the schedule with nextRunAt.',
    tag: 'Reports',
    errors: { 400: MESSAGES.noData, 404: MESSAGES.campaignNotFound },
    handler: ({ input, user, ctx }) => schedules.createSchedule(ctx, user, input),
  }),
  defineRoute({
    call: contract.deleteScheduledReport,
    audit: 'schedule',
    access: 'user',
    summary: 'Delete a scheduled report.',
    description: '`id` in the query.',
    tag: 'Reports',
    errors: { 404: MESSAGES.scheduleNotFound },
    handler: ({ input, user, ctx }) => schedules.deleteSchedule(ctx, user, input.id),
  }),
  defineRoute({
    call: contract.sendScheduledReport,
    audit: { none: "Mails the report now; each recipient's delivery is kept on the schedule." },
    access: 'user',
    perIdentityLimit: { max: 60, by: 'user' },
    summary: 'Send a scheduled report now: its last complete period, mailed to its recipients.',
    tag: 'Reports',
    errors: {
      400: MESSAGES.nothingToSend,
      404: MESSAGES.scheduleNotFound,
      409: `${MESSAGES.accountDisabledSendsNothing} (an administrator sending the report of a disabled account's campaign)`,
    },
    handler: ({ input, user, ctx }) => schedules.sendScheduleNow(ctx, user, input.id),
  }),
];
