// The demo campaign's conversion actions (docs/conversions.md), so a newcomer finds the
// Conversions card filled and its snippets ready: a "Purchase" counting every conversion within 30 days,
// in the campaign's currency (its booked rate's), and a "Newsletter sign-up" counting one per click
// within 7 days. Made at the flight's start, as the create call makes them (rows and audit entries).
// The demo's conversions themselves are seeded beside the other events (the serving side's part).
import { randomBytes } from 'node:crypto';
import { changedFields } from '@adconsole/domain';
import type { Queryable } from '../../db/database';
import { insertAuditRow } from '../../db/queries/audit-log';
import { insertConversionAction, setPostbackKey } from '../../db/queries/conversion-actions';
import { conversionActionChange } from '../audit/snapshots';
import { newId } from '../ids';
import { postbackKeyHash } from '../serving/conversions';

/** A postback key nobody is shown: its hash and hint only, as a rotated key is kept. */
const demoKey = () => {
  const key = `adck_${randomBytes(32).toString('base64url')}`;
  return { hash: postbackKeyHash(key), hint: key.slice(-4) };
};

interface DemoConversionsInput {
  campaignId: string;
  owner: { id: string; email: string };
  /** The campaign's currency (its booked rate's). */
  currency: string;
  /** When the actions were made: the flight's start. */
  at: Date;
}

/**
 * The demo's two actions: their settings as the create call takes them. The purchase takes postbacks
 * only with its key (the tag counts without), at most 5 conversions a click and 500.00 a conversion; the
 * sign-up, made by the site's tag, counts one per click.
 */
const DEMO_CONVERSION_ACTIONS = [
  {
    name: 'Purchase',
    type: 'purchase',
    counting: 'every',
    lookback_days: 30,
    unsigned: 'tag-only',
    max_per_click: 5,
    max_value_minor: 50_000,
  },
  {
    name: 'Newsletter sign-up',
    type: 'sign-up',
    counting: 'one-per-click',
    lookback_days: 7,
    unsigned: 'tag-only',
    max_per_click: 5,
    max_value_minor: null,
  },
] as const;

/** Seeds the actions; answers their ids, the purchase's first. */
export async function seedDemoConversionActions(
  db: Queryable,
  { campaignId, owner, currency, at }: DemoConversionsInput,
): Promise<string[]> {
  const ids: string[] = [];
  for (const [index, action] of DEMO_CONVERSION_ACTIONS.entries()) {
    const inserted = await insertConversionAction(db, {
      id: newId(),
      campaign_id: campaignId,
      ...action,
      currency,
      created_at: new Date(at.getTime() + index * 60_000),
    });
    // The purchase's postback key, as the shop's server has it (nobody else: a new one can be made).
    const key = index === 0 ? await setPostbackKey(db, inserted.id, demoKey()) : undefined;
    const made = key ?? inserted;
    const change = conversionActionChange(null, made);
    await insertAuditRow(db, {
      actorId: owner.id,
      actorEmail: owner.email,
      entity: 'conversionAction',
      entityId: made.id,
      campaignId,
      action: 'create',
      changes: changedFields(change.before, change.after),
      route: 'POST /v1/campaign/conversionActions',
      requestId: null,
      at: made.created_at,
    });
    ids.push(made.id);
  }
  return ids;
}
