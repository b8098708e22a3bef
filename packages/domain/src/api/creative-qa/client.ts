// Creative QA calls (docs/builder.md, "Creative QA") for the console's `*-queries.ts`.
import type { CreativeQa } from '../../campaigns/creative-qa';
import type { Http } from '../http';
import { send } from '../send';
import { creativeQaContract } from './contract';

export function creativeQaCalls(http: Http) {
  const { getCreativeQa, runCreativeQa } = creativeQaContract;
  return {
    getCreativeQa: (creativeID: string): Promise<CreativeQa> => send(http, getCreativeQa, { creativeID }),
    runCreativeQa: (creativeID: string): Promise<CreativeQa> => send(http, runCreativeQa, { creativeID }),
  };
}
