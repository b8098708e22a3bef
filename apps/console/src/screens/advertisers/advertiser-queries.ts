// Server state of the advertiser screens (docs/console.md, "Advertisers and insertion orders"), through
// the domain's advertiser calls: the user's advertisers, an advertiser's overview (its insertion orders
// with their figures and its campaigns), an order's page and the advertiser report. Every change reads
// the advertisers again, and the campaigns (an order's campaigns, a campaign's advertiser).
import {
  type AdvertiserReport,
  advertiserCalls,
  type CreateAdvertiserRequest,
  type CreateInsertionOrderRequest,
  type ReportDays,
  type UpdateInsertionOrderRequest,
} from '@adconsole/domain';
import type { CampaignAdvertiserChoices } from '@adconsole/forms';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { areaCalls } from '../../lib/api';
import { campaignKeys } from '../campaigns/campaign-queries';
import { advertiserKeys } from './advertiser-keys';

const advertisersApi = areaCalls(advertiserCalls);

/** The user's advertisers (an admin's own too: every one is listed on the admin's request only). */
export const useAdvertisers = () =>
  useQuery({ queryKey: advertiserKeys.list, queryFn: () => advertisersApi().listAdvertisers() });

/** An advertiser with its insertion orders and campaigns; `enabled` false waits (no advertiser chosen). */
export const useAdvertiserOverview = (advertiserID: string, enabled = true) =>
  useQuery({
    queryKey: advertiserKeys.overview(advertiserID),
    queryFn: () => advertisersApi().getAdvertiser(advertiserID),
    enabled,
  });

/** An insertion order with its figures and campaigns. */
export const useInsertionOrder = (orderID: string) =>
  useQuery({
    queryKey: advertiserKeys.order(orderID),
    queryFn: () => advertisersApi().getInsertionOrder(orderID),
  });

/** The advertiser report: every campaign's summary figures over the days, read in the zone. */
export const useAdvertiserReport = (advertiserID: string, days: ReportDays, timezone: string) =>
  useQuery({
    queryKey: advertiserKeys.report(advertiserID, days, timezone),
    queryFn: (): Promise<AdvertiserReport> =>
      advertisersApi().getAdvertiserReport({
        id: advertiserID,
        startDate: days.start,
        endDate: days.end,
        timezone,
      }),
  });

/** After a change: every advertiser screen, and the campaigns (their advertiser and order). */
const refresh = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: advertiserKeys.all }),
    queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  ]);

/** Creates and changes advertisers. */
export function useAdvertiserMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => refresh(queryClient);
  return {
    create: useMutation({
      mutationFn: (body: CreateAdvertiserRequest) => advertisersApi().createAdvertiser(body),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: (body: CreateAdvertiserRequest & { id: string }) => advertisersApi().updateAdvertiser(body),
      onSuccess,
    }),
  };
}

/** Creates, changes and deletes insertion orders. */
export function useInsertionOrderMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => refresh(queryClient);
  return {
    create: useMutation({
      mutationFn: (body: CreateInsertionOrderRequest) => advertisersApi().createInsertionOrder(body),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: (body: UpdateInsertionOrderRequest) => advertisersApi().updateInsertionOrder(body),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (orderID: string) => advertisersApi().deleteInsertionOrder(orderID),
      onSuccess,
    }),
  };
}

/**
 * What the campaign form offers (docs/console.md, "Advertisers and insertion orders"): the user's
 * advertisers, with the campaign's own when the list lacks it (an admin editing another owner's
 * campaign), and the chosen advertiser's insertion orders.
 */
export function useCampaignAdvertiserChoices(
  chosenID: string | null | undefined,
  current?: { id: string; name: string } | undefined,
): CampaignAdvertiserChoices {
  const list = useAdvertisers();
  const overview = useAdvertiserOverview(chosenID ?? '', Boolean(chosenID));
  // A list that could not be read offers the campaign's own advertiser alone, rather than waiting forever.
  const listed = (list.isError ? [] : list.data)?.map((advertiser) => ({
    id: advertiser.id,
    name: advertiser.name,
    currency: advertiser.currency,
  }));
  const advertisers =
    listed && current && !listed.some((advertiser) => advertiser.id === current.id)
      ? [current, ...listed]
      : listed;
  return {
    advertisers,
    insertionOrders: chosenID ? overview.data?.insertionOrders : undefined,
  };
}
