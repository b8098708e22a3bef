// Requests of the campaign calls (docs/product.md §7): the list's page, and a campaign's name, flight
// dates, advertiser, goal, rate and click parameter, as a body or as the whole campaign the server answered.
import { z } from 'zod/mini';
import { campaignBudgetSchema } from '../../campaigns/budget';
import { CAMPAIGN_SORTS, CAMPAIGN_STATUSES } from '../../campaigns/campaign-list';
import { isCampaignTimezone } from '../../campaigns/flight';
import { campaignGoalSchema, campaignRateSchema } from '../../campaigns/pricing';
import { DELIVERY_MODES } from '../../constants';
import { dayField, idField, integerField } from '../../validation/fields';
import { MESSAGES } from '../../validation/messages';
import { serverOwnedFields } from '../common/requests';
import { clickParamField } from '../conversions/requests';

/**
 * `paginate[page]` as a flat query key, or nested `paginate.page` as qs-style parsers give it; beyond
 * docs/product.md §7, a search (`q`), a status (`status`) and an order (`sort`, `order`) applied across
 * every page (campaigns/campaign-list.ts).
 */
export const campaignListQuerySchema = z.pipe(
  z.strictObject({
    'paginate[page]': z.optional(integerField('paginate[page]', 1, 1_000_000)),
    paginate: z.optional(z.strictObject({ page: integerField('paginate[page]', 1, 1_000_000) })),
    q: z.optional(
      z
        .string({ error: 'q must be a text' })
        .check(z.trim(), z.maxLength(100, 'q is too long (100 characters at most)')),
    ),
    status: z.optional(
      z.enum(CAMPAIGN_STATUSES, { error: `status must be one of: ${CAMPAIGN_STATUSES.join(', ')}` }),
    ),
    sort: z.optional(z.enum(CAMPAIGN_SORTS, { error: `sort must be one of: ${CAMPAIGN_SORTS.join(', ')}` })),
    order: z.optional(z.enum(['asc', 'desc'], { error: "order must be 'asc' or 'desc'" })),
  }),
  z.transform(({ q, status, sort, order, ...query }) => ({
    page: query['paginate[page]'] ?? query.paginate?.page ?? 1,
    ...(q ? { q } : {}),
    ...(status ? { status } : {}),
    ...(sort ? { sort } : {}),
    ...(order ? { order } : {}),
  })),
);
export type CampaignListQuery = z.output<typeof campaignListQuerySchema>;

export const CAMPAIGN_VIEWS = ['mine', 'all'] as const;
export type CampaignView = (typeof CAMPAIGN_VIEWS)[number];

const flightDate = (label: string) => z.optional(z.nullable(z.strictObject({ date: dayField(label) })));

/** A campaign's flight ends on or after the day it starts. */
export const CAMPAIGN_END_BEFORE_START = 'The end date must be on or after the start date';
/**
 * The longest flight with both dates set (ten years of days, as the longest report): pacing and alerts
 * walk a flight's days. A campaign without an end leaves the end open.
 */
export const MAX_CAMPAIGN_FLIGHT_DAYS = 3660;
export const CAMPAIGN_FLIGHT_TOO_LONG = `A flight runs at most ${MAX_CAMPAIGN_FLIGHT_DAYS.toLocaleString('en-US')} days (ten years): choose an earlier end date, or leave the end open`;

/** The zone a campaign's flight dates are read in (campaigns/flight.ts). */
export const CAMPAIGN_TIMEZONE_MESSAGE = 'Choose the timezone of the flight dates from the list';
const campaignTimezone = z.optional(
  z
    .string({ error: CAMPAIGN_TIMEZONE_MESSAGE })
    .check(z.refine(isCampaignTimezone, CAMPAIGN_TIMEZONE_MESSAGE)),
);

/** The campaign's advertiser (VAST's <Advertiser>): optional; empty or null clears it. */
export const MAX_CAMPAIGN_ADVERTISER_LENGTH = 200;
export const CAMPAIGN_ADVERTISER_TOO_LONG = `Advertiser is too long (${MAX_CAMPAIGN_ADVERTISER_LENGTH} characters at most)`;
const campaignAdvertiser = z.optional(
  z.nullable(
    z
      .string({ error: 'Advertiser must be a text' })
      .check(z.trim(), z.maxLength(MAX_CAMPAIGN_ADVERTISER_LENGTH, CAMPAIGN_ADVERTISER_TOO_LONG)),
  ),
);

