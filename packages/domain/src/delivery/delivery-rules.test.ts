// Delivery rules as the API takes them (docs/serving.md, "Delivery rules"): values normalised and kept
// once, bad input refused with a message naming the field, and a rule set that excludes everything
// refused; two levels put together to find a creative that could never serve.
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { setCampaignDeliveryRulesRequestSchema } from '../api/delivery-rules/requests';
import { COUNTRY_CODES } from '../traffic/countries';
import { deliveryRulesServeNothingMessage, MESSAGES } from '../validation/messages';
import { issueMessages } from '../validation/validation-error';
import { bothRuleSets, ruleSetServesNothing } from './coverage';
import {
  campaignDeliveryRulesSchema,
  creativeDeliveryRulesSchema,
  DELIVERY_RULES_SHAPE_MESSAGE,
  noDeliveryRules,
  siteRuleEntry,
  storedDeliveryRules,
} from './delivery-rules';
import { DELIVERY_RULE } from './rule-list';

const problems = (rules: unknown) => {
  const result = z.safeParse(setCampaignDeliveryRulesRequestSchema, { campaignID: 'c1', rules });
  return result.success ? [] : issueMessages(result.error);
};
const week = (on: (weekday: number, hour: number) => boolean) =>
  Array.from({ length: 7 }, (_, weekday) => Array.from({ length: 24 }, (__, hour) => on(weekday, hour)));

