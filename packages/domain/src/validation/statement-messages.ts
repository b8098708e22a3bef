// The billing statement's texts and bounds (docs/reports.md, "Billing statement"): a part of the one
// catalogue, spread into MESSAGES (messages.ts) as the account and advertiser texts are.
import { registerProductTexts } from './product-texts';

/** How far back a statement goes: this month and the 119 before it (ten years). */
export const STATEMENT_MONTHS_BACK = 120;
/** The most campaigns one advertiser's statement reads. */
export const MAX_STATEMENT_CAMPAIGNS = 500;

/** What a person reads about a statement, beside its rules. */
export const STATEMENT_MESSAGES = {
  month: "month must be a calendar month 'YYYY-MM'",
  monthInFuture: 'The month has not begun yet: a statement covers this month or an earlier one.',
  monthTooOld: `A statement covers at most the last ${STATEMENT_MONTHS_BACK / 12} years.`,
  tooManyCampaigns: `The advertiser has more than ${MAX_STATEMENT_CAMPAIGNS} campaigns: a statement covers at most ${MAX_STATEMENT_CAMPAIGNS}.`,
  noRate: 'No rate booked',
  running: 'Month still running',
  statementNotLoaded: 'The statement could not be loaded. Try again in a moment.',
  downloadFailed: 'The statement file could not be made. Try again in a moment.',
} as const;
registerProductTexts(STATEMENT_MESSAGES);
