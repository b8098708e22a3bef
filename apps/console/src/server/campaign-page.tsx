// The campaign page drawn by the server (docs/console.md, "Signed-in pages drawn by the server"):
// `/campaigns/{id}` opened by its address arrives drawn in the signed-in frame with its first screen (the
// header and the owner's actions, the lifetime figures, the goal, the budget, the creatives) from the
// campaign call's answer, and the owner's cards below it waiting, as the console's first drawing shows
// them. No console code runs until the reader touches the page or comes near those cards; the console
// then replaces the drawing where it stood and draws the cards.
import { campaignSchema } from '@adconsole/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { BulkUploadAction } from '../screens/campaigns/bulk-upload-action';
import { CampaignFirstScreen } from '../screens/campaigns/campaign-first-screen';
import { CampaignOwnerCardsPlaceholder } from '../screens/campaigns/campaign-owner-cards-placeholder';
import { CampaignTagsDownload } from '../screens/campaigns/campaign-tags-download';
import { STATIC_CHART_WIDTH } from './chart-widths';
import { DrawnFrame, type DrawnFrameView } from './drawn-frame';
import { nothing, scalableCharts } from './drawn-report';

export interface CampaignPageView extends DrawnFrameView {
  /** The campaign call's answer, as it travels (a Campaign). */
  campaign: unknown;
}

/** The page's view as HTML, or undefined when the campaign does not read as the contract says. */
export function renderCampaignPage({ campaign, ...view }: CampaignPageView): string | undefined {
  const parsed = campaignSchema.safeParse(campaign);
  if (!parsed.success) return undefined;
  const data = parsed.data;
  const pathname = `/campaigns/${data.id}`;
  const html = renderToString(
    <StaticRouter location={pathname}>
      {/* The bulk upload's button keeps its call's state; nothing is asked for while drawing. */}
      <QueryClientProvider client={new QueryClient()}>
        <DrawnFrame view={view} pathname={pathname} campaign={data}>
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
                view.phone ? STATIC_CHART_WIDTH.campaignGoal.phone : STATIC_CHART_WIDTH.campaignGoal.wide
              }
            />
            <CampaignOwnerCardsPlaceholder />
          </div>
        </DrawnFrame>
      </QueryClientProvider>
    </StaticRouter>,
  );
  return scalableCharts(html);
}
