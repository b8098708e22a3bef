// The system calls of the contract: the API's ping and the public config the console reads first.
import { z } from 'zod/mini';
import { DEFAULT_TCF_VENDOR_ID } from '../../platforms/platforms';
import { call } from '../call';

/** GET /config: the product settings the console needs before its first screen. */
export const publicConfigSchema = z.object({
  /** The company domain sign-up is limited to. */
  companyDomain: z.string(),
  companyName: z.string(),
  /** The origin ad tags load from (AD_SERVING_URL). */
  adServingUrl: z.string(),
  /** The TCF vendor id tags put in `${GDPR_CONSENT_<id>}` and `${GPP_STRING_<id>}` (TCF_VENDOR_ID). */
  tcfVendorID: z._default(z.number().check(z.int(), z.positive()), DEFAULT_TCF_VENDOR_ID),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
/**
 * The id of the JSON data block (`<script type="application/json">`) in which the server inlines the
 * public config into the console's page, so the first paint does not wait for GET /config.
 */
export const PUBLIC_CONFIG_ELEMENT_ID = 'adconsole-config';

/**
 * A share link's page as the server sends it (docs/console.md, "The share page drawn by the server"):
 * the report drawn in an element with this attribute, before the
 * console's root, which the console removes as it draws the page itself.
 */
export const SERVER_VIEW_ATTRIBUTE = 'data-server-view';
/**
 * The id of the JSON data block in which the server inlines the report it drew (`SharedReportBlock`), so
 * the console draws the same figures at once instead of asking for them again.
 */
export const SHARED_REPORT_ELEMENT_ID = 'adconsole-shared-report';
/** One share report call the server made for the page: its query, and its answer's data. */
export interface SharedReportAnswer {
  query: Record<string, unknown>;
  data: unknown;
}
/**
 * The report the server drew: the query of the share report call it answers, and its answer's data;
 * `related`, the page's other calls the server made to draw it (the period before, for the tiles'
 * changes, and the breakdown's tab), so the console asks for none of them again.
 */
export interface SharedReportBlock extends SharedReportAnswer {
  related?: SharedReportAnswer[] | undefined;
}

export const systemContract = {
  ping: call({ method: 'GET', path: '/ping', answer: z.literal('Pong') }),
  config: call({ method: 'GET', path: '/config', answer: publicConfigSchema }),
} as const;
