// Server state of the creative editor, through the domain's API client.
import type { Creative } from '@adconsole/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { campaignKeys } from '../campaigns/campaign-queries';

export const creativeKey = (creativeID: string) => ['creatives', creativeID] as const;

export const useCreative = (creativeID: string) =>
  useQuery({ queryKey: creativeKey(creativeID), queryFn: () => api().getCreative(creativeID) });

export function useCreativeActions(campaignID: string, creativeID: string) {
  const queryClient = useQueryClient();
  const store = (creative: Creative) => {
    queryClient.setQueryData(creativeKey(creativeID), creative);
    return queryClient.invalidateQueries({ queryKey: campaignKeys.detail(campaignID) });
  };
  return {
    update: useMutation({
      mutationFn: (creative: unknown) => api().updateCreative(creative),
      onSuccess: store,
    }),
    publish: useMutation({
      mutationFn: (creative: Creative) => api().publishCreative(creative),
      onSuccess: store,
    }),
    duplicate: useMutation({
      mutationFn: (creative: Creative) => api().duplicateCreative(creative),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.detail(campaignID) }),
    }),
    remove: useMutation({
      mutationFn: () => api().deleteCreative(creativeID),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.detail(campaignID) }),
    }),
    upload: useMutation({
      // No kind label: the server detects each file's kind from its name and first bytes.
      mutationFn: (files: File[]) => api().uploadAssets({ campaignID, creativeID, files }),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: creativeKey(creativeID) }),
    }),
    deleteAsset: useMutation({
      mutationFn: (assetID: string) => api().deleteAsset(assetID, creativeID),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: creativeKey(creativeID) }),
    }),
  };
}
