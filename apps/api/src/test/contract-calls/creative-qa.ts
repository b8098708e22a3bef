// The contract test's calls of creative QA (docs/builder.md, "Creative QA"): the suite's server has no
// Chromium for it (the harness turns QA off), so both answer "not measured".
import type { Calls, ContractWorld } from './world';

export function creativeQaCalls(world: ContractWorld): Calls {
  return {
    getV1CreativeQa: () => world.admin.get(`/v1/creative/qa?creativeID=${world.creativeID}`),
    postV1CreativeQaRun: () => world.admin.post('/v1/creative/qa/run', { creativeID: world.creativeID }),
  };
}
