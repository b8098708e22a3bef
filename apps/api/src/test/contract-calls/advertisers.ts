// The contract test's calls of advertisers and insertion orders: each on an advertiser (or order) of its
// own, made for it, so deleting one leaves the others' calls theirs.
import type { Calls, ContractWorld } from './world';

export function advertiserCalls(world: ContractWorld): Calls {
  let made = 0;
  /** A new advertiser of the admin's; answers its id. */
  const newAdvertiser = async () =>
    (
      await world.admin.post<{ id: string }>('/v1/advertiser/create', {
        name: `Contract advertiser ${++made}`,
        currency: 'USD',
      })
    ).body.data?.id ?? '';
  /** A new order of a new advertiser; answers its id. */
  const newOrder = async () =>
    (
      await world.admin.post<{ id: string }>('/v1/insertion-order/create', {
        advertiserId: await newAdvertiser(),
        poNumber: 'PO-1',
        name: 'Contract order',
        budget: 100,
      })
    ).body.data?.id ?? '';
  return {
    getV1AdvertiserList: () => world.admin.get('/v1/advertiser/list'),
    getV1AdvertiserGet: async () => world.admin.get(`/v1/advertiser/get?id=${await newAdvertiser()}`),
    getV1AdvertiserReport: async () =>
      world.admin.get(
        `/v1/advertiser/report?id=${await newAdvertiser()}&startDate=2026-01-01&endDate=2026-01-31&timezone=Europe/Berlin`,
      ),
    postV1AdvertiserCreate: () =>
      world.admin.post('/v1/advertiser/create', {
        name: `Contract advertiser ${++made}`,
        currency: 'EUR',
        billingName: 'Accounts payable',
        billingEmail: 'ap@example.com',
        notes: 'Net 30',
      }),
    putV1AdvertiserUpdate: async () =>
      world.admin.put('/v1/advertiser/update', { id: await newAdvertiser(), notes: 'Renamed PO' }),
    deleteV1AdvertiserDelete: async () =>
      world.admin.delete(`/v1/advertiser/delete?id=${await newAdvertiser()}`),
    getV1InsertionOrderGet: async () => world.admin.get(`/v1/insertion-order/get?id=${await newOrder()}`),
    postV1InsertionOrderCreate: async () =>
      world.admin.post('/v1/insertion-order/create', {
        advertiserId: await newAdvertiser(),
        poNumber: 'PO-2',
        name: 'Q3',
        start: { date: '2026-07-01' },
        end: { date: '2026-09-30' },
        budget: 2500.5,
      }),
    putV1InsertionOrderUpdate: async () =>
      world.admin.put('/v1/insertion-order/update', { id: await newOrder(), budget: 300, end: null }),
    deleteV1InsertionOrderDelete: async () =>
      world.admin.delete(`/v1/insertion-order/delete?id=${await newOrder()}`),
  };
}
