// Server state of a campaign's delivery rules (docs/console.md, "Delivery rules"; docs/serving.md), through
// the domain's delivery rules calls: the rules of the campaign and its creatives, their changes (each
// refreshes the rules, the campaign and its list's summary line, and the history: every change is
// audited), the estimate of rules being edited, and the tag tester.
import { type DeliveryRules, deliveryRulesCalls, type TestDeliveryRequest } from '@adconsole/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { areaCalls } from '../../lib/api';
import { campaignKeys } from './campaign-queries';

const deliveryApi = areaCalls(deliveryRulesCalls);

const deliveryKeys = {
  rules: (campaignID: string) => ['delivery-rules', campaignID] as const,
  estimate: (campaignID: string, creativeID: string | undefined, rules: string) =>
    ['delivery-rules', campaignID, 'estimate', creativeID ?? '', rules] as const,
};

/** The campaign's rules, its zone and each creative's own rules. */
export const useDeliveryRules = (campaignID: string) =>
  useQuery({
    queryKey: deliveryKeys.rules(campaignID),
    queryFn: () => deliveryApi().getDeliveryRules(campaignID),
  });

/** Sets the campaign's rules or a creative's. */
export function useDeliveryRulesMutations(campaignID: string) {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: deliveryKeys.rules(campaignID) }),
      queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
    ]);
  return {
    campaign: useMutation({
      mutationFn: (rules: DeliveryRules) => deliveryApi().setCampaignDeliveryRules({ campaignID, rules }),
      onSuccess,
    }),
    creative: useMutation({
      mutationFn: ({ creativeID, rules }: { creativeID: string; rules: DeliveryRules }) =>
        deliveryApi().setCreativeDeliveryRules({ creativeID, rules }),
      onSuccess,
    }),
  };
}

/**
 * Sets the rules of a campaign just created (the new campaign dialog's targeting: their own call, after
 * the campaign's); the campaign's rules and every campaign view read again.
 */
export function useSetCreatedCampaignRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ campaignID, rules }: { campaignID: string; rules: DeliveryRules }) =>
      deliveryApi().setCampaignDeliveryRules({ campaignID, rules }),
    onSuccess: (_saved, { campaignID }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deliveryKeys.rules(campaignID) }),
        queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
      ]),
  });
}

/**
 * The share of the last 7 days' impressions `rules` would have kept (a creative's with its campaign's
 * when `creativeID` is given); none asked while `rules` is undefined. The last estimate stays shown while
 * the next one loads.
 */
export function useDeliveryEstimate(
  campaignID: string,
  creativeID: string | undefined,
  rules: DeliveryRules | undefined,
) {
  const text = JSON.stringify(rules ?? null);
  return useQuery({
    queryKey: deliveryKeys.estimate(campaignID, creativeID, text),
    queryFn: () =>
      deliveryApi().estimateDelivery({
        campaignID,
        rules: rules as never,
        ...(creativeID ? { creativeID } : {}),
      }),
    enabled: rules !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** Why one request to one of the campaign's tags would or would not serve (counts nothing). */
export const useTestDelivery = () =>
  useMutation({ mutationFn: (request: TestDeliveryRequest) => deliveryApi().testDelivery(request) });
