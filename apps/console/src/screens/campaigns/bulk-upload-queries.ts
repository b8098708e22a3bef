// The campaign page's bulk upload (docs/console.md, "Campaigns"): the one call, through the domain's client.
import { bulkUploadCalls } from '@adconsole/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { areaCalls } from '../../lib/api';
import { campaignKeys } from './campaign-keys';

const bulkApi = areaCalls(bulkUploadCalls);

/** Uploads a batch to the campaign; the campaign (its creatives) is read again once something was made. */
export function useBulkUpload(campaignID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: File[]) => bulkApi().bulkUpload(campaignID, files),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.detail(campaignID) }),
  });
}
