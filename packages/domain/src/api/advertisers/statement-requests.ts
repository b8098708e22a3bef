// The request of GET /v1/advertiser/statement (docs/reports.md, "Billing statement"): an advertiser, a
// calendar month 'YYYY-MM' and the IANA zone whose month it is (UTC unless named); with `format` the
// statement as a file (PDF, CSV or XLSX) instead of JSON. Unknown keys are refused.
import { z } from 'zod/mini';
import { ianaZoneField, idField } from '../../validation/fields';
import { STATEMENT_MESSAGES } from '../../validation/statement-messages';

export const STATEMENT_FILE_FORMATS = ['pdf', 'csv', 'xlsx'] as const;
export type StatementFileFormat = (typeof STATEMENT_FILE_FORMATS)[number];

export const statementQuerySchema = z.strictObject({
  id: idField('id'),
  month: z
    .string({ error: STATEMENT_MESSAGES.month })
    .check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, STATEMENT_MESSAGES.month)),
  timezone: z._default(ianaZoneField, 'UTC'),
  format: z.optional(
    z.enum(STATEMENT_FILE_FORMATS, { error: `format must be one of: ${STATEMENT_FILE_FORMATS.join(', ')}` }),
  ),
});
export type StatementQuery = z.infer<typeof statementQuerySchema>;
export type StatementQueryInput = z.input<typeof statementQuerySchema>;
