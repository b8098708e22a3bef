// A report's conversion parts read from the ledger (docs/conversions.md, "Reports"): the conversion
// currency (the campaign's actions'), the conversions of the range not counted (by reason, for the
// invalid-traffic panel) and the counted ones by days from their click (the lag chart). The counted
// conversions and their value come with every other figure from the event store (figures.ts).
import { type ConversionLag, INVALID_CONVERSION_LABELS, type InvalidConversions } from '@adconsole/domain';
import type { Context } from '../../context';
import {
  type ConversionScope,
  countConversionLag,
  countInvalidConversions,
  listConversionCurrencies,
} from '../../db/queries/conversion-reports';
import type { ReportScope } from './scope';

export interface ReportConversions {
  conversionCurrency: string | null;
  invalidConversions: InvalidConversions;
  conversionLag: ConversionLag;
}

/**
 * The ledger's parts of a report over `from <= converted_at < to`: a whole campaign's conversions, or
 * those attributed to the scope's live creatives (a creative report).
 */
export async function reportConversions(
  ctx: Pick<Context, 'db'>,
  scope: ReportScope,
  from: Date,
  to: Date,
): Promise<ReportConversions> {
  const whose: ConversionScope = scope.wholeCampaign
    ? { campaignId: scope.campaign.id }
    : { liveIds: scope.lives.map((live) => live.id) };
  const [currencies, invalid, conversionLag] = await Promise.all([
    listConversionCurrencies(ctx.db, [scope.campaign.id]),
    countInvalidConversions(ctx.db, whose, from, to),
    countConversionLag(ctx.db, whose, from, to),
  ]);
  return {
    // The campaign's actions' currency (one for all of them), null without actions.
    conversionCurrency: currencies.get(scope.campaign.id) ?? null,
    invalidConversions: {
      total: invalid.reduce((sum, row) => sum + row.conversions, 0),
      byReason: invalid.map((row) => ({ ...row, label: INVALID_CONVERSION_LABELS[row.reason] })),
    },
    conversionLag,
  };
}
