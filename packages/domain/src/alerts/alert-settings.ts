// Alert settings (docs/alerts.md): which rules watch a campaign and at what threshold. An account sets
// its defaults, a campaign may override any of them, and what neither sets is the product's default
// below. Both levels are stored as partial settings (only what the user chose), so a product default
// that changes reaches everyone who kept it. Built with `zod/mini`: the console validates the same form.
import { z } from 'zod/mini';
import { alertSettingMessage } from '../validation/messages';
import { ALERT_QUIET_HOURS } from './alert-lifecycle';

export const ALERT_RULES = [
  'delivery-drop',
  'delivery-spike',
  'no-delivery',
  'invalid-traffic',
  'vast-errors',
  'pacing-behind',
  'flight-ending',
  'budget',
] as const;
export type AlertRule = (typeof ALERT_RULES)[number];

export const ALERT_RULE_LABELS: Record<AlertRule, string> = {
  'delivery-drop': 'Delivery drop',
  'delivery-spike': 'Delivery spike',
  'no-delivery': 'No delivery',
  'invalid-traffic': 'Invalid traffic',
  'vast-errors': 'VAST errors',
  'pacing-behind': 'Pacing behind',
  'flight-ending': 'Flight ending',
  budget: 'Budget',
};

/** Every rule's settings once the levels are merged. */
export interface AlertSettings {
  'delivery-drop': { enabled: boolean; percent: number; floor: number };
  'delivery-spike': { enabled: boolean; multiple: number; floor: number };
  'no-delivery': { enabled: boolean; hours: number };
  'invalid-traffic': { enabled: boolean; percent: number };
  'vast-errors': { enabled: boolean; percent: number };
  'pacing-behind': { enabled: boolean; percent: number };
  'flight-ending': { enabled: boolean; days: number };
  budget: { enabled: boolean; percent: number };
  /** Hours a closed alert stays quiet before the same rule may fire again for the campaign. */
  quietHours: number;
}

/** The product's defaults: what an account and a campaign get until someone changes them. */
export const ALERT_DEFAULTS: AlertSettings = {
  // Below 50 % of the median of the same local hour of the week over the last 4 weeks, when that
  // median is at least 100 impressions (below it, an hour's count is too small to tell noise from a break).
  'delivery-drop': { enabled: true, percent: 50, floor: 100 },
  // Above 3 times that median, with the same floor.
  'delivery-spike': { enabled: true, multiple: 3, floor: 100 },
  'no-delivery': { enabled: true, hours: 2 },
  'invalid-traffic': { enabled: true, percent: 10 },
  'vast-errors': { enabled: true, percent: 5 },
  // Projected to miss the goal by more than 10 % (the pacing's 'at risk').
  'pacing-behind': { enabled: true, percent: 10 },
  'flight-ending': { enabled: true, days: 3 },
  // 90 % of the lifetime or today's budget spent (campaigns/budget.ts: nearly spent), and again when spent.
  budget: { enabled: true, percent: 90 },
  quietHours: ALERT_QUIET_HOURS,
};

/**
 * A whole number with a comma between thousands, as `toLocaleString('en-US')` writes it: this module
 * loads on every page that shares the console's code, and an `Intl` formatter built while it loads
 * cost the share page about 15 ms on a phone's CPU (docs/console.md, "The console's takeover in slices").
 */
const withThousands = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A number field of a rule's settings, with the one message for every way it can be wrong. */
const bounded = (
  setting: string,
  range: { min: number; max: number; unit?: string; whole?: boolean; aboveMin?: boolean },
) => {
  const message = alertSettingMessage(
    setting,
    `${range.whole ? 'a whole number' : 'a number'} ${range.aboveMin ? `above ${range.min} and up` : `from ${range.min}`} to ${withThousands(range.max)}${range.unit ? ` (${range.unit})` : ''}`,
  );
  return z.optional(
    z
      .number({ error: message })
      .check(
        ...(range.whole ? [z.int({ error: message })] : []),
        range.aboveMin ? z.gt(range.min, { error: message }) : z.gte(range.min, { error: message }),
        z.lte(range.max, { error: message }),
      ),
  );
};

