// The billing statement (docs/reports.md, "Billing statement"): declaration; the work is in
// services/reports/statement.ts.
import { ADVERTISER_MESSAGES, contract, MESSAGES, STATEMENT_MESSAGES } from '@adconsole/domain';
import { defineRoute } from '../http/routes';
import { statementCall } from '../services/reports/statement';

export const statementRoutes = [
  defineRoute({
    call: contract.getAdvertiserStatement,
    access: 'user',
    summary:
      "An advertiser's billing statement for a calendar month: one line per campaign that delivered, grouped by insertion order, with subtotals and the total; or the same as a pdf / csv / xlsx file.",
    description:
      "`month` is 'YYYY-MM': the calendar month in `timezone` (an IANA zone, UTC unless named), this month or one of the 119 before it. A line's units are the valid events its rate prices (impressions for a CPM, clicks for a CPC, completed views for a CPCV) and its amount the month's spend of the campaign report in the same zone, rounded half up to the currency's minor unit; subtotals and the total are sums of line amounts. Invalid traffic is counted apart (invalidUnits) and never billed. A campaign without a rate (or with one in another currency) is listed with no amount in the total. `running` is true while the month is not over in the zone. With `format` the answer is {file}, fetched by its owner under /api/uploads/{file} within 24 hours.",
    tag: 'Reports',
    errors: {
      400: `'${STATEMENT_MESSAGES.monthInFuture}', '${STATEMENT_MESSAGES.monthTooOld}' or '${STATEMENT_MESSAGES.tooManyCampaigns}'`,
      404: `${ADVERTISER_MESSAGES.advertiserNotFound} (also when not yours)`,
      429: MESSAGES.downloadsQueued,
    },
    handler: ({ input, user, ctx }) => statementCall(ctx, user, input),
  }),
];
