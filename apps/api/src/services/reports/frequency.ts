// The report's frequency (docs/reports.md, "Frequency"): a whole campaign's ads of capped tags by their
// rank in the browser's window over the range, made into the distribution by the domain. A creative
// report has none (a browser's window counts its campaign's ads, of whichever creative). This process's
// counts still in memory are written first, as for the requests not served.
import { type Frequency, frequencyOf, NO_FREQUENCY } from '@adconsole/domain';
import type { Context } from '../../context';
import { readFrequencyCounts } from '../events/queries/frequency-counts';
import type { ReportScope } from './scope';

export async function reportFrequency(
  ctx: Context,
  scope: ReportScope,
  range: { from: Date; to: Date },
): Promise<Frequency> {
  if (scope.wholeCampaign !== true) return NO_FREQUENCY;
  await ctx.events.requests
    .flush()
    .catch((error: unknown) =>
      ctx.log(`Frequency counts not written yet: ${error instanceof Error ? error.message : String(error)}`),
    );
  return frequencyOf(await readFrequencyCounts(ctx.events.store, scope.campaign.id, range.from, range.to));
}