describe('delivery rules as the API takes them', () => {
  it('values are normalised and kept once, sorted: country codes in capitals, domains as hosts', () => {
    expect(
      z.parse(campaignDeliveryRulesSchema, {
        countries: { mode: 'include', values: ['de', ' AT', 'DE'] },
        sites: { allow: ['https://www.Example.com/page', '*.news.org', 'app:Com.Game'] },
      }),
    ).toEqual({
      countries: { mode: 'include', values: ['AT', 'DE'] },
      sites: { allow: ['app:com.game', 'example.com', 'news.org'], block: [] },
    });
    expect(siteRuleEntry('localhost')).toBe('');
    expect(siteRuleEntry('app:id1234567890')).toBe('app:1234567890');
  });

  it('an unknown country, device type or family, a malformed domain: 400 naming the field', () => {
    expect(problems({ countries: { mode: 'include', values: ['DE', 'XX'] } })).toEqual([
      `rules.countries.values.1: ${MESSAGES.deliveryRuleCountry}`,
    ]);
    expect(problems({ devices: { mode: 'exclude', values: ['phone'] } })).toEqual([
      `rules.devices.values.0: ${MESSAGES.deliveryRuleDevice}`,
    ]);
    expect(problems({ os: { mode: 'include', values: ['<script>'] } })).toEqual([
      `rules.os.values.0: ${MESSAGES.deliveryRuleFamily}`,
    ]);
    expect(problems({ sites: { allow: ['example.com', 'not a domain'], block: [] } })).toEqual([
      `rules.sites.allow.1: ${MESSAGES.deliveryRuleSite}`,
    ]);
    expect(problems({ countries: { mode: 'only', values: ['DE'] } })).toEqual([
      `rules.countries.mode: ${MESSAGES.deliveryRuleMode}`,
    ]);
    expect(problems({ countries: { mode: 'include', values: [] } })).toEqual([
      `rules.countries.values: ${MESSAGES.deliveryRuleValues}`,
    ]);
    expect(problems({ unknownSite: 'maybe' })).toEqual([
      `rules.unknownSite: ${MESSAGES.deliveryRuleUnknownSite}`,
    ]);
    // A rule that does not exist: the rules there are.
    expect(problems({ weather: 'sunny' })).toEqual([`rules: ${DELIVERY_RULES_SHAPE_MESSAGE}`]);
    // The sentence names every rule of DELIVERY_RULES (built from their names, never by hand).
    for (const name of Object.keys(DELIVERY_RULE)) expect(DELIVERY_RULES_SHAPE_MESSAGE).toContain(name);
    expect(DELIVERY_RULES_SHAPE_MESSAGE).toContain('frequencyCaps');
  });

  it('a daypart that is not 7 x 24 booleans: 400 naming the field', () => {
    expect(problems({ daypart: week(() => true).slice(0, 6) })).toEqual([
      `rules.daypart: ${MESSAGES.deliveryRuleDaypart}`,
    ]);
    const short = week(() => true);
    short[2] = short[2]?.slice(0, 23) ?? [];
    expect(problems({ daypart: short })).toEqual([`rules.daypart.2: ${MESSAGES.deliveryRuleDaypart}`]);
    const text = week(() => true) as unknown[][];
    (text[1] as unknown[])[5] = 'yes';
    expect(problems({ daypart: text })).toEqual([`rules.daypart.1.5: ${MESSAGES.deliveryRuleDaypart}`]);
  });

  it('a rule set that excludes everything is refused, naming the rule', () => {
    expect(problems({ daypart: week(() => false) })).toEqual([
      `rules.daypart: ${deliveryRulesServeNothingMessage(DELIVERY_RULE.daypart.servesNothing)}`,
    ]);
    expect(problems({ countries: { mode: 'exclude', values: COUNTRY_CODES } })).toEqual([
      `rules.countries: ${deliveryRulesServeNothingMessage(DELIVERY_RULE.countries.servesNothing)}`,
    ]);
    expect(
      problems({ devices: { mode: 'exclude', values: ['desktop', 'mobile', 'tablet', 'ctv', 'other'] } }),
    ).toEqual([`rules.devices: ${deliveryRulesServeNothingMessage(DELIVERY_RULE.devices.servesNothing)}`]);
    expect(problems({ sites: { allow: ['news.example.com'], block: ['example.com'] } })).toEqual([
      `rules.sites: ${deliveryRulesServeNothingMessage(DELIVERY_RULE.sites.servesNothing)}`,
    ]);
    // One hour a week, or one country left, still serves.
    expect(problems({ daypart: week((day, hour) => day === 0 && hour === 9) })).toEqual([]);
    expect(problems({ countries: { mode: 'exclude', values: COUNTRY_CODES.slice(1) } })).toEqual([]);
  });

  it('frequency caps: a count of 1 to 1,000, one of four periods, at most 4 caps; 400 naming the field', () => {
    expect(problems({ frequencyCaps: [{ count: 0, period: 'day' }] })).toEqual([
      `rules.frequencyCaps.0.count: ${MESSAGES.deliveryRuleCapCount}`,
    ]);
    expect(
      problems({
        frequencyCaps: [
          { count: 3, period: 'day' },
          { count: -1, period: 'hour' },
        ],
      }),
    ).toEqual([`rules.frequencyCaps.1.count: ${MESSAGES.deliveryRuleCapCount}`]);
    expect(problems({ frequencyCaps: [{ count: 1001, period: 'week' }] })).toEqual([
      `rules.frequencyCaps.0.count: ${MESSAGES.deliveryRuleCapCount}`,
    ]);
    expect(problems({ frequencyCaps: [{ count: 2.5, period: 'week' }] })).toEqual([
      `rules.frequencyCaps.0.count: ${MESSAGES.deliveryRuleCapCount}`,
    ]);
    expect(problems({ frequencyCaps: [{ count: 3, period: 'month' }] })).toEqual([
      `rules.frequencyCaps.0.period: ${MESSAGES.deliveryRuleCapPeriod}`,
    ]);
    const five = ['hour', 'day', 'week', 'flight', 'day'].map((period, index) => ({
      count: index + 1,
      period,
    }));
    expect(problems({ frequencyCaps: five })).toEqual([`rules.frequencyCaps: ${MESSAGES.deliveryRuleCaps}`]);
    expect(problems({ frequencyCaps: [{ count: 3 }] })).toEqual([
      `rules.frequencyCaps.0.period: ${MESSAGES.deliveryRuleCapPeriod}`,
    ]);
    expect(problems({ frequencyCaps: 3 })).toEqual([`rules.frequencyCaps: ${MESSAGES.deliveryRuleCaps}`]);
    expect(problems({ uncappable: 'maybe' })).toEqual([
      `rules.uncappable: ${MESSAGES.deliveryRuleUncappable}`,
    ]);
    expect(problems({ frequencyCaps: five.slice(0, 4), uncappable: 'skip' })).toEqual([]);
    expect(
      z.parse(campaignDeliveryRulesSchema, {
        frequencyCaps: [
          { count: 10, period: 'week' },
          { count: 3, period: 'day' },
          { count: 3, period: 'day' },
        ],
      }),
    ).toEqual({
      frequencyCaps: [
        { count: 3, period: 'day' },
        { count: 10, period: 'week' },
      ],
    });
  });

  it("a creative's rules have caps of their own but no uncappable choice (it is the campaign's)", () => {
    expect(z.safeParse(creativeDeliveryRulesSchema, { uncappable: 'skip' }).success).toBe(false);
    expect(
      z.safeParse(creativeDeliveryRulesSchema, { frequencyCaps: [{ count: 1, period: 'hour' }] }).success,
    ).toBe(true);
  });

  it("a creative's rules have no unknown-site choice (it is the campaign's)", () => {
    expect(z.safeParse(creativeDeliveryRulesSchema, { unknownSite: 'skip' }).success).toBe(false);
    expect(z.safeParse(creativeDeliveryRulesSchema, { countries: null }).success).toBe(true);
  });

  it('stored rules hold the rules set and nothing else', () => {
    expect(
      storedDeliveryRules({
        countries: null,
        sites: { allow: [], block: [] },
        unknownSite: 'serve',
        daypart: week(() => true),
        devices: { mode: 'include', values: ['mobile'] },
      }),
    ).toEqual({ devices: { mode: 'include', values: ['mobile'] } });
    expect(noDeliveryRules({ daypart: week(() => true) })).toBe(true);
    expect(noDeliveryRules({ unknownSite: 'skip' })).toBe(false);
    expect(storedDeliveryRules({ frequencyCaps: [], uncappable: 'serve' })).toEqual({});
    expect(storedDeliveryRules({ frequencyCaps: [{ count: 2, period: 'day' }], uncappable: 'skip' })).toEqual(
      {
        frequencyCaps: [{ count: 2, period: 'day' }],
        uncappable: 'skip',
      },
    );
  });
});

