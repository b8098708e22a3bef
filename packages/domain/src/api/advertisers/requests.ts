// Requests of the advertiser and insertion-order calls (docs/product.md §7): an advertiser's name,
// currency and billing contact; an insertion order's PO number, name, flight, budget and campaigns; the
// advertiser report's days and zone. What needs the stored rows (a name taken, a budget's decimals in the
// advertiser's currency, campaigns of the advertiser) is the server's check.
import { z } from 'zod/mini';
import { isCurrencyCode } from '../../campaigns/pricing';
import { MAX_REPORT_DAYS } from '../../constants';
import { ADVERTISER_MESSAGES } from '../../validation/advertiser-messages';
import { isEmailAddress, parseEmailAddress } from '../../validation/email-address';
import { dayField, ianaZoneField, idField, idListField } from '../../validation/fields';
import { MESSAGES } from '../../validation/messages';
import { CAMPAIGN_END_BEFORE_START } from '../campaigns/requests';
import { serverOwnedFields } from '../common/requests';

export const MAX_ADVERTISER_NAME_LENGTH = 200;
export const MAX_ADVERTISER_NOTES_LENGTH = 2000;
export const MAX_PO_NUMBER_LENGTH = 64;
/** The largest insertion-order budget, in its currency. */
export const MAX_INSERTION_ORDER_BUDGET = 1_000_000_000_000;

export const advertiserNameField = z
  .string({ error: ADVERTISER_MESSAGES.advertiserName })
  .check(
    z.trim(),
    z.minLength(1, ADVERTISER_MESSAGES.advertiserName),
    z.maxLength(MAX_ADVERTISER_NAME_LENGTH, ADVERTISER_MESSAGES.advertiserNameTooLong),
  );
const currencyField = z
  .string({ error: MESSAGES.rateCurrency })
  .check(z.trim(), z.toUpperCase(), z.refine(isCurrencyCode, MESSAGES.rateCurrency));
/** An optional text: empty or null clears it. */
const optionalText = (max: number, message: string) =>
  z.optional(
    z.nullable(
      z.pipe(
        z.string({ error: message }).check(z.trim(), z.maxLength(max, message)),
        z.transform((text) => (text === '' ? null : text)),
      ),
    ),
  );
const billingEmailField = z.optional(
  z.nullable(
    z.pipe(
      z.string({ error: ADVERTISER_MESSAGES.advertiserBillingEmail }).check(
        z.trim(),
        z.refine((text) => text === '' || isEmailAddress(text), ADVERTISER_MESSAGES.advertiserBillingEmail),
      ),
      z.transform((text) => (text === '' ? null : (parseEmailAddress(text)?.address ?? text))),
    ),
  ),
);
/** A day 'YYYY-MM-DD' (a time after it is dropped). */
const plainDay = (label: string) =>
  z.pipe(
    dayField(label),
    z.transform((day) => day.slice(0, 10)),
  );

const advertiserFields = {
  billingName: optionalText(MAX_ADVERTISER_NAME_LENGTH, ADVERTISER_MESSAGES.advertiserBillingName),
  billingEmail: billingEmailField,
  notes: optionalText(MAX_ADVERTISER_NOTES_LENGTH, ADVERTISER_MESSAGES.advertiserNotes),
  /** Its creatives are published only once approved (docs/product.md §4, "Approval"). */
  requiresApproval: z.optional(z.boolean({ error: 'requiresApproval must be true or false' })),
  /** Its clients see its costs: rates, budgets, spend (docs/security.md, "Client access"). */
  clientSeesCosts: z.optional(z.boolean({ error: 'clientSeesCosts must be true or false' })),
};

/** GET /v1/advertiser/list: the caller's advertisers; an admin's `view=all` lists everyone's. */
export const advertiserListQuerySchema = z.strictObject({
  view: z.optional(z.enum(['mine', 'all'], { error: "view must be 'mine' or 'all'" })),
});
export type AdvertiserListQuery = z.output<typeof advertiserListQuerySchema>;

/** POST /v1/advertiser/create. */
export const createAdvertiserRequestSchema = z.strictObject({
  name: advertiserNameField,
  currency: currencyField,
  ...advertiserFields,
});
export type CreateAdvertiserRequest = z.output<typeof createAdvertiserRequestSchema>;

