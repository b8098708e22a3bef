// The API contract, written once: every call's method, path, request schema and answer schema. Each
// feature declares its calls in api/<feature>/contract.ts; this puts them together. The server declares
// its routes from these entries (validating requests and checking its answers with the same schemas)
// and the client sends its calls from them (api/send.ts), so the two can never disagree.
import type { z } from 'zod/mini';
import type { ApiTokenScope } from '../app/api-token';
import { abTestsContract } from './ab-tests/contract';
import { advertisersContract } from './advertisers/contract';
import { statementContract } from './advertisers/statement-contract';
import { alertsContract } from './alerts/contract';
import { apiTokensContract } from './api-tokens/contract';
import { approvalContract } from './approval/contract';
import { authContract } from './auth/contract';
import { builderContract } from './builder/contract';
import type { CallContract } from './call';
import { campaignsContract } from './campaigns/contract';
import { conversionsContract } from './conversions/contract';
import { creativeQaContract } from './creative-qa/contract';
import { creativesContract } from './creatives/contract';
import { dashboardContract } from './dashboard/contract';
import { deliveryRulesContract } from './delivery-rules/contract';
import { eventsContract } from './events/contract';
import { filesContract } from './files/contract';
import { forecastContract } from './forecast/contract';
import { placementsContract } from './placements/contract';
import { reportsContract } from './reports/contract';
import { systemContract } from './system/contract';
import { usersContract } from './users/contract';

export const contract = {
  ...systemContract,
  ...authContract,
  ...campaignsContract,
  ...advertisersContract,
  ...statementContract,
  ...creativesContract,
  ...creativeQaContract,
  ...approvalContract,
  ...placementsContract,
  ...abTestsContract,
  ...conversionsContract,
  ...deliveryRulesContract,
  ...forecastContract,
  ...filesContract,
  ...builderContract,
  ...dashboardContract,
  ...reportsContract,
  ...apiTokensContract,
  ...usersContract,
  ...eventsContract,
  ...alertsContract,
} as const;

export type Contract = typeof contract;
export type CallName = keyof Contract;
/** The parsed `data` of a call's answer. */
export type CallAnswer<N extends CallName> = z.output<Contract[N]['answer']>;

/** The calls an API token with this scope may make. */
export const callsWithScope = (scope: ApiTokenScope): CallName[] =>
  (Object.keys(contract) as CallName[]).filter((name) => (contract[name] as CallContract).scope === scope);
