// /campaigns: the user's campaigns ('mine') or, for admins, all campaigns; paginated, searched, filtered
// by status and sorted by the server across every page (the address keeps the choices).

import {
  CAMPAIGN_SORTS,
  CAMPAIGN_STATUSES,
  type CampaignListFilter,
  type CampaignSort,
  type CampaignStatus,
  MESSAGES,
} from '@adconsole/domain';
import { Button, EmptyState, Pagination } from '@adconsole/ui';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ConfirmDelete } from '../../components/confirm-delete';
import { Loaded } from '../../components/loaded';
import { LoadingRows } from '../../components/loading-rows';
import { showError } from '../../lib/notify-error';
import { loadChunk } from '../../routes/lazy-screen';
import { useSession } from '../../session/session';
import { CampaignListFrame } from './campaign-list-frame';
import { type CampaignView, useCampaignList, useDeleteCampaign } from './campaign-queries';
import { CampaignControls, CampaignTable, nextCampaignSort } from './campaign-table';

/** The new campaign dialog's form, fetched when the reader first opens it (docs/console.md, "The campaign pages' first load"). */
const NewCampaignDialog = lazy(() =>
  loadChunk(() => import('./new-campaign-dialog')).then((module) => ({ default: module.NewCampaignDialog })),
);

/** The list's search, status and order as the page's address holds them (shareable, kept on reload). */
function filterOf(params: URLSearchParams): CampaignListFilter {
  const status = params.get('status');
  const sort = params.get('sort');
  const order = params.get('order');
  return {
    ...(params.get('q') ? { q: params.get('q') ?? '' } : {}),
    ...((CAMPAIGN_STATUSES as readonly string[]).includes(status ?? '')
      ? { status: status as CampaignStatus }
      : {}),
    ...((CAMPAIGN_SORTS as readonly string[]).includes(sort ?? '') ? { sort: sort as CampaignSort } : {}),
    ...(order === 'asc' || order === 'desc' ? { order } : {}),
  };
}

export function CampaignListPage() {
  const session = useSession();
  const isAdmin = session?.user.role === 'admin';
  const [params, setParams] = useSearchParams();
  const view: CampaignView = isAdmin && params.get('view') === 'all' ? 'all' : 'mine';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filter = filterOf(params);
  // The search is asked for once typing pauses; the box shows every key at once.
  const [search, setSearch] = useState(filter.q ?? '');
  const list = useCampaignList(view, page, filter);
  const remove = useDeleteCampaign();
  const [creating, setCreating] = useState(false);
  // Its code stays once asked for, so the dialog closes as it opened.
  const [created, setCreated] = useState(false);
  const create = (open: boolean) => {
    setCreating(open);
    if (open) setCreated(true);
  };

  const go = (change: { view?: CampaignView; page?: number; filter?: CampaignListFilter }) => {
    const next = change.filter ?? filter;
    const entries: [string, string][] = [
      ['view', change.view ?? view],
      ['page', String(change.page ?? page)],
      ...(['q', 'status', 'sort', 'order'] as const).flatMap((key): [string, string][] =>
        next[key] ? [[key, String(next[key])]] : [],
      ),
    ];
    setParams(new URLSearchParams(entries), { replace: change.filter !== undefined });
  };
  useEffect(() => {
    if (search === (filter.q ?? '')) return;
    const timer = setTimeout(() => go({ page: 1, filter: { ...filter, q: search } }), 250);
    return () => clearTimeout(timer);
  });
  // The address changed by itself (Back, a link): the box shows its search.
  const addressSearch = filter.q ?? '';
  useEffect(() => setSearch(addressSearch), [addressSearch]);
  const filtered = filter.q !== undefined || filter.status !== undefined;

  return (
    <>
      <CampaignListFrame
        views={isAdmin ? { view, onViewChange: (next) => go({ view: next, page: 1 }) } : undefined}
        actions={<Button onClick={() => create(true)}>New campaign</Button>}
      >
        <CampaignControls
          filter={{ ...filter, q: search }}
          onFilterChange={(next) => {
            if (next.q !== search) setSearch(next.q ?? '');
            if (next.status !== filter.status) go({ page: 1, filter: { ...next, q: filter.q } });
          }}
        />

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
                  <Button
                    variant="outline"
                    onClick={() => {
                      setSearch('');
                      go({ page: 1, filter: { sort: filter.sort, order: filter.order } });
                    }}
                  >
                    Show every campaign
                  </Button>
                }
              />
            ) : loaded.campaigns.length === 0 ? (
              <EmptyState
                title="No campaigns yet"
                description="Create a campaign, add creatives to it and get their ad tags."
                action={<Button onClick={() => create(true)}>Create your first campaign</Button>}
              />
            ) : (
              <>
                <CampaignTable
                  campaigns={loaded.campaigns}
                  filter={filter}
                  onSort={(sort) => go({ page: 1, filter: nextCampaignSort(filter, sort) })}
                  actions={(campaign) => (
                    <ConfirmDelete
                      name={campaign.name}
                      what="campaign"
                      consequence="The campaign, its creatives and their ad tags stop working. This cannot be undone."
                      onConfirm={() =>
                        remove.mutate(campaign.id, { onError: showError(MESSAGES.campaignNotDeleted) })
                      }
                    />
                  )}
                />
                {loaded.pages > 1 ? (
                  <Pagination
                    page={page}
                    pageCount={loaded.pages}
                    onPageChange={(next) => go({ page: next })}
                  />
                ) : null}
              </>
            )
          }
        </Loaded>
      </CampaignListFrame>
      {created ? (
        <Suspense fallback={null}>
          <NewCampaignDialog open={creating} onOpenChange={create} />
        </Suspense>
      ) : null}
    </>
  );
}
