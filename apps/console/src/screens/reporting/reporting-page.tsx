// The reporting routes (docs/product.md §2): /campaigns/{campaignID}/reporting(/creative/{creativeID}) for
// the signed-in owner, /share/{shareToken}(/creative/{creativeID}) for anyone with a share link. One
// screen: the reporting menu beside the report. The campaign summary's report lists the creatives (with
// their live ids, removed versions included), so a creative's report is read by its live ids.

import { breakdownNoun } from '@adconsole/charts';
import {
  ApiError,
  breakdownIsEmptyFor,
  breakdownOf,
  DEFAULT_CAMPAIGN_TIMEZONE,
  errorMessage,
  flightReportingDates,
  hourlyAllowed,
  isSharedToken,
  MESSAGES,
  previousReportPeriod,
  previousRequest,
  type ReportCreative,
  type ReportFileFormat,
  reportDaysOf,
  reportHasVideo,
  reportingSearch,
  reportWillHaveVideo,
  sendNowOutcome,
} from '@adconsole/domain';
import type { ReportExportFormValues } from '@adconsole/forms';
import { Button, EmptyState, notify, useCompactLayout } from '@adconsole/ui';
import { LinkIcon } from 'lucide-react';
import { useDeferredValue, useEffect, useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { renderRouterLink } from '../../components/router-link';
import { afterFirstPaint } from '../../lib/after-paint';
import { printPage, usePrinting } from '../../lib/printing';
import { useCampaign } from '../campaigns/campaign-queries';
import { loadReportCode } from './report-code';
import {
  downloadReport,
  type ReportSource,
  reportRequest,
  useBreakdown,
  useReport,
  useSchedules,
  useShareLinks,
} from './report-queries';
import { ReportView } from './report-view';
import { ReportingBar } from './reporting-bar';
import { ReportingLayout } from './reporting-layout';
import { ReportingMenu } from './reporting-menu';
import { useReportingState } from './use-reporting-state';

export function CampaignReportingPage() {
  const { campaignID = '', creativeID } = useParams();
  const campaign = useCampaign(campaignID);
  const now = useMemo(() => new Date(), []);
  const flight = campaign.data
    ? flightReportingDates({ start: campaign.data.data.start?.date, end: campaign.data.data.end?.date }, now)
    : undefined;
  // Known before the report: whether it will have video (its tiles' placeholders are as many as its tiles).
  const expectVideo = campaign.data ? reportWillHaveVideo(campaign.data.creatives, creativeID) : undefined;
  // The report is read in the campaign's zone unless the URL names one (docs/reports.md, "The report's
  // zone"): without one it waits for the campaign (or its failure: then the last zone chosen).
  const [params] = useSearchParams();
  const zoneNamed = params.has('zone') || params.has('tz');
  return (
    <ReportingScreen
      source={{ kind: 'campaign', campaignID }}
      campaignTimezone={
        campaign.data ? (campaign.data.data.timezone ?? DEFAULT_CAMPAIGN_TIMEZONE) : undefined
      }
      zoneKnown={zoneNamed || campaign.data !== undefined || campaign.isError}
      creativeID={creativeID}
      basePath={`/campaigns/${campaignID}/reporting`}
      flight={flight}
      now={now}
      expectVideo={expectVideo}
    />
  );
}

export function SharedReportingPage() {
  const { shareToken = '', creativeID } = useParams();
  const now = useMemo(() => new Date(), []);
  // Shared-report requests are made for share tokens only (docs/product.md §5: longer than 24 characters).
  if (!isSharedToken(shareToken)) return <ShareLinkGone message={MESSAGES.shareLinkInvalid} />;
  return (
    <ReportingScreen
      source={{ kind: 'share', token: shareToken }}
      campaignTimezone="UTC"
      zoneKnown
      creativeID={creativeID}
      basePath={`/share/${shareToken}`}
      now={now}
    />
  );
}

/** The widest window where the menu stands below the report: under Tailwind's lg (1024 px), as the grid says. */
const STACKED_MAX_WIDTH = 1023;

type ScreenProps = {
  source: ReportSource;
  creativeID: string | undefined;
  /** The summary's path; a creative's report is under `${basePath}/creative/{id}`. */
  basePath: string;
  flight?: ReturnType<typeof flightReportingDates>;
  now: Date;
  /** Whether the report will have video, when the campaign says so before the report arrives. */
  expectVideo?: boolean | undefined;
  /** The campaign's zone, the report's when the URL names none; undefined while unknown. */
  campaignTimezone: string | undefined;
  /** Whether the report's zone is known (the URL names one, or the campaign is in): nothing is asked before. */
  zoneKnown: boolean;
};

function ReportingScreen({
  source,
  creativeID,
  basePath,
  flight,
  now,
  expectVideo,
  campaignTimezone,
  zoneKnown,
}: ScreenProps) {
  const { state, change, search } = useReportingState(now, campaignTimezone);
  const [params, setParams] = useSearchParams();
  const printing = usePrinting();
  const stacked = useCompactLayout(STACKED_MAX_WIDTH);

  // Beside the side rail the first chart is on the first screen: its code loads once the heading and
  // tiles are on screen, while the figures load. On a phone each file waits until a section that draws
  // it comes near (report-code.tsx).
  useEffect(
    () => (stacked ? undefined : afterFirstPaint(() => void loadReportCode('charts').catch(() => undefined))),
    [stacked],
  );

  // A report link is bookmarkable: the URL always names its range and zone.
  useEffect(() => {
    if (zoneKnown && (!params.get('start') || !params.get('end'))) {
      setParams(reportingSearch(state), { replace: true });
    }
  }, [params, setParams, state, zoneKnown]);

  const summaryRequest = zoneKnown ? reportRequest(source, state) : undefined;
  const summary = useReport(summaryRequest);
  const creative = creativeID ? summary.data?.creatives.find((entry) => entry.id === creativeID) : undefined;
  // A creative without live creatives has no live ids: the domain refuses it with 'No live ids set'.
  const creativeRequest =
    creativeID && summary.isSuccess ? reportRequest(source, state, creative?.liveIDs ?? []) : undefined;
  const creativeReport = useReport(creativeRequest);
  const main = creativeID ? creativeReport : summary;
  const mainRequest = creativeID ? creativeRequest : summaryRequest;
  const previous = useReport(main.isSuccess && mainRequest ? previousRequest(mainRequest) : undefined);
  // The chosen tab's breakdown, asked once the figures are in (a creative's by its live ids); a report
  // that counts nothing has an empty one, known without asking.
  const nothingToBreakDown = main.isSuccess && breakdownIsEmptyFor(main.data.totals);
  const breakdown = useBreakdown(
    main.isSuccess && main.data.creatives.length > 0 && !nothingToBreakDown ? mainRequest : undefined,
    state.breakdown,
  );

  const owner = source.kind === 'campaign' ? source.campaignID : undefined;
  const shareLinks = useShareLinks(owner ?? '');
  const schedules = useSchedules(owner ?? '');

  // The figures are drawn in a transition, which React renders in slices of a few milliseconds: the
  // report's body is hundreds of milliseconds of rendering on a phone, and in one task it would hold
  // the page still (Lighthouse's TBT). The loading state stays until the figures are drawn.
  const report = useDeferredValue(main.data);

  if (source.kind === 'share' && summary.isError && isGone(summary.error)) {
    return <ShareLinkGone message={errorMessage(summary.error, MESSAGES.shareLinkInvalid)} />;
  }

  const creativeHref = (entry: Pick<ReportCreative, 'id'>) => `${basePath}/creative/${entry.id}${search}`;
  const status = main.isError || summary.isError ? 'error' : main.isSuccess && report ? 'ready' : 'loading';
  const error = main.error ?? summary.error;
  const exportReport = async ({ format, withVideo, withBreakdown }: ReportExportFormValues) => {
    if (format === 'pdf') return printPage();
    if (mainRequest) {
      const dimension = withBreakdown ? state.breakdown : undefined;
      await downloadReport(mainRequest, format as ReportFileFormat, withVideo, dimension);
    }
  };

  const menu = (onDatesChosen?: () => void) => (
    <ReportingMenu
      state={state}
      onChange={change}
      onDatesChosen={onDatesChosen}
      now={now}
      flight={flight ?? undefined}
      summaryHref={`${basePath}${search}`}
      creatives={(summary.data?.creatives ?? []).map((entry) => ({
        id: entry.id,
        name: entry.name,
        type: entry.type,
        href: creativeHref(entry),
      }))}
      activeCreativeID={creativeID}
      onExport={exportReport}
      exportDisabled={!main.isSuccess}
      breakdownLabel={breakdownNoun(state.breakdown)}
      owner={
        owner && summary.data
          ? {
              campaignID: owner,
              shareLinks: {
                tokens: summary.data.reportToken,
                onCreate: (link) => shareLinks.create.mutateAsync(link).catch(() => undefined),
                onRevoke: (token) => shareLinks.revoke.mutateAsync(token).catch(() => undefined),
                creating: shareLinks.create.isPending,
                revoking: shareLinks.revoke.isPending ? shareLinks.revoke.variables : undefined,
              },
              schedules: summary.data.scheduledReports,
              onSchedule: async (body) => {
                // A campaign with video gets the video figures in its mailed reports too.
                await schedules.create.mutateAsync({
                  ...body,
                  withVideo: reportHasVideo(summary.data),
                });
              },
              onDeleteSchedule: (id) =>
                schedules.remove.mutateAsync(id).then(
                  () => undefined,
                  (failure) => notifyFailure(MESSAGES.scheduleNotDeleted, failure),
                ),
              onSendNow: (id) =>
                schedules.sendNow.mutateAsync(id).then(
                  (sent) => {
                    const outcome = sendNowOutcome(sent);
                    notify({ type: outcome.tone, title: outcome.title, text: outcome.text });
                  },
                  (failure) => notifyFailure(MESSAGES.reportNotSent, failure),
                ),
            }
          : undefined
      }
      renderLink={renderRouterLink}
    />
  );

  return (
    <ReportingLayout rail={stacked ? undefined : menu()}>
      {/* Beside the report the menu is its side rail; below that width a bar under the report's heading
          opens it in a sheet (reporting-bar.tsx): what changes the report comes first, and the menu,
          which grows as the creatives, share links and schedules arrive, never pushes the report down. */}
      <ReportView
        status={status}
        controls={stacked ? <ReportingBar menu={menu} sharing={owner !== undefined} /> : undefined}
        report={report}
        previous={previous.data?.totals}
        previousLoading={main.isSuccess && previous.isPending}
        previousDays={report ? previousReportPeriod(reportDaysOf(state.dates)) : undefined}
        error={error ? errorMessage(error, MESSAGES.pleaseTryAgain) : undefined}
        onCancel={() => {
          summary.cancel();
          creativeReport.cancel();
        }}
        onRetry={() => {
          if (summary.isError) void summary.refetch();
          else void main.refetch();
        }}
        expectVideo={
          creativeID && summary.data
            ? reportWillHaveVideo(summary.data.creatives, creativeID)
            : (expectVideo ?? (summary.data ? reportHasVideo(summary.data) : undefined))
        }
        title={creativeID ? (creative?.name ?? 'Creative') : 'Campaign summary'}
        zoneLabel={state.timezone.label}
        unit={state.unit}
        onUnitChange={(unit) => change({ unit })}
        hourlyAllowed={hourlyAllowed(state.dates)}
        scope={creativeID ? 'creative' : 'campaign'}
        creativeHref={creativeHref}
        renderLink={renderRouterLink}
        emptyAction={
          owner ? (
            <Button asChild variant="secondary">
              <Link to={`/campaigns/${owner}`}>Open the campaign</Link>
            </Button>
          ) : undefined
        }
        breakdown={{
          dimension: state.breakdown,
          onDimensionChange: (dimension) => change({ breakdown: dimension }),
          status: nothingToBreakDown
            ? 'ready'
            : breakdown.isError
              ? 'error'
              : breakdown.isSuccess
                ? 'ready'
                : 'loading',
          breakdown: nothingToBreakDown ? breakdownOf(state.breakdown, []) : breakdown.data,
          error: breakdown.error ? errorMessage(breakdown.error, MESSAGES.pleaseTryAgain) : undefined,
          onRetry: () => void breakdown.refetch(),
        }}
        printing={printing}
        deferOffscreen
      />
    </ReportingLayout>
  );
}

function notifyFailure(title: string, failure: unknown) {
  notify({ type: 'danger', title, text: errorMessage(failure, MESSAGES.pleaseTryAgain) });
}

/** An unknown, revoked or expired share link (404), as opposed to a failure worth retrying. */
const isGone = (error: unknown) => error instanceof ApiError && error.status === 404;

function ShareLinkGone({ message }: { message: string }) {
  return (
    <EmptyState
      className="mt-12"
      icon={<LinkIcon aria-hidden="true" />}
      title="This report link no longer works"
      description={`${message} Ask whoever shared it for a new link.`}
    />
  );
}