const enabled = (rule: AlertRule) =>
  z.optional(
    z.boolean({
      error: alertSettingMessage(`Whether the ${ALERT_RULE_LABELS[rule]} alert is on`, 'true or false'),
    }),
  );

const floor = bounded('The smallest usual hour an alert compares with', {
  min: 0,
  max: 1_000_000_000,
  unit: 'impressions',
  whole: true,
});

/** One level of settings (an account's defaults, or a campaign's overrides): every field optional. */
export const alertSettingsSchema = z.object({
  'delivery-drop': z.optional(
    z.object({
      enabled: enabled('delivery-drop'),
      percent: bounded('The delivery drop threshold', { min: 1, max: 99, unit: '% of the usual hour' }),
      floor,
    }),
  ),
  'delivery-spike': z.optional(
    z.object({
      enabled: enabled('delivery-spike'),
      multiple: bounded('The delivery spike threshold', {
        min: 1,
        max: 100,
        unit: 'times the usual hour',
        aboveMin: true,
      }),
      floor,
    }),
  ),
  'no-delivery': z.optional(
    z.object({
      enabled: enabled('no-delivery'),
      hours: bounded('The hours without delivery', { min: 1, max: 168, unit: 'hours', whole: true }),
    }),
  ),
  'invalid-traffic': z.optional(
    z.object({
      enabled: enabled('invalid-traffic'),
      percent: bounded('The invalid traffic threshold', { min: 0, max: 100, unit: '% of ad requests' }),
    }),
  ),
  'vast-errors': z.optional(
    z.object({
      enabled: enabled('vast-errors'),
      percent: bounded('The VAST error threshold', { min: 0, max: 1000, unit: '% of impressions' }),
    }),
  ),
  'pacing-behind': z.optional(
    z.object({
      enabled: enabled('pacing-behind'),
      percent: bounded('The pacing shortfall threshold', { min: 1, max: 100, unit: '% short of the goal' }),
    }),
  ),
  'flight-ending': z.optional(
    z.object({
      enabled: enabled('flight-ending'),
      days: bounded('The days before the flight ends', { min: 1, max: 30, unit: 'days', whole: true }),
    }),
  ),
  budget: z.optional(
    z.object({
      enabled: enabled('budget'),
      percent: bounded('The budget threshold', { min: 1, max: 100, unit: '% of a budget spent' }),
    }),
  ),
  quietHours: bounded('The quiet period after an alert closes', {
    min: 0,
    max: 168,
    unit: 'hours',
    whole: true,
  }),
});
export type AlertSettingsLevel = z.infer<typeof alertSettingsSchema>;

/**
 * The settings a campaign's alerts run with: each field from the campaign's overrides, else from its
 * account's defaults, else the product's (ALERT_DEFAULTS). Both levels are parsed ones.
 */
export function resolveAlertSettings(
  account: AlertSettingsLevel | undefined,
  campaign: AlertSettingsLevel | undefined,
): AlertSettings {
  const pick = <R extends AlertRule>(rule: R): AlertSettings[R] => {
    const defined = (level: AlertSettingsLevel | undefined) =>
      Object.fromEntries(Object.entries(level?.[rule] ?? {}).filter(([, value]) => value !== undefined));
    return { ...ALERT_DEFAULTS[rule], ...defined(account), ...defined(campaign) } as AlertSettings[R];
  };
  return {
    'delivery-drop': pick('delivery-drop'),
    'delivery-spike': pick('delivery-spike'),
    'no-delivery': pick('no-delivery'),
    'invalid-traffic': pick('invalid-traffic'),
    'vast-errors': pick('vast-errors'),
    'pacing-behind': pick('pacing-behind'),
    'flight-ending': pick('flight-ending'),
    budget: pick('budget'),
    quietHours: campaign?.quietHours ?? account?.quietHours ?? ALERT_DEFAULTS.quietHours,
  };
}
