// A rule set in one readable line (the campaign list and page): each rule a part, in serving's order.
import { describe, expect, it } from 'vitest';
import { deliveryRulesSummary, NO_DELIVERY_RULES_SUMMARY, zoneWords } from './summary';

const week = (on: (weekday: number, hour: number) => boolean) =>
  Array.from({ length: 7 }, (_, weekday) => Array.from({ length: 24 }, (__, hour) => on(weekday, hour)));

describe('the one-line summary of delivery rules', () => {
  it('"Germany, Austria · mobile · weekdays 08-20 Berlin time"', () => {
    expect(
      deliveryRulesSummary(
        {
          countries: { mode: 'include', values: ['DE', 'AT'] },
          devices: { mode: 'include', values: ['mobile'] },
          daypart: week((day, hour) => day < 5 && hour >= 8 && hour < 20),
        },
        'Europe/Berlin',
      ),
    ).toBe('Germany, Austria · mobile · weekdays 08-20 Berlin time');
  });

  it('frequency caps close the line: "mobile · at most 3 a day, 10 a week"', () => {
    expect(
      deliveryRulesSummary(
        {
          devices: { mode: 'include', values: ['mobile'] },
          frequencyCaps: [
            { count: 10, period: 'week' },
            { count: 3, period: 'day' },
          ],
        },
        'UTC',
      ),
    ).toBe('mobile · at most 3 a day, 10 a week');
    expect(deliveryRulesSummary({ frequencyCaps: [{ count: 1, period: 'hour' }] }, 'UTC')).toBe(
      'at most 1 an hour',
    );
  });

  it('exclusions read "not", long lists are cut, sites and the unknown-site choice, days that differ', () => {
    expect(
      deliveryRulesSummary(
        {
          countries: { mode: 'exclude', values: ['US', 'CA', 'MX', 'BR', 'AR'] },
          devices: { mode: 'exclude', values: ['ctv'] },
          os: { mode: 'include', values: ['Android', 'iOS'] },
          browsers: { mode: 'exclude', values: ['Firefox'] },
          sites: { allow: ['example.com', 'app:com.example.game'], block: ['forum.example.com'] },
          unknownSite: 'skip',
          daypart: week((day, hour) => (day === 5 ? hour >= 10 : hour >= 8 && hour < 12)),
        },
        'America/New_York',
      ),
    ).toBe(
      'not United States, Canada, Mexico +2 · not connected TV · Android, iOS · not Firefox · on example.com, com.example.game (app), not on forum.example.com, known sites only · 38 hours a week, New York time',
    );
  });

  it('weekends, chosen days, whole days and several ranges a day', () => {
    expect(
      deliveryRulesSummary({ daypart: week((day, hour) => day >= 5 && hour >= 10 && hour < 18) }, 'UTC'),
    ).toBe('weekends 10-18 UTC');
    expect(deliveryRulesSummary({ daypart: week((day) => day === 0 || day === 2) }, 'Asia/Kolkata')).toBe(
      'Mon, Wed, Kolkata time',
    );
    expect(
      deliveryRulesSummary({ daypart: week((_day, hour) => hour < 2 || (hour >= 17 && hour < 22)) }, 'UTC'),
    ).toBe('daily 00-02, 17-22 UTC');
  });

  it('no rule at all, and a grid of every hour, read as every request', () => {
    expect(deliveryRulesSummary({}, 'UTC')).toBe(NO_DELIVERY_RULES_SUMMARY);
    expect(deliveryRulesSummary(null, 'UTC')).toBe(NO_DELIVERY_RULES_SUMMARY);
    expect(deliveryRulesSummary({ daypart: week(() => true) }, 'UTC')).toBe(NO_DELIVERY_RULES_SUMMARY);
    expect(zoneWords('America/Argentina/Buenos_Aires')).toBe('Buenos Aires time');
  });
});
