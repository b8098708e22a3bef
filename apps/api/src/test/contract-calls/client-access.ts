// The contract test's calls of client access (docs/security.md, "Client access"): a client's advertisers.
import { signedInClient } from '../clients';
import type { Calls, ContractWorld } from './world';

/** Setting a client's advertisers: a client of the admin's first advertiser, given it again. */
export function clientAccessCalls(world: ContractWorld): Calls {
  return {
    putV1UsersAdvertisers: async () => {
      const list = await world.admin.get<{ advertisers: { id: string }[] }>('/v1/advertiser/list');
      const ids = (list.body.data?.advertisers ?? []).slice(0, 1).map((advertiser) => advertiser.id);
      const { id } = await signedInClient(world.server, world.admin, ids);
      return world.admin.put('/v1/users/advertisers', { id, advertiserIds: ids });
    },
  };
}
