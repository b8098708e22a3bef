// The campaign list's page as props (docs/console.md, "Signed-in pages drawn by the server"): the frame
// (heading, an admin's Mine / All, New campaign), the search and status, then the table and its pages,
// an empty state, or the list loading or failed. The list page draws it in the browser, with the calls
// and the address behind it (campaign-list.tsx); the server draws it around the list it read
// (server/campaign-list.tsx), so both pages stand alike.
import {
  type Campaign,
  type CampaignList,
  type CampaignListFilter,
  type CampaignSort,
  MESSAGES,
} from '@adconsole/domain';
import { Button, EmptyState, Pagination } from '@adconsole/ui';
import { ConfirmDelete } from '../../components/confirm-delete';
import { Loaded } from '../../components/loaded';
import { LoadingRows } from '../../components/loading-rows';
import { CampaignListFrame, type CampaignListFrameProps } from './campaign-list-frame';
import { CampaignControls, CampaignTable } from './campaign-table';

export interface CampaignListContentProps {
  views: CampaignListFrameProps['views'];
  /** The list's choices as the address names them; `search` is the box's text, ahead while typing. */
  filter: CampaignListFilter;
  search: string;
  page: number;
  list: { data: CampaignList | undefined; error: unknown };
  onCreate: () => void;
  onFilterChange: (filter: CampaignListFilter) => void;
  /** Clears the search and status (the empty state of a search that matches nothing). */
  onShowEvery: () => void;
  onSort: (sort: CampaignSort) => void;
  onPageChange: (page: number) => void;
  onDelete: (campaign: Campaign) => void;
}

export function CampaignListContent({
  views,
  filter,
  search,
  page,
  list,
  onCreate,
  onFilterChange,
  onShowEvery,
  onSort,
  onPageChange,
  onDelete,
}: CampaignListContentProps) {
  const filtered = filter.q !== undefined || filter.status !== undefined;
  return (
    <CampaignListFrame views={views} actions={<Button onClick={onCreate}>New campaign</Button>}>
      <CampaignControls filter={{ ...filter, q: search }} onFilterChange={onFilterChange} />
      <Loaded
        data={list.data}
        error={list.error}
        errorText={MESSAGES.campaignsNotLoaded}
        loading={<LoadingRows label="Loading campaigns" rowClassName="h-10" />}
      >
        {(loaded) =>
          loaded.campaigns.length === 0 && filtered ? (
            <EmptyState
              title="No campaign matches"
              description="Nothing of your campaigns matches this search and status."
              action={
                <Button variant="outline" onClick={onShowEvery}>
                  Show every campaign
                </Button>
              }
            />
          ) : loaded.campaigns.length === 0 ? (
            <EmptyState
              title="No campaigns yet"
              description="Create a campaign, add creatives to it and get their ad tags."
              action={<Button onClick={onCreate}>Create your first campaign</Button>}
            />
          ) : (
            <>
              <CampaignTable
                campaigns={loaded.campaigns}
                filter={filter}
                onSort={onSort}
                actions={(campaign) => (
                  <ConfirmDelete
                    name={campaign.name}
                    what="campaign"
                    consequence="The campaign, its creatives and their ad tags stop working. This cannot be undone."
                    onConfirm={() => onDelete(campaign)}
                  />
                )}
              />
              {loaded.pages > 1 ? (
                <Pagination page={page} pageCount={loaded.pages} onPageChange={onPageChange} />
              ) : null}
            </>
          )
        }
      </Loaded>
    </CampaignListFrame>
  );
}
