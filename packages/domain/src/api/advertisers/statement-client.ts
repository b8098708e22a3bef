// The billing statement call (docs/reports.md, "Billing statement") for the console's billing-queries.ts.

import { type BillingStatement, billingStatementSchema } from '../../reports/billing-statement';
import { reportFileSchema } from '../../reports/report';
import type { Http } from '../http';
import { readData, sendRaw } from '../send';
import { statementContract } from './statement-contract';
import type { StatementFileFormat, StatementQueryInput } from './statement-requests';

export function statementCalls(http: Http, fileUrl: (file: string) => string) {
  const { getAdvertiserStatement } = statementContract;
  return {
    /** The statement of an advertiser's month in a zone. */
    async getStatement(
      query: Omit<StatementQueryInput, 'format'>,
      signal?: AbortSignal,
    ): Promise<BillingStatement> {
      const answer = await sendRaw(http, getAdvertiserStatement, query, { signal });
      return readData(billingStatementSchema, answer.data);
    },
    /** The statement as a PDF, CSV or XLSX file: its URL under /uploads/. */
    async downloadStatement(
      query: Omit<StatementQueryInput, 'format'> & { format: StatementFileFormat },
    ): Promise<string> {
      const answer = await sendRaw(http, getAdvertiserStatement, query);
      return fileUrl(readData(reportFileSchema, answer.data).file);
    },
  };
}
