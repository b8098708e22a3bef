// The campaign page drawn by the server (docs/console.md, "The campaign page drawn by the server"):
// `/campaigns/{id}` opened by its address arrives drawn in the signed-in frame with its first screen (the
// header and the owner's actions, the lifetime figures, the goal, the budget, the creatives) from the
// campaign call's answer, and the owner's cards below it waiting, as the console's first drawing shows
// them. No console code runs until the reader touches the page or comes near those cards; the console
// then replaces the drawing where it stood and draws the cards.
import { type Alert, campaignSchema, type UserRole } from '@adconsole/domain';
import { Breadcrumbs, renderAnchor } from '@adconsole/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppFrame } from '../routes/app-frame';
import { pageCrumbs } from '../routes/breadcrumbs';
import { AlertBell } from '../screens/alerts/alert-bell';
import { BulkUploadAction } from '../screens/campaigns/bulk-upload-action';
import { CampaignFirstScreen } from '../screens/campaigns/campaign-first-screen';
import { CampaignOwnerCardsPlaceholder } from '../screens/campaigns/campaign-owner-cards-placeholder';
import { CampaignTagsDownload } from '../screens/campaigns/campaign-tags-download';
import { STATIC_CHART_WIDTH } from './chart-widths';
import { nothing, scalableCharts } from './drawn-report';

export interface CampaignPageView {
  /** The campaign call's answer, as it travels (a Campaign). */
  campaign: unknown;
  companyName: string;
  /** The page's clock, ISO (the footer's year, the flight's state). */
  now?: string | undefined;
  phone?: boolean | undefined;
  /** The bell's open alerts, as the alerts call answers them. */
  alerts: readonly unknown[];
  user: { role: UserRole; name: string };
}

/** The page's view as HTML, or undefined when the campaign does not read as the contract says. */
export function renderCampaignPage({
  campaign,
  companyName,
  now,
  phone,
  alerts,
  user,
}: CampaignPageView): string | undefined {
  const parsed = campaignSchema.safeParse(campaign);
  if (!parsed.success) return undefined;
  const data = parsed.data;
  const pathname = `/campaigns/${data.id}`;
  const html = renderToString(
    <StaticRouter location={pathname}>
      {/* The bulk upload's button keeps its call's state; nothing is asked for while drawing. */}
      <QueryClientProvider client={new QueryClient()}>
        <AppFrame
          role={user.role}
          pathname={pathname}
          compact={phone === true}
          companyName={companyName}
          breadcrumbs={<Breadcrumbs oneLine items={pageCrumbs(pathname, data)} renderLink={renderAnchor} />}
          bell={<AlertBell alerts={alerts as Alert[]} renderLink={renderAnchor} />}
          theme="light"
          onThemeChange={nothing}
          user={{ name: user.name, href: '/profile' }}
          renderLink={renderAnchor}
          now={now ? new Date(now) : new Date()}
        >
          <div className="grid grid-cols-1 gap-6">
            <CampaignFirstScreen
              campaign={data}
              readOnly={false}
              manage={{
                onEdit: nothing,
                onDuplicate: nothing,
                onPause: nothing,
                onResume: nothing,
                onArchive: nothing,
                onUnarchive: nothing,
                pausePending: false,
                archivePending: false,
                // As the console's first drawing has it, before the campaign's placements are read.
                tags: <CampaignTagsDownload nothingToTag={false} pending={false} onDownload={nothing} />,
                bulkUpload: <BulkUploadAction campaignID={data.id} />,
              }}
              onDuplicateCreative={nothing}
              onDeleteCreative={nothing}
              staticChartWidth={
                phone ? STATIC_CHART_WIDTH.campaignGoal.phone : STATIC_CHART_WIDTH.campaignGoal.wide
              }
            />
            <CampaignOwnerCardsPlaceholder />
          </div>
        </AppFrame>
      </QueryClientProvider>
    </StaticRouter>,
  );
  return scalableCharts(html);
}
