// Server state of /billing (docs/product.md §2, "Billing"), through the domain's calls: the user's
// advertisers to choose from, and the chosen advertiser's statement of a month in a zone (GET
// /v1/advertiser/statement), or its PDF, CSV or XLSX file, which the browser saves from /uploads/.
import {
  advertiserCalls,
  type StatementFileFormat,
  type StatementQueryInput,
  statementCalls,
} from '@adconsole/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFileUrl, areaCalls } from '../../lib/api';

const advertisersApi = areaCalls(advertiserCalls);
const statementApi = areaCalls((http) => statementCalls(http, apiFileUrl));

export type StatementRequest = Omit<StatementQueryInput, 'format'> & { timezone: string };

/** The user's advertisers, to choose whose statement. */
export const useBillingAdvertisers = () =>
  useQuery({ queryKey: ['billing', 'advertisers'], queryFn: () => advertisersApi().listAdvertisers() });

/**
 * The statement of the chosen advertiser, month and zone; none asked while no advertiser is chosen. The
 * one on screen stays while another loads. A running month's figures grow: read again after a minute.
 */
export const useStatement = (request: StatementRequest | undefined) =>
  useQuery({
    queryKey: ['billing', 'statement', request?.id, request?.month, request?.timezone],
    queryFn: ({ signal }) => statementApi().getStatement(request as StatementRequest, signal),
    enabled: request !== undefined,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

/** Makes the statement's file on the server and has the browser save it. */
export async function downloadStatement(
  request: StatementRequest,
  format: StatementFileFormat,
): Promise<void> {
  const url = await statementApi().downloadStatement({ ...request, format });
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
