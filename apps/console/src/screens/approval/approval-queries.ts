// Server state of creative approval and preview links (docs/product.md §4, "Approval"): the signed-in
// steps (submit, decide), a campaign's or creative's preview links (made, listed, revoked), and the public
// preview page's reading and decision by the link's token.
import { approvalCalls, type CreatePreviewLinkRequest, type PreviewDecideRequest } from '@adconsole/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { areaCalls } from '../../lib/api';
import { campaignKeys } from '../campaigns/campaign-keys';

const approvalApi = areaCalls(approvalCalls);

const linksKey = (campaignID: string, creativeID?: string) =>
  ['preview-links', campaignID, creativeID ?? 'all'] as const;
const previewKey = (token: string) => ['preview', token] as const;

/** Submit and decide: the creative and its campaign are read again (their `approval` changed). */
export function useApprovalSteps(campaignID: string, creativeID: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['creatives', creativeID] }),
      queryClient.invalidateQueries({ queryKey: campaignKeys.detail(campaignID) }),
    ]);
  return {
    submit: useMutation({ mutationFn: () => approvalApi().submitForReview(creativeID), onSuccess: refresh }),
    decide: useMutation({
      mutationFn: (input: { decision: 'approve' | 'request-changes'; comment?: string }) =>
        approvalApi().decideReview({ creativeID, ...input }),
      onSuccess: refresh,
    }),
  };
}

export const usePreviewLinks = (campaignID: string, creativeID?: string) =>
  useQuery({
    queryKey: linksKey(campaignID, creativeID),
    queryFn: () => approvalApi().listPreviewLinks(campaignID, creativeID),
  });

export function usePreviewLinkActions(campaignID: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['preview-links', campaignID] });
  return {
    create: useMutation({
      mutationFn: (input: Omit<CreatePreviewLinkRequest, 'campaignID'>) =>
        approvalApi().createPreviewLink({ campaignID, ...input }),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (token: string) => approvalApi().revokePreviewLink(token),
      onSuccess: refresh,
    }),
  };
}

/** The public page's creatives (no retry: a 404 or 410 is the answer). */
export const usePreview = (token: string) =>
  useQuery({ queryKey: previewKey(token), queryFn: () => approvalApi().preview(token), retry: false });

export function usePreviewDecide(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<PreviewDecideRequest, 'sharedToken'>) =>
      approvalApi().previewDecide({ sharedToken: token, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: previewKey(token) }),
  });
}
