// The contract test's call of the billing statement: the month of the world's campaign's advertiser.
import type { Calls, ContractWorld } from './world';

export function statementCalls(world: ContractWorld): Calls {
  return {
    getV1AdvertiserStatement: async () => {
      const [row] = await world.server.db.query<{ advertiser_id: string }>(
        'select advertiser_id from campaigns where id = $1',
        [world.campaignID],
      );
      const month = new Date().toISOString().slice(0, 7);
      return world.admin.get(`/v1/advertiser/statement?id=${row?.advertiser_id ?? ''}&month=${month}`);
    },
  };
}