describe("a creative's rules with its campaign's", () => {
  const cases: [
    string,
    Parameters<typeof bothRuleSets>[0],
    Parameters<typeof bothRuleSets>[1],
    string | null,
  ][] = [
    [
      'include DE, AT and include FR',
      { countries: { mode: 'include', values: ['AT', 'DE'] } },
      { countries: { mode: 'include', values: ['FR'] } },
      'countries',
    ],
    [
      'include DE, AT and include AT',
      { countries: { mode: 'include', values: ['AT', 'DE'] } },
      { countries: { mode: 'include', values: ['AT'] } },
      null,
    ],
    [
      'include DE and exclude DE',
      { countries: { mode: 'include', values: ['DE'] } },
      { countries: { mode: 'exclude', values: ['DE'] } },
      'countries',
    ],
    [
      'exclude DE and exclude every other country',
      { countries: { mode: 'exclude', values: ['DE'] } },
      { countries: { mode: 'exclude', values: COUNTRY_CODES.filter((code) => code !== 'DE') } },
      'countries',
    ],
    [
      'include Android and include android (families compare without case)',
      { os: { mode: 'include', values: ['Android'] } },
      { os: { mode: 'include', values: ['android'] } },
      null,
    ],
    [
      'allow example.com and allow news.example.com',
      { sites: { allow: ['example.com'], block: [] } },
      { sites: { allow: ['news.example.com'], block: [] } },
      null,
    ],
    [
      'allow example.com and allow other.org',
      { sites: { allow: ['example.com'], block: [] } },
      { sites: { allow: ['other.org'], block: [] } },
      'sites',
    ],
    [
      'allow example.com and block example.com',
      { sites: { allow: ['example.com'], block: [] } },
      { sites: { allow: [], block: ['example.com'] } },
      'sites',
    ],
    [
      'weekdays and weekends',
      { daypart: week((day) => day < 5) },
      { daypart: week((day) => day >= 5) },
      'daypart',
    ],
    [
      'weekdays and Monday mornings',
      { daypart: week((day) => day < 5) },
      { daypart: week((day, hour) => day === 0 && hour < 12) },
      null,
    ],
  ];
  it.each(cases)('%s', (_name, campaign, creative, nothing) => {
    expect(ruleSetServesNothing(bothRuleSets(campaign, creative))).toBe(nothing);
  });
});
