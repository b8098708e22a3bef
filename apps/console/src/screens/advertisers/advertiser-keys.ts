// The advertiser screens' query keys, apart from their calls (advertiser-queries.ts): the breadcrumbs,
// in the signed-in frame that every page loads, read an advertiser's and an order's names from the cache
// under these keys without bringing the advertiser calls into that frame's code.
export const advertiserKeys = {
  all: ['advertisers'] as const,
  list: ['advertisers', 'list'] as const,
  overview: (advertiserID: string) => ['advertisers', 'overview', advertiserID] as const,
  order: (orderID: string) => ['advertisers', 'order', orderID] as const,
  report: (advertiserID: string, days: { start: string; end: string }, timezone: string) =>
    ['advertisers', 'report', advertiserID, days.start, days.end, timezone] as const,
};

/** Where each advertiser screen is. */
export const advertiserPath = (advertiserID: string) => `/advertisers/${advertiserID}`;
export const orderPath = (advertiserID: string, orderID: string) =>
  `/advertisers/${advertiserID}/orders/${orderID}`;
