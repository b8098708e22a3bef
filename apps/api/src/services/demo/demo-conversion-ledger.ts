// The demo campaign's conversions (docs/conversions.md), so the first look at its report shows
// them full: drawn from the demo's own valid clicks (a share of each 15-minute row's clicks converts, at
// the row's breakdown values), each some hours or days after its click, and written as the postback
// writes them (ConversionLedger.writeBatch: the ledger and the events in one transaction), so the report,
// the lag chart and the invalid-conversions panel read what a live campaign would give them. A few are
// not counted, each for a reason the panel lists: an order sent twice, a click past its window, an id
// tampered with, a click of invalid traffic, a value over the purchase's maximum, a click past its
// conversions per click, a postback without the key, a bot's tag call, a tag call worth far more than
// the shop's baskets (implausible). The shop's server sends its purchases signed with the action's key
// (postbacks), the site's tag unsigned, so the report's signed, unsigned and refused figures all have
// something.
import type { ConversionLedgerRow } from '../../db/queries/conversion-ledger';
import type { TrackedEvent } from '../events/tracked-event';
import { newId } from '../ids';
import type { LedgerEntry } from '../serving/conversion-ledger';
import { orderHash } from '../serving/conversions';
import { mulberry32 } from './seeded-random';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface DemoConversionActions {
  /** Every conversion counts, with a value (30-day window), up to a maximum, so many per click. */
  purchase: {
    id: string;
    currency: string;
    lookbackDays: number;
    maxValueMinor: number;
    maxPerClick: number;
  };
  /** One per click, no value (7-day window). */
  signUp: { id: string; lookbackDays: number };
}

/** Days from click to conversion: most the same day, a tail over two weeks. */
const LAG_DAYS: readonly (readonly [number, number])[] = [
  [0, 0.52],
  [1, 0.18],
  [2, 0.09],
  [3, 0.06],
  [5, 0.06],
  [8, 0.05],
  [13, 0.04],
];

const pickLag = (random: () => number) => {
  let left = random();
  for (const [days, share] of LAG_DAYS) {
    left -= share;
    if (left < 0) return days;
  }
  return 0;
};

/**
 * The demo's conversions from its events: about 3 % of valid clicks buy (USD 19-189, in cents) and 2 %
 * sign up; every conversion is at most `now`. Pure and seeded: the same events give the same rows.
 */
export function demoConversionEntries(
  events: readonly TrackedEvent[],
  campaignId: string,
  actions: DemoConversionActions,
  secret: Buffer,
  now: Date,
): LedgerEntry[] {
  const random = mulberry32(45_045);
  const entries: LedgerEntry[] = [];
  let order = 1000;
  const entry = (
    click: TrackedEvent,
    action: { id: string },
    fields: Partial<ConversionLedgerRow> & { converted_at: Date },
  ): LedgerEntry => {
    const clickId = `demo.${newId()}`;
    const source = random() < 0.7 ? 'tag' : 'postback';
    return {
      row: {
        id: newId(),
        action_id: action.id,
        campaign_id: campaignId,
        live_id: click.liveId,
        click_impression_id: clickId,
        clicked_at: click.at,
        value_minor: 0,
        currency: null,
        order_hash: null,
        click_key: null,
        reason: null,
        source,
        signed: source === 'postback',
        ...fields,
      },
      dims: click.dims ?? { site: '', device: '', os: '', browser: '', country: '' },
      cap: action.id === actions.purchase.id ? actions.purchase.maxPerClick : null,
    };
  };
  for (const click of events) {
    if (click.type !== 'click') continue;
    const invalidClick = click.reason !== null && click.reason !== undefined;
    for (let index = 0; index < click.count; index += 1) {
      const draw = random();
      const at = new Date(click.at.getTime() + pickLag(random) * DAY_MS + random() * 10 * HOUR_MS);
      if (at.getTime() > now.getTime()) continue;
      if (invalidClick) {
        // A bot's click that "converts" now and then: stored, never counted.
        if (draw < 0.01)
          entries.push(entry(click, actions.purchase, { converted_at: at, reason: 'invalid-click' }));
        // Its tag call from a headless browser: counted as refused, not stored.
        else if (draw < 0.02)
          entries.push(
            entry(click, actions.purchase, {
              converted_at: at,
              reason: 'invalid-traffic',
              source: 'tag',
              signed: false,
            }),
          );
        continue;
      }
      if (draw < 0.03) {
        const value = 1900 + Math.floor(random() * 17_000);
        order += 1;
        const hash = orderHash(secret, `DEMO-${order}`);
        const purchase = { converted_at: at, value_minor: value, currency: actions.purchase.currency };
        entries.push(entry(click, actions.purchase, { ...purchase, order_hash: hash }));
        // The shop's confirmation page reloaded now and then: the same order again.
        if (random() < 0.04)
          entries.push(
            entry(click, actions.purchase, { ...purchase, order_hash: hash, reason: 'duplicate-order' }),
          );
        // Now and then a basket over the action's maximum, a click posted past its conversions per
        // click, or a postback from a server that forgot the key: stored or counted, never in the figures.
        const odd = random();
        if (odd < 0.03)
          entries.push(
            entry(click, actions.purchase, {
              ...purchase,
              value_minor: actions.purchase.maxValueMinor + 1 + Math.floor(random() * 90_000),
              reason: 'over-max-value',
            }),
          );
        else if (odd < 0.05)
          entries.push(entry(click, actions.purchase, { ...purchase, reason: 'click-cap', signed: false }));
        else if (odd < 0.07)
          entries.push(
            entry(click, actions.purchase, {
              ...purchase,
              reason: 'unsigned',
              source: 'postback',
              signed: false,
            }),
          );
        // A tag call worth far more than the shop's baskets (docs/conversions.md, "Signed postbacks and caps").
        else if (odd < 0.1)
          entries.push(
            entry(click, actions.purchase, {
              ...purchase,
              value_minor: purchase.value_minor * 150,
              reason: 'implausible',
              source: 'tag',
              signed: false,
            }),
          );
      } else if (draw < 0.05) {
        const signUp = entry(click, actions.signUp, { converted_at: at });
        signUp.row.click_key = signUp.row.click_impression_id;
        entries.push(signUp);
      } else if (draw < 0.0505) {
        // A purchase a month and more after its click: past the 30-day window.
        const late = new Date(
          click.at.getTime() + (actions.purchase.lookbackDays + 1 + random() * 9) * DAY_MS,
        );
        if (late.getTime() <= now.getTime())
          entries.push(entry(click, actions.purchase, { converted_at: late, reason: 'expired' }));
      } else if (draw < 0.0508) {
        // An id edited by hand: nothing in it can be believed, not even its creative.
        const forged = entry(click, actions.purchase, { converted_at: at, reason: 'forged', signed: false });
        Object.assign(forged.row, { live_id: null, click_impression_id: null, clicked_at: null });
        entries.push(forged);
      }
    }
  }
  return entries.sort((a, b) => a.row.converted_at.getTime() - b.row.converted_at.getTime());
}

/** Writes the demo's conversions as the postback does, 500 a transaction. */
export async function seedDemoConversions(
  ledger: { writeBatch(entries: readonly LedgerEntry[]): Promise<unknown> },
  entries: readonly LedgerEntry[],
): Promise<void> {
  for (let offset = 0; offset < entries.length; offset += 500)
    await ledger.writeBatch(entries.slice(offset, offset + 500));
}
