// /campaigns: the user's campaigns ('mine') or, for admins, all campaigns; paginated, searched, filtered
// by status and sorted by the server across every page (the address keeps the choices).

import { type CampaignListFilter, campaignListPageState, MESSAGES } from '@adconsole/domain';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { showError } from '../../lib/notify-error';
import { loadChunk } from '../../routes/lazy-screen';
import { useSession } from '../../session/session';
import { CampaignListContent } from './campaign-list-content';
import { type CampaignView, useCampaignList, useDeleteCampaign } from './campaign-queries';
import { nextCampaignSort } from './campaign-table';

/** The new campaign dialog's form, fetched when the reader first opens it (docs/console.md, "The campaign pages' first load"). */
const NewCampaignDialog = lazy(() =>
  loadChunk(() => import('./new-campaign-dialog')).then((module) => ({ default: module.NewCampaignDialog })),
);

export function CampaignListPage() {
  const session = useSession();
  const isAdmin = session?.user.role === 'admin';
  const [params, setParams] = useSearchParams();
  // The list's choices as the page's address holds them (shareable, kept on reload).
  const { view, page, filter } = campaignListPageState(params, isAdmin);
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

  return (
    <>
      <CampaignListContent
        views={isAdmin ? { view, onViewChange: (next) => go({ view: next, page: 1 }) } : undefined}
        filter={filter}
        search={search}
        page={page}
        list={list}
        onCreate={() => create(true)}
        onFilterChange={(next) => {
          if (next.q !== search) setSearch(next.q ?? '');
          if (next.status !== filter.status) go({ page: 1, filter: { ...next, q: filter.q } });
        }}
        onShowEvery={() => {
          setSearch('');
          go({ page: 1, filter: { sort: filter.sort, order: filter.order } });
        }}
        onSort={(sort) => go({ page: 1, filter: nextCampaignSort(filter, sort) })}
        onPageChange={(next) => go({ page: next })}
        onDelete={(campaign) =>
          remove.mutate(campaign.id, { onError: showError(MESSAGES.campaignNotDeleted) })
        }
      />
      {created ? (
        <Suspense fallback={null}>
          <NewCampaignDialog open={creating} onOpenChange={create} />
        </Suspense>
      ) : null}
    </>
  );
}
