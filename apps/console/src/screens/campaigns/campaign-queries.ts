// Server state of the campaign screens (TanStack Query), all through the domain's API client.
import {
  type Campaign,
  type CampaignBody,
  type CampaignList,
  type CampaignListFilter,
  campaignAnswerQuery,
  campaignCalls,
  campaignListAnswerQuery,
  campaignListSchema,
  campaignSchema,
} from '@adconsole/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { areaCalls } from '../../lib/api';
import { takeServerAnswer } from '../../lib/server-view';
import { type CampaignView, campaignKeys } from './campaign-keys';

export { type CampaignView, campaignKeys };

/** The campaign calls, made once (the creative calls read a campaign through them). */
export const campaignsApi = areaCalls(campaignCalls);

export const useCampaignList = (view: CampaignView, page: number, filter: CampaignListFilter = {}) =>
  useQuery({
    queryKey: campaignKeys.list(view, page, filter),
    queryFn: () => campaignsApi().listCampaigns(view, page, filter),
    placeholderData: keepPreviousData,
    initialData: () => serverCampaignList(view, page, filter),
    staleTime: drawnFresh,
  });

/**
 * A page the server drew is as fresh as a call's answer: not asked for again as the console starts (data
 * there before any fetch came from the drawing); fetched data goes stale at once, as before.
 */
const drawnFresh = (query: { state: { dataUpdateCount: number; data: unknown } }) =>
  query.state.dataUpdateCount === 0 && query.state.data !== undefined ? 30_000 : 0;

/**
 * The list page the server drew (docs/console.md, "Signed-in pages drawn by the server"), when it is
 * this one, read as the list call's answer is: the page draws it at once instead of asking again.
 */
function serverCampaignList(view: CampaignView, page: number, filter: CampaignListFilter) {
  const data = takeServerAnswer(campaignListAnswerQuery(view, page, filter));
  if (data === undefined) return undefined;
  const parsed = campaignListSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Every campaign of a view, all pages (the server answers 20 a page): what a picker of campaigns or
 * creatives offers (the builder's export, the file manager's "use in a creative").
 */
export const useEveryCampaign = (view: CampaignView) =>
  useQuery({
    queryKey: campaignKeys.everyPage(view),
    queryFn: async (): Promise<Campaign[]> => {
      const first = await campaignsApi().listCampaigns(view, 1);
      const rest = await Promise.all(
        Array.from({ length: first.pages - 1 }, (_, index) => campaignsApi().listCampaigns(view, index + 2)),
      );
      return [first, ...rest].flatMap((page) => page.campaigns);
    },
  });

/** A campaign with its creatives; `enabled` false waits (the breadcrumbs outside a campaign's pages). */
export const useCampaign = (campaignID: string, enabled = true) =>
  useQuery({
    queryKey: campaignKeys.detail(campaignID),
    queryFn: () => campaignsApi().getCampaign(campaignID),
    enabled,
    initialData: () => serverCampaign(campaignID),
    staleTime: drawnFresh,
  });

/**
 * The campaign the server drew its page with (docs/console.md, "Signed-in pages drawn by the server"),
 * read as the campaign call's answer is.
 */
function serverCampaign(campaignID: string): Campaign | undefined {
  const data = takeServerAnswer(campaignAnswerQuery(campaignID));
  if (data === undefined) return undefined;
  const parsed = campaignSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (campaign: CampaignBody) => campaignsApi().createCampaign(campaign),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

/** Saves a campaign's name, advertiser, flight and timezone; every campaign view reads it again. */
export function useUpdateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (campaign: CampaignBody & { id: string }) => {
      const saved = await campaignsApi().updateCampaign(campaign);
      if (!saved) throw new Error('The server did not answer the saved campaign.');
      return saved;
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(campaignKeys.detail(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
}

/** What the duplicate dialog sends: the copy's name and flight days ('YYYY-MM-DD', null: open). */
export interface CampaignCopy {
  name: string;
  start: string | null;
  end: string | null;
}

/**
 * Copies a campaign (its creatives, nothing published, no figures) under a name and flight days; the
 * lists show the copy.
 */
export function useDuplicateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ campaignID, copy }: { campaignID: string; copy?: CampaignCopy }) =>
      campaignsApi().duplicateCampaign(campaignID, copy),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

/**
 * Archives a campaign (it stops serving and leaves the default list) or unarchives it; the campaign's
 * page shows the answer, every list reads again.
 */
export function useArchiveCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ campaignID, archived }: { campaignID: string; archived: boolean }) =>
      archived ? campaignsApi().archiveCampaign(campaignID) : campaignsApi().unarchiveCampaign(campaignID),
    onSuccess: (saved) => {
      queryClient.setQueryData(campaignKeys.detail(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
}

/**
 * Pauses a campaign (it stops serving at once and stays in the lists) or resumes it; the campaign's page
 * shows the answer, every list reads again.
 */
export function usePauseCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ campaignID, paused }: { campaignID: string; paused: boolean }) =>
      paused ? campaignsApi().pauseCampaign(campaignID) : campaignsApi().resumeCampaign(campaignID),
    onSuccess: (saved) => {
      queryClient.setQueryData(campaignKeys.detail(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
}

/** Who changed what in the campaign, newest first. */
/** `enabled: false` (a client's view, which reads no history) asks nothing. */
export const useCampaignHistory = (campaignID: string, enabled = true) =>
  useQuery({
    queryKey: campaignKeys.history(campaignID),
    queryFn: () => campaignsApi().campaignHistory(campaignID),
    enabled,
  });

/**
 * Campaign delete removes it locally first, then calls the server (docs/product.md §4); when the server
 * refuses, the lists are restored and the error is passed on.
 */
export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (campaignID: string) => campaignsApi().deleteCampaign(campaignID),
    onMutate: async (campaignID) => {
      await queryClient.cancelQueries({ queryKey: campaignKeys.all });
      const lists = queryClient.getQueriesData<CampaignList>({ queryKey: ['campaigns', 'list'] });
      for (const [key, list] of lists) {
        if (list)
          queryClient.setQueryData(key, {
            ...list,
            campaigns: list.campaigns.filter((c) => c.id !== campaignID),
          });
      }
      return { lists };
    },
    onError: (_error, _campaignID, context) => {
      for (const [key, list] of context?.lists ?? []) queryClient.setQueryData(key, list);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}
