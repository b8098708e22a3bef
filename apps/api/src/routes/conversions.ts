// Conversion action calls (docs/conversions.md): declarations; the work is in
// services/conversions/actions.
import { contract, MESSAGES } from '@adconsole/domain';
import { defineRoute } from '../http/routes';
import * as actions from '../services/conversions/actions';

const notYours = `${MESSAGES.conversionActionNotFound} (also for an action that is not yours)`;
const campaignNotYours = `${MESSAGES.campaignNotFound} (also for a campaign that is not yours)`;
const refused =
  "A name missing or over 100 characters, an unknown type or counting, a lookback outside 1-90 days, a currency that is not ISO 4217, or a currency other than the campaign's: its booked rate's when it has one, else its other actions'; a new currency for an action that has counted conversions; an unknown rule for unsigned conversions, conversions per click outside 1-100, a maximum value that is not an amount of the currency.";

export const conversionRoutes = [
  defineRoute({
    call: contract.getConversionAction,
    access: 'user',
    summary:
      'One conversion action: what a campaign counts as a conversion (type), how (every conversion or one per click), within how many days of the click (lookback) and in which currency its value is summed.',
    tag: 'Conversions',
    errors: { 404: notYours },
    handler: ({ input, user, ctx }) => actions.getConversionAction(ctx, user, input.id),
  }),
  defineRoute({
    call: contract.listConversionActions,
    access: 'user',
    summary: "A campaign's conversion actions, oldest first, archived ones too (archived: true).",
    tag: 'Conversions',
    errors: { 404: campaignNotYours },
    handler: ({ input, user, ctx }) => actions.listConversionActions(ctx, user, input.campaignID),
  }),
  defineRoute({
    call: contract.createConversionAction,
    audit: 'conversionAction',
    access: 'user',
    summary:
      "Create a conversion action of one of your campaigns. Counting defaults to every conversion, the lookback to 30 days, the currency to the campaign's booked rate's (else its other actions', else USD). Conversions reach it through the site tag /serve/conv.js or the postback /serve/conv/{id}.",
    tag: 'Conversions',
    errors: { 400: refused, 404: campaignNotYours },
    handler: ({ input, user, ctx }) => actions.createConversionAction(ctx, user, input),
  }),
  defineRoute({
    call: contract.updateConversionAction,
    audit: 'conversionAction',
    access: 'user',
    summary:
      "Change a conversion action's name, type, counting, lookback, currency (not once it has counted conversions: make a new action), which conversions count without the postback key, conversions per click or maximum value; each is kept when left out. Conversions already counted stay counted.",
    tag: 'Conversions',
    errors: { 400: refused, 404: notYours },
    handler: ({ input, user, ctx }) => actions.updateConversionAction(ctx, user, input),
  }),
  defineRoute({
    call: contract.archiveConversionAction,
    audit: 'conversionAction',
    access: 'user',
    summary:
      'Archive a conversion action: it counts no more conversions (they are kept as not counted), stays listed, and the conversions it counted stay in the reports.',
    tag: 'Conversions',
    errors: { 404: notYours },
    handler: ({ input, user, ctx }) => actions.setConversionActionArchived(ctx, user, input.id, true),
  }),
  defineRoute({
    call: contract.unarchiveConversionAction,
    audit: 'conversionAction',
    access: 'user',
    summary: 'Restore an archived conversion action: it counts conversions again.',
    tag: 'Conversions',
    errors: { 404: notYours },
    handler: ({ input, user, ctx }) => actions.setConversionActionArchived(ctx, user, input.id, false),
  }),
  defineRoute({
    call: contract.rotatePostbackKey,
    audit: 'conversionAction',
    access: 'user',
    summary:
      "Make a new postback key for a conversion action, answered this once (only its last four characters are kept to show): the advertiser's server sends it as 'Authorization: Bearer <key>' with each postback. The key it replaces stops working.",
    tag: 'Conversions',
    errors: { 404: notYours },
    handler: ({ input, user, ctx }) => actions.rotatePostbackKey(ctx, user, input.id),
  }),
];