const flightFields = {
  start: flightDate('data.start.date'),
  end: flightDate('data.end.date'),
  timezone: campaignTimezone,
  advertiser: campaignAdvertiser,
  /** The primary goal (campaigns/pricing.ts); null clears it. */
  goal: z.optional(z.nullable(campaignGoalSchema)),
  /** As fast as possible (`asap`) or evenly (`even`: only with a goal); delivery/even-delivery.ts. */
  deliveryMode: z.optional(z.enum(DELIVERY_MODES, { error: MESSAGES.deliveryMode })),
  /** The booked rate (campaigns/pricing.ts); null clears it. */
  rate: z.optional(z.nullable(campaignRateSchema)),
  /** The budget in the rate's currency (campaigns/budget.ts: it needs a rate); null clears it. */
  budget: z.optional(z.nullable(campaignBudgetSchema)),
  /** The landing URL's parameter carrying the click id (docs/conversions.md; adc_click unless named). */
  clickParam: z.optional(clickParamField),
};
// 'YYYY-MM-DD[ HH:mm[:ss]]' texts compare in time order.
const flightInOrder = (flight: { start?: { date: string } | null; end?: { date: string } | null }) =>
  !flight.start || !flight.end || flight.end.date.slice(0, 10) >= flight.start.date.slice(0, 10);
const flightOrderMessage = { message: CAMPAIGN_END_BEFORE_START, path: ['end'] };
const dayNumber = (date: string) => Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / 86_400_000;
const flightNotTooLong = (flight: { start?: { date: string } | null; end?: { date: string } | null }) =>
  !flight.start ||
  !flight.end ||
  !(dayNumber(flight.end.date) - dayNumber(flight.start.date) >= MAX_CAMPAIGN_FLIGHT_DAYS);
const flightLengthMessage = { message: CAMPAIGN_FLIGHT_TOO_LONG, path: ['end'] };
// Even delivery follows a goal (or a lifetime budget: campaigns/budget.ts, deliveryTarget): a body that asks
// for it while clearing both is refused here; one that leaves either unsaid is judged with the stored one
// (deliveryModeProblem).
const evenWithGoal = (data: { deliveryMode?: string | undefined; goal?: unknown; budget?: unknown }) =>
  !(
    data.deliveryMode === 'even' &&
    data.goal === null &&
    (data.budget === null || data.budget === undefined)
  );
const evenWithGoalMessage = { message: MESSAGES.evenNeedsGoal, path: ['deliveryMode'] };

const campaignName = z
  .string({ error: 'Fill in the campaign name' })
  .check(
    z.trim(),
    z.minLength(1, 'Fill in the campaign name'),
    z.maxLength(200, 'Campaign name is too long (200 characters at most)'),
  );

/** What a client writes of a campaign: its name, flight dates and advertiser (the campaign form's fields). */
export const campaignBodySchema = z.strictObject({
  id: z.optional(idField('id')),
  name: campaignName,
  /** Its advertiser (one of the owner's); left out, `data.advertiser` names it, else it stays as it is. */
  advertiserId: z.optional(z.nullable(idField('advertiserId'))),
  /** The insertion order (of its advertiser) that funds it; null unlinks it. */
  insertionOrderId: z.optional(z.nullable(idField('insertionOrderId'))),
  data: z.optional(
    z
      .strictObject(flightFields)
      .check(
        z.refine(flightInOrder, flightOrderMessage),
        z.refine(flightNotTooLong, flightLengthMessage),
        z.refine(evenWithGoal, evenWithGoalMessage),
      ),
  ),
});
export type CampaignBody = z.infer<typeof campaignBodySchema>;

/** The campaign entity's fields that are not the client's to write (docs/product.md §3 and the answer). */
export const CAMPAIGN_SERVER_OWNED = [
  'creatives',
  'videoCompletes',
  'reportURL',
  'report',
  'updatedAt',
  'dataPulledAt',
  'scheduledReports',
  'lastReportDates',
  'lastReportUpdate',
  'lastVideoDates',
  'lastEventDates',
  'listView',
  'pagination',
  'createdAt',
  'ownerEmail',
  'archivedAt',
  'pausedAt',
  'pausedBy',
  'pacing',
  'budgetStatus',
  'deliveryRules',
] as const;

/**
 * POST /v1/campaign/new and PUT /v1/campaign/update: the campaign body, or the whole campaign as the
 * server answered it. Server-owned fields (and the counters in `data`) are accepted and dropped;
 * unknown fields are refused.
 */
