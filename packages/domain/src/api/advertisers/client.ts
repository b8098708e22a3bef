// Advertiser and insertion-order calls (docs/product.md §7) for the console's `*-queries.ts`.
import type {
  Advertiser,
  AdvertiserListItem,
  AdvertiserOverview,
  AdvertiserReport,
  InsertionOrder,
  InsertionOrderOverview,
} from '../../campaigns/advertiser';
import type { Http } from '../http';
import { type CallInput, send, sendOnly } from '../send';
import { advertisersContract } from './contract';

export function advertiserCalls(http: Http) {
  const {
    listAdvertisers,
    getAdvertiser,
    getAdvertiserReport,
    createAdvertiser,
    updateAdvertiser,
    deleteAdvertiser,
    getInsertionOrder,
    createInsertionOrder,
    updateInsertionOrder,
    deleteInsertionOrder,
  } = advertisersContract;
  return {
    listAdvertisers: async (view?: 'mine' | 'all'): Promise<AdvertiserListItem[]> =>
      (await send(http, listAdvertisers, view ? { view } : {})).advertisers,
    getAdvertiser: (id: string): Promise<AdvertiserOverview> => send(http, getAdvertiser, { id }),
    getAdvertiserReport: (input: CallInput<typeof getAdvertiserReport>): Promise<AdvertiserReport> =>
      send(http, getAdvertiserReport, input),
    createAdvertiser: (input: CallInput<typeof createAdvertiser>): Promise<Advertiser> =>
      send(http, createAdvertiser, input),
    updateAdvertiser: (input: CallInput<typeof updateAdvertiser>): Promise<Advertiser> =>
      send(http, updateAdvertiser, input),
    async deleteAdvertiser(id: string): Promise<void> {
      await sendOnly(http, deleteAdvertiser, { id });
    },
    getInsertionOrder: (id: string): Promise<InsertionOrderOverview> => send(http, getInsertionOrder, { id }),
    createInsertionOrder: (input: CallInput<typeof createInsertionOrder>): Promise<InsertionOrder> =>
      send(http, createInsertionOrder, input),
    updateInsertionOrder: (input: CallInput<typeof updateInsertionOrder>): Promise<InsertionOrder> =>
      send(http, updateInsertionOrder, input),
    async deleteInsertionOrder(id: string): Promise<void> {
      await sendOnly(http, deleteInsertionOrder, { id });
    },
  };
}
