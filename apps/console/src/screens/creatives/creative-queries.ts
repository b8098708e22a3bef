// Server state of the creatives (TanStack Query): one creative for the editor, and every change to a
// campaign's creatives, in one place for the campaign page and the editor alike.
import { type Campaign, type Creative, creativeCalls, type tagsByCreative } from '@adconsole/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { apiFileUrl, areaCalls } from '../../lib/api';
import { campaignKeys, campaignsApi } from '../campaigns/campaign-queries';

/**
 * The creative calls, made once for the console: a creative made with a temporary id is known under
 * its server id from then on (docs/product.md §4), wherever it is used next.
 */
export const creativesApi = areaCalls((http) =>
  creativeCalls(http, apiFileUrl, (campaignID) => campaignsApi().getCampaign(campaignID)),
);

export const creativeKey = (creativeID: string) => ['creatives', creativeID] as const;

export const useCreative = (creativeID: string) =>
  useQuery({ queryKey: creativeKey(creativeID), queryFn: () => creativesApi().getCreative(creativeID) });

/**
 * A campaign's creatives: created from the editor's first save of a new one, copied,
 * and deleted (removed from the campaign at once, put back when the server refuses).
 */
export function useCreativeMutations(campaignID: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: campaignKeys.detail(campaignID) });
  const copying = useRef(new Map<string, Promise<Creative>>());
  return {
    /**
     * The first save of a creative made in the editor (`/creative/new`): nothing is on the server before
     * it. The answer is the editor's copy at once (no second request for the page it opens).
     */
    create: useMutation({
      mutationFn: ({ campaign, creative }: { campaign: Campaign; creative: Creative }) =>
        creativesApi().createCreative(creative, { campaign }),
      onSuccess: (saved) => {
        queryClient.setQueryData(creativeKey(saved.id), saved);
        return refresh();
      },
    }),
    duplicate: useMutation({
      // A second click before the first copy's answer (a double click lands before the button shows it
      // is busy) is the same copy, not another.
      mutationFn: (creative: Creative) => {
        const pending =
          copying.current.get(creative.id) ??
          creativesApi()
            .duplicateCreative(creative)
            .finally(() => copying.current.delete(creative.id));
        copying.current.set(creative.id, pending);
        return pending;
      },
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (creativeID: string) => creativesApi().deleteCreative(creativeID),
      onMutate: async (creativeID) => {
        await queryClient.cancelQueries({ queryKey: campaignKeys.detail(campaignID) });
        const previous = queryClient.getQueryData<Campaign>(campaignKeys.detail(campaignID));
        if (previous) {
          queryClient.setQueryData(campaignKeys.detail(campaignID), {
            ...previous,
            creatives: previous.creatives.filter((creative) => creative.id !== creativeID),
          });
        }
        return { previous };
      },
      onError: (_error, _creativeID, context) => {
        if (context?.previous) queryClient.setQueryData(campaignKeys.detail(campaignID), context.previous);
      },
      onSettled: refresh,
    }),
  };
}

/** The editor's changes to one creative: its fields, publishing and its assets (with the campaign's copy and delete). */
export function useCreativeActions(campaignID: string, creativeID: string) {
  const queryClient = useQueryClient();
  const { duplicate, remove } = useCreativeMutations(campaignID);
  const store = (creative: Creative) => {
    queryClient.setQueryData(creativeKey(creativeID), creative);
    return queryClient.invalidateQueries({ queryKey: campaignKeys.detail(campaignID) });
  };
  return {
    update: useMutation({
      mutationFn: (creative: unknown) => creativesApi().updateCreative(creative),
      onSuccess: store,
    }),
    publish: useMutation({
      mutationFn: (creative: Creative) => creativesApi().publishCreative(creative),
      onSuccess: store,
    }),
    duplicate,
    remove,
    upload: useMutation({
      // No kind label: the server detects each file's kind from its name and first bytes.
      mutationFn: (files: File[]) => creativesApi().uploadAssets({ campaignID, creativeID, files }),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: creativeKey(creativeID) }),
    }),
    /**
     * POST /v1/campaign/tags: the xlsx tag sheet of the creative's tags; answers its download URL. It
     * waits for the campaign (a click before the campaign's answer came used to do nothing at all).
     */
    tagSheet: useMutation({
      mutationFn: async (
        sheetOf: (campaign: Campaign) => {
          tags: ReturnType<typeof tagsByCreative>;
          dealIDs: Record<string, string>;
          fallbackIDs: Record<string, string>;
        },
      ) => {
        // The campaign's answer on its way, or a fresh one (fetchQuery shares a request in flight).
        const campaign = await queryClient.fetchQuery({
          queryKey: campaignKeys.detail(campaignID),
          queryFn: () => campaignsApi().getCampaign(campaignID),
        });
        return creativesApi().downloadTagSheet({ campaignID, ...sheetOf(campaign) });
      },
    }),
    deleteAsset: useMutation({
      mutationFn: (assetID: string) => creativesApi().deleteAsset(assetID, creativeID),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: creativeKey(creativeID) }),
    }),
  };
}
