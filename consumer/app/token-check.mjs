// What a token may do, tried through the domain's client: read the campaign's report, and write (make
// a campaign). Prints the status of each: 200 when it worked, else the API's refusal.
//   ADCONSOLE_API_URL=... ADCONSOLE_TOKEN=... CAMPAIGN_ID=... node token-check.mjs
import { ApiError, createApiClient } from '@adconsole/domain';

const api = createApiClient({ baseUrl: process.env.ADCONSOLE_API_URL, token: process.env.ADCONSOLE_TOKEN });
const statusOf = (work) =>
  work.then(
    () => 200,
    (error) => (error instanceof ApiError ? error.status : `${error}`),
  );
const dates = { start: new Date('2026-11-16T00:00:00Z'), end: new Date('2026-11-22T23:59:59Z') };
console.log(
  JSON.stringify({
    read: await statusOf(api.getReport({ campaignID: process.env.CAMPAIGN_ID, dates })),
    write: await statusOf(api.createCampaign({ name: 'Written by a read token' })),
  }),
);
