// The environment's limits: the second security review's (mails, report downloads, API tokens;
// docs/security.md) and the serving edge's invalid-traffic filtering (docs/traffic-quality.md).
import { existsSync } from 'node:fs';
import { DEFAULT_AD_REQUESTS_PER_MINUTE } from '@adconsole/domain';
import { z } from 'zod';
import { type addressesEnv, addressList } from './addresses';
import { ConfigError, optional, wholeNumber } from './env';

/** API_TOKEN_RATE_LIMIT's default: requests a minute per personal API token. */
const DEFAULT_API_TOKEN_REQUESTS_PER_MINUTE = 120;

/** The second security review's limits (docs/security.md). */
export interface LimitsConfig {
  /**
   * Mails one user's lists may send a day (USER_MAILS_PER_DAY, formerly REPORT_MAILS_PER_USER_PER_DAY,
   * still read): scheduled reports, alert mails to chosen recipients and opt-in requests together.
   */
  userMailsPerDay: number;
  /** Report file downloads one share link may build an hour (REPORT_DOWNLOADS_PER_TOKEN_PER_HOUR). */
  reportDownloadsPerTokenPerHour: number;
  /** Report files one user or share link may have being built at once (REPORT_DOWNLOADS_QUEUED_PER_CALLER). */
  reportDownloadsQueuedPerCaller: number;
}

/** Invalid-traffic filtering at the serving edge (docs/traffic-quality.md). */
export interface TrafficConfig {
  /** Ad requests a minute one client may make for one live creative (SERVE_RATE_LIMIT); 0: no limit. */
  adRequestsPerMinute: number;
  /** Server-side ad insertion proxies whose X-Device-IP / X-Device-User-Agent are believed (SSAI_PROXIES). */
  ssaiProxies: string[];
  /** An IP-to-country mmdb file read instead of the packaged one (COUNTRY_DATABASE_FILE). */
  countryDatabaseFile: string | undefined;
  /** How often each process recomputes its even campaigns' throttles, ms (EVEN_DELIVERY_PERIOD_MINUTES, 5). */
  evenDeliveryPeriodMs: number;
}

export const limitsEnv = z.object({
  USER_MAILS_PER_DAY: wholeNumber(1, 100_000),
  /** The name USER_MAILS_PER_DAY had when it counted scheduled reports only: still read (docs/api.md). */
  REPORT_MAILS_PER_USER_PER_DAY: wholeNumber(1, 100_000),
  REPORT_DOWNLOADS_PER_TOKEN_PER_HOUR: wholeNumber(1, 100_000),
  REPORT_DOWNLOADS_QUEUED_PER_CALLER: wholeNumber(1, 1000),
  API_TOKEN_RATE_LIMIT: wholeNumber(1, 100_000),
  SERVE_RATE_LIMIT: wholeNumber(0, 100_000),
  EVEN_DELIVERY_PERIOD_MINUTES: wholeNumber(1, 60),
  COUNTRY_DATABASE_FILE: optional.pipe(
    z
      .string()
      .refine((file) => existsSync(file), 'must name an existing geo-whois-asn-country.mmdb file')
      .optional(),
  ),
});

type LimitsEnv = z.infer<typeof limitsEnv>;

/** USER_MAILS_PER_DAY, or its former name; both set, they must agree (200 when neither is). */
function userMailsPerDay(value: number | undefined, formerName: number | undefined): number {
  if (value !== undefined && formerName !== undefined && value !== formerName)
    throw new ConfigError(
      'REPORT_MAILS_PER_USER_PER_DAY',
      'is the former name of USER_MAILS_PER_DAY, which is set to another value: keep USER_MAILS_PER_DAY only',
    );
  return value ?? formerName ?? 200;
}

export function limitsConfig(e: LimitsEnv): LimitsConfig {
  return {
    userMailsPerDay: userMailsPerDay(e.USER_MAILS_PER_DAY, e.REPORT_MAILS_PER_USER_PER_DAY),
    reportDownloadsPerTokenPerHour: e.REPORT_DOWNLOADS_PER_TOKEN_PER_HOUR ?? 30,
    reportDownloadsQueuedPerCaller: e.REPORT_DOWNLOADS_QUEUED_PER_CALLER ?? 2,
  };
}

/** API_TOKEN_RATE_LIMIT read: requests a minute per personal API token. */
export function apiTokenRequestsPerMinute(e: LimitsEnv): number {
  return e.API_TOKEN_RATE_LIMIT ?? DEFAULT_API_TOKEN_REQUESTS_PER_MINUTE;
}

export function trafficConfig(
  e: LimitsEnv & Pick<z.infer<typeof addressesEnv>, 'SSAI_PROXIES'>,
): TrafficConfig {
  return {
    adRequestsPerMinute: e.SERVE_RATE_LIMIT ?? DEFAULT_AD_REQUESTS_PER_MINUTE,
    ssaiProxies: e.SSAI_PROXIES ? (addressList(e.SSAI_PROXIES) ?? []) : [],
    countryDatabaseFile: e.COUNTRY_DATABASE_FILE,
    evenDeliveryPeriodMs: (e.EVEN_DELIVERY_PERIOD_MINUTES ?? 5) * 60_000,
  };
}