/** PUT /v1/advertiser/update: each field kept when left out; the advertiser as answered may come back. */
export const updateAdvertiserRequestSchema = z.strictObject({
  id: idField('id'),
  name: z.optional(advertiserNameField),
  currency: z.optional(currencyField),
  ...advertiserFields,
  ...serverOwnedFields(['unnamed', 'createdAt', 'updatedAt', 'ownerEmail']),
});
export type UpdateAdvertiserRequest = z.output<typeof updateAdvertiserRequestSchema>;

const inOrder = (range: { start?: { date: string } | null; end?: { date: string } | null }) =>
  !range.start || !range.end || range.end.date >= range.start.date;
const orderFlightMessage = { message: CAMPAIGN_END_BEFORE_START, path: ['end'] };
const orderDay = (label: string) => z.optional(z.nullable(z.strictObject({ date: plainDay(label) })));
const insertionOrderFields = {
  poNumber: z
    .string({ error: ADVERTISER_MESSAGES.poNumber })
    .check(
      z.trim(),
      z.minLength(1, ADVERTISER_MESSAGES.poNumber),
      z.maxLength(MAX_PO_NUMBER_LENGTH, ADVERTISER_MESSAGES.poNumberTooLong),
    ),
  name: z
    .string({ error: ADVERTISER_MESSAGES.insertionOrderName })
    .check(
      z.trim(),
      z.minLength(1, ADVERTISER_MESSAGES.insertionOrderName),
      z.maxLength(MAX_ADVERTISER_NAME_LENGTH, ADVERTISER_MESSAGES.insertionOrderNameTooLong),
    ),
  start: orderDay('start.date'),
  end: orderDay('end.date'),
  budget: z
    .number({ error: ADVERTISER_MESSAGES.insertionOrderBudget })
    .check(
      z.gte(0, ADVERTISER_MESSAGES.insertionOrderBudget),
      z.lte(MAX_INSERTION_ORDER_BUDGET, ADVERTISER_MESSAGES.insertionOrderBudget),
    ),
  /** The campaigns it funds (the advertiser's): the whole list; a campaign leaves its previous order. */
  campaignIds: z.optional(idListField('campaignIds')),
};

/** POST /v1/insertion-order/create. */
export const createInsertionOrderRequestSchema = z
  .strictObject({ advertiserId: idField('advertiserId'), ...insertionOrderFields })
  .check(z.refine(inOrder, orderFlightMessage));
export type CreateInsertionOrderRequest = z.output<typeof createInsertionOrderRequestSchema>;

/** PUT /v1/insertion-order/update: each field kept when left out; the order as answered may come back. */
export const updateInsertionOrderRequestSchema = z
  .strictObject({
    id: idField('id'),
    poNumber: z.optional(insertionOrderFields.poNumber),
    name: z.optional(insertionOrderFields.name),
    start: insertionOrderFields.start,
    end: insertionOrderFields.end,
    budget: z.optional(insertionOrderFields.budget),
    campaignIds: insertionOrderFields.campaignIds,
    ...serverOwnedFields([
      'advertiserId',
      'currency',
      'createdAt',
      'updatedAt',
      'booked',
      'delivered',
      'spent',
      'left',
      'campaigns',
    ]),
  })
  .check(z.refine(inOrder, orderFlightMessage));
export type UpdateInsertionOrderRequest = z.output<typeof updateInsertionOrderRequestSchema>;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
/** GET /v1/advertiser/report: the advertiser and the local days (both included) in a zone (UTC unless named). */
export const advertiserReportQuerySchema = z
  .strictObject({
    id: idField('id'),
    startDate: plainDay('startDate'),
    endDate: plainDay('endDate'),
    timezone: z._default(ianaZoneField, 'UTC'),
  })
  .check(
    z.refine((query) => query.startDate <= query.endDate, {
      message: 'startDate must not be after endDate',
      path: ['startDate'],
    }),
    z.refine((query) => dayNumber(query.endDate) - dayNumber(query.startDate) < MAX_REPORT_DAYS, {
      message: `A report covers at most ${MAX_REPORT_DAYS.toLocaleString('en-US')} days`,
      path: ['endDate'],
    }),
  );
export type AdvertiserReportQuery = z.output<typeof advertiserReportQuerySchema>;
