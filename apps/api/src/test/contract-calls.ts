// The contract test's table of calls (routes/contract.test.ts reads it): for each operation of the
// OpenAPI document, by its operationId, one call that succeeds on the suite's world (a signed-in admin
// and its campaign with a VAST creative), one module of contract-calls/ per area. An operation without an
// entry fails the test.
import { accountCalls } from './contract-calls/accounts';
import { advertiserCalls } from './contract-calls/advertisers';
import { alertCalls } from './contract-calls/alerts';
import { approvalCalls } from './contract-calls/approval';
import { builderCalls } from './contract-calls/builder';
import { bulkUploadCalls } from './contract-calls/bulk-upload';
import { campaignCalls } from './contract-calls/campaigns';
import { clientAccessCalls } from './contract-calls/client-access';
import { conversionActionCalls } from './contract-calls/conversions';
import { creativeQaCalls } from './contract-calls/creative-qa';
import { deliveryRulesCalls } from './contract-calls/delivery-rules';
import { fileCalls } from './contract-calls/files';
import { placementCalls } from './contract-calls/placements';
import { reportCalls } from './contract-calls/reports';
import { statementCalls } from './contract-calls/statement';
import type { Calls, ContractWorld } from './contract-calls/world';

/** Every operation's call, by operationId. */
export function contractCalls(world: ContractWorld): Calls {
  return {
    ...accountCalls(world),
    ...fileCalls(world),
    ...campaignCalls(world),
    ...advertiserCalls(world),
    ...placementCalls(world),
    ...creativeQaCalls(world),
    ...approvalCalls(world),
    ...bulkUploadCalls(world),
    ...conversionActionCalls(() => world),
    ...deliveryRulesCalls(() => world),
    ...reportCalls(world),
    ...statementCalls(world),
    ...builderCalls(world),
    ...alertCalls(world),
    ...clientAccessCalls(world),
  };
}
