// The console's connection to the API: one HTTP client (credentials, CSRF header, time-out and errors
// for every call) and the download URL of a generated file. Only the `*-queries.ts` modules import
// this module (a Biome rule, biome.json): each builds the calls of its own area from the domain's
// contract, so a screen loads the request and answer schemas of its area and no others.
import { createHttp, downloadUrl, type Http } from '@adconsole/domain';

const API_BASE_URL = '/api';

let http: Http | undefined;

/** The one HTTP client of the console. */
export const apiHttp = (): Http => {
  http ??= createHttp({ baseUrl: API_BASE_URL });
  return http;
};

/** The download URL of a generated file (a report, a tag sheet): the API host under /uploads/. */
export const apiFileUrl = (file: string): string => downloadUrl(API_BASE_URL, file);

/**
 * An area's calls (the domain's `campaignCalls`, `reportCalls`, ...), made once on first use: each
 * queries module makes its area's, so calls that keep state (the creatives' temporary ids) have one.
 */
export function areaCalls<T>(make: (http: Http) => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make(apiHttp());
    return made;
  };
}
