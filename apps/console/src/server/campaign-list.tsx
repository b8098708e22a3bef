// The campaign list drawn by the server (docs/console.md, "Signed-in pages drawn by the server"):
// `/campaigns` opened by its address arrives drawn in the signed-in frame, the page the list call answers
// for its address (its view, page, search, status and order), so a phone reads it before any console
// code has run. The console, started by the reader's first touch, replaces it where it stood.
import { type CampaignListFilter, type CampaignListView, campaignListSchema } from '@adconsole/domain';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { CampaignListContent } from '../screens/campaigns/campaign-list-content';
import { DrawnFrame, type DrawnFrameView } from './drawn-frame';
import { nothing } from './drawn-report';

export interface CampaignListPageView extends DrawnFrameView {
  /** The list call's answer for the page, as it travels (a CampaignList). */
  list: unknown;
  view: CampaignListView;
  page: number;
  filter: CampaignListFilter;
  /** The page's address (path and query): the router's location for the table's links. */
  location: string;
}

/** The page's view as HTML, or undefined when the list does not read as the contract says. */
export function renderCampaignList({
  list,
  view,
  page,
  filter,
  location,
  ...frame
}: CampaignListPageView): string | undefined {
  const parsed = campaignListSchema.safeParse(list);
  if (!parsed.success) return undefined;
  return renderToString(
    <StaticRouter location={location}>
      <DrawnFrame view={frame} pathname="/campaigns">
        <CampaignListContent
          views={frame.user.role === 'admin' ? { view, onViewChange: nothing } : undefined}
          filter={filter}
          search={filter.q ?? ''}
          page={page}
          list={{ data: parsed.data, error: undefined }}
          onCreate={nothing}
          onFilterChange={nothing}
          onShowEvery={nothing}
          onSort={nothing}
          onPageChange={nothing}
          onDelete={nothing}
        />
      </DrawnFrame>
    </StaticRouter>,
  );
}