export const campaignRequestSchema = z.pipe(
  z.strictObject({
    ...campaignBodySchema.shape,
    ...serverOwnedFields(CAMPAIGN_SERVER_OWNED),
    data: z.optional(
      z
        .strictObject({ ...flightFields, ...serverOwnedFields(['impressions', 'engagement', 'clicks']) })
        .check(
          z.refine(flightInOrder, flightOrderMessage),
          z.refine(flightNotTooLong, flightLengthMessage),
          z.refine(evenWithGoal, evenWithGoalMessage),
        ),
    ),
  }),
  z.transform(({ id, name, data, advertiserId, insertionOrderId }): CampaignBody => {
    const body: CampaignBody = { name };
    if (id !== undefined) body.id = id;
    if (advertiserId !== undefined) body.advertiserId = advertiserId;
    if (insertionOrderId !== undefined) body.insertionOrderId = insertionOrderId;
    if (data !== undefined) {
      body.data = {};
      if (data.start !== undefined) body.data.start = data.start;
      if (data.end !== undefined) body.data.end = data.end;
      if (data.timezone !== undefined) body.data.timezone = data.timezone;
      if (data.advertiser !== undefined) body.data.advertiser = data.advertiser;
      if (data.goal !== undefined) body.data.goal = data.goal;
      if (data.rate !== undefined) body.data.rate = data.rate;
      if (data.budget !== undefined) body.data.budget = data.budget;
      if (data.deliveryMode !== undefined) body.data.deliveryMode = data.deliveryMode;
      if (data.clickParam !== undefined) body.data.clickParam = data.clickParam;
    }
    return body;
  }),
);

const duplicateFlight = (body: { start?: string | null | undefined; end?: string | null | undefined }) => ({
  start: body.start ? { date: body.start } : null,
  end: body.end ? { date: body.end } : null,
});

/**
 * POST /v1/campaign/duplicate: the campaign to copy and, optionally, the copy's name and flight days
 * (docs/product.md §4, "Duplicating a campaign"): checked as a campaign's name and flight are (on or after
 * the start, at most MAX_CAMPAIGN_FLIGHT_DAYS); a day left out keeps the original's, null leaves that side
 * open. The server checks the flight the copy ends up with again.
 */
export const campaignDuplicateSchema = z
  .strictObject({
    campaignID: idField('campaignID'),
    name: z.optional(campaignName),
    /** The copy's advertiser and insertion order; left out, the original's. */
    advertiserId: z.optional(z.nullable(idField('advertiserId'))),
    insertionOrderId: z.optional(z.nullable(idField('insertionOrderId'))),
    start: z.optional(z.nullable(dayField('start'))),
    end: z.optional(z.nullable(dayField('end'))),
  })
  .check(
    z.refine((body) => flightInOrder(duplicateFlight(body)), flightOrderMessage),
    z.refine((body) => flightNotTooLong(duplicateFlight(body)), flightLengthMessage),
  );
export type CampaignDuplicateBody = z.infer<typeof campaignDuplicateSchema>;

/**
 * The problem of a copy's flight (the days sent, the others the original's), as a 400's message naming
 * the field; undefined when there is none.
 */
export function duplicateFlightProblem(flight: {
  start?: { date: string } | null;
  end?: { date: string } | null;
}): string | undefined {
  if (!flightInOrder(flight)) return `end: ${CAMPAIGN_END_BEFORE_START}`;
  if (!flightNotTooLong(flight)) return `end: ${CAMPAIGN_FLIGHT_TOO_LONG}`;
  return undefined;
}

/**
 * The duplicate dialog's fields (the console's "Duplicate campaign"): the copy's name and flight dates as
 * the campaign form holds them (`{ date }` or null), checked as a campaign's are.
 */
export const campaignCopySchema = z
  .strictObject({
    name: campaignName,
    start: z.nullable(z.strictObject({ date: dayField('Start date') })),
    end: z.nullable(z.strictObject({ date: dayField('End date') })),
  })
  .check(z.refine(flightInOrder, flightOrderMessage), z.refine(flightNotTooLong, flightLengthMessage));
export type CampaignCopy = z.infer<typeof campaignCopySchema>;

/** PUT /v1/campaign/update: a campaign (body or whole entity) that names the campaign. */
export const campaignUpdateBodySchema = campaignRequestSchema.check(
  z.refine((body) => body.id !== undefined, { message: 'id must be an id', path: ['id'] }),
);
export type CampaignUpdateBody = CampaignBody & { id: string };

/**
 * The problem of a campaign's delivery mode with what it will pace to (the goal, or the events its
 * lifetime budget buys: campaigns/budget.ts, deliveryTarget; the stored ones when the body leaves them
 * unsaid), as a 400's message naming the field; undefined when there is none.
 */
export function deliveryModeProblem(mode: string | undefined, goal: unknown): string | undefined {
  return mode === 'even' && !goal ? `data.deliveryMode: ${MESSAGES.evenNeedsGoal}` : undefined;
}
