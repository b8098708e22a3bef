// Server state of a campaign's conversion actions (docs/conversions.md; docs/console.md, "Conversions"), through the
// domain's conversion calls. Every change refreshes the campaign's actions and its history (each change
// is audited).
import { type ConversionAction, type ConversionActionBody, conversionCalls } from '@adconsole/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { areaCalls } from '../../lib/api';
import { campaignKeys } from './campaign-queries';

const conversionsApi = areaCalls(conversionCalls);

const conversionKeys = {
  list: (campaignID: string) => ['conversion-actions', 'list', campaignID] as const,
};

/** The campaign's conversion actions, oldest first, archived ones too. */
export const useConversionActions = (campaignID: string) =>
  useQuery({
    queryKey: conversionKeys.list(campaignID),
    queryFn: () => conversionsApi().listConversionActions(campaignID),
  });

/** Creates, changes, archives and restores the campaign's conversion actions; makes their postback keys. */
export function useConversionActionMutations(campaignID: string) {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: conversionKeys.list(campaignID) }),
      queryClient.invalidateQueries({ queryKey: campaignKeys.history(campaignID) }),
    ]);
  return {
    create: useMutation({
      mutationFn: (body: ConversionActionBody) =>
        conversionsApi().createConversionAction({ ...body, campaignID }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: ConversionActionBody }) =>
        conversionsApi().updateConversionAction({ id, ...body }),
      onSuccess,
    }),
    rotateKey: useMutation({
      mutationFn: (action: ConversionAction) => conversionsApi().rotatePostbackKey(action.id),
      onSuccess,
    }),
    setArchived: useMutation({
      mutationFn: ({ action, archived }: { action: ConversionAction; archived: boolean }) =>
        conversionsApi().setConversionActionArchived(action.id, archived),
      onSuccess,
    }),
  };
}
