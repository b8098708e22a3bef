// The catalogue's texts (messages.ts) of advertisers and insertion orders (docs/product.md §3, §8), in a
// module of their own: `MESSAGES` spreads them, so it is still the one catalogue.
import { registerProductTexts } from './product-texts';

export const ADVERTISER_MESSAGES = {
  /** An advertiser that does not exist or is not the caller's (404, as for a campaign). */
  advertiserNotFound: 'Advertiser not found!',
  advertiserName: 'Fill in the advertiser name',
  advertiserNameTooLong: 'Advertiser name is too long (200 characters at most)',
  /** Names are unique per owner, case-insensitive. */
  advertiserNameTaken: 'You already have an advertiser of this name: choose another name',
  advertiserBillingName: 'Billing name is too long (200 characters at most)',
  advertiserBillingEmail: 'The billing e-mail must be an e-mail address',
  advertiserNotes: 'Notes are too long (2,000 characters at most)',
  /** DELETE of an advertiser that still has campaigns (409). */
  advertiserHasCampaigns:
    'This advertiser still has campaigns: move them to another advertiser or delete them first',
  /** A currency change while a campaign of the advertiser is priced or budgeted in the old one (409). */
  advertiserCurrencyInUse:
    "The advertiser's currency cannot change while its campaigns have a rate in another currency or a budget",
  /** An insertion order that does not exist or whose advertiser is not the caller's (404). */
  insertionOrderNotFound: 'Insertion order not found!',
  insertionOrderName: 'Fill in the insertion order name',
  insertionOrderNameTooLong: 'Insertion order name is too long (200 characters at most)',
  poNumber: 'Fill in the PO number',
  poNumberTooLong: 'PO number is too long (64 characters at most)',
  insertionOrderBudget: 'The budget must be an amount from 0 to 1,000,000,000,000',
  /** A campaign linked to an order of another advertiser (400). */
  insertionOrderOfAnotherAdvertiser:
    "The insertion order belongs to another advertiser: choose one of the campaign's advertiser",
  /** An order's campaigns that are not its advertiser's (400). */
  insertionOrderCampaigns: "An insertion order's campaigns must be campaigns of its advertiser",
  // The console's notices when a call fails.
  advertisersNotLoaded: 'The advertisers could not be loaded.',
  advertiserNotCreated: 'The advertiser was not created.',
  advertiserNotSaved: 'The advertiser was not saved.',
  insertionOrderNotCreated: 'The insertion order was not created.',
  insertionOrderNotSaved: 'The insertion order was not saved.',
  insertionOrderNotDeleted: 'The insertion order was not deleted.',
  advertiserNotDeleted: 'The advertiser was not deleted.',
  advertiserReportNotLoaded: 'The advertiser report could not be loaded.',
} as const;
registerProductTexts(ADVERTISER_MESSAGES);

/** A campaign's rate in another currency than its advertiser's (400). */
export const rateNotInAdvertiserCurrencyMessage = (currency: string): string =>
  `data.rate.currency: The rate must be in the advertiser's currency (${currency})`;

/** A budget with more decimals than the currency's minor unit (400). */
export const budgetDecimalsMessage = (currency: string, digits: number): string =>
  `budget: A budget in ${currency} has at most ${digits} decimal${digits === 1 ? '' : 's'}`;
