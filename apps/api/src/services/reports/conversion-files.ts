// Conversions received but not counted (docs/conversions.md, "Reports"), listed by reason where invalid
// traffic is: a table of the CSV and a sheet of the workbooks. The conversion figures themselves are
// columns like every figure's (figure-columns.ts).
import type { InvalidConversions } from '@adconsole/domain';

/** The table of conversions not counted (CSV and sheet): reason, code, conversions. */
export const INVALID_CONVERSION_HEADERS = ['Invalid conversion (not counted)', 'Code', 'Conversions'];
export const invalidConversionRows = (invalid: InvalidConversions): [string, string, number][] =>
  invalid.byReason.map((row) => [row.label, row.reason, row.conversions]);
