// Delivery rules, compiled (docs/serving.md, "Delivery rules"): a table per rule of requests that serve
// and are refused, include beside exclude; unknown values; a creative's rules narrowing its campaign's.
import { describe, expect, it } from 'vitest';
import { bothChecks, compileDeliveryRules, daypartBits, daypartHas, siteListed } from './compile';
import { type DeliveryFacts, type DeliveryRules, UNKNOWN_FACTS } from './rule-list';

const REQUEST: DeliveryFacts = {
  ...UNKNOWN_FACTS,
  country: 'DE',
  device: 'mobile',
  os: 'Android 14',
  browser: 'Chrome 126',
  site: 'news.example.com',
  language: 'de',
};
/** Monday 5 January 2026, 10:30 UTC (11:30 in Berlin). */
const MONDAY = Date.parse('2026-01-05T10:30:00Z');

/** Each row: the facts that differ from REQUEST, and the reason it gets (null: it serves). */
type Row = [Partial<DeliveryFacts>, string | null];
const judge = (rules: DeliveryRules, rows: readonly Row[], timezone = 'UTC') => {
  const check = compileDeliveryRules(rules, timezone);
  return rows.map(([facts]) => (check === null ? null : check({ ...REQUEST, ...facts }, MONDAY)));
};
const expected = (rows: readonly Row[]) => rows.map(([, reason]) => reason);

describe('delivery rules, compiled', () => {
  it('no rule: nothing to check, every request serves', () => {
    expect(compileDeliveryRules({}, 'UTC')).toBeNull();
    expect(compileDeliveryRules(null, 'UTC')).toBeNull();
    expect(compileDeliveryRules({ countries: null, daypart: null, sites: null }, 'UTC')).toBeNull();
  });

  it('country include: only the listed countries; an unknown country is refused', () => {
    const rows: Row[] = [
      [{ country: 'DE' }, null],
      [{ country: 'AT' }, null],
      [{ country: 'GB' }, 'country'],
      [{ country: '' }, 'country'],
    ];
    expect(judge({ countries: { mode: 'include', values: ['AT', 'DE'] } }, rows)).toEqual(expected(rows));
  });

  it('country exclude: every country but the listed ones; an unknown country serves', () => {
    const rows: Row[] = [
      [{ country: 'DE' }, 'country'],
      [{ country: 'AT' }, 'country'],
      [{ country: 'GB' }, null],
      [{ country: '' }, null],
    ];
    expect(judge({ countries: { mode: 'exclude', values: ['AT', 'DE'] } }, rows)).toEqual(expected(rows));
  });

  it('device type include and exclude, the breakdown values (desktop, mobile, tablet, ctv, other)', () => {
    const rows: Row[] = [
      [{ device: 'mobile' }, null],
      [{ device: 'tablet' }, null],
      [{ device: 'desktop' }, 'device'],
      [{ device: 'ctv' }, 'device'],
      [{ device: '' }, 'device'],
    ];
    expect(judge({ devices: { mode: 'include', values: ['mobile', 'tablet'] } }, rows)).toEqual(
      expected(rows),
    );
    const excluded: Row[] = [
      [{ device: 'ctv' }, 'device'],
      [{ device: 'desktop' }, null],
      [{ device: '' }, null],
    ];
    expect(judge({ devices: { mode: 'exclude', values: ['ctv'] } }, excluded)).toEqual(expected(excluded));
  });

  it('OS family include and exclude: any version of the family, in any case', () => {
    const rows: Row[] = [
      [{ os: 'Android 14' }, null],
      [{ os: 'Android 9' }, null],
      [{ os: 'Android' }, null],
      [{ os: 'iOS 17' }, 'os'],
      [{ os: 'Windows 10' }, 'os'],
      [{ os: '' }, 'os'],
    ];
    expect(judge({ os: { mode: 'include', values: ['android'] } }, rows)).toEqual(expected(rows));
    const excluded: Row[] = [
      [{ os: 'iOS 17' }, 'os'],
      [{ os: 'Mac OS 10' }, null],
      [{ os: '' }, null],
    ];
    expect(judge({ os: { mode: 'exclude', values: ['iOS'] } }, excluded)).toEqual(expected(excluded));
  });

  it('browser family include and exclude: "Mobile Safari" is not "Safari"', () => {
    const rows: Row[] = [
      [{ browser: 'Safari 17' }, null],
      [{ browser: 'Mobile Safari 17' }, 'browser'],
      [{ browser: 'Chrome 126' }, 'browser'],
    ];
    expect(judge({ browsers: { mode: 'include', values: ['Safari'] } }, rows)).toEqual(expected(rows));
    const excluded: Row[] = [
      [{ browser: 'Firefox 127' }, 'browser'],
      [{ browser: 'Chrome 126' }, null],
    ];
    expect(judge({ browsers: { mode: 'exclude', values: ['Firefox'] } }, excluded)).toEqual(
      expected(excluded),
    );
  });

  it('site allow list: a domain covers its subdomains, never a look-alike; app bundles exactly', () => {
    const rows: Row[] = [
      [{ site: 'example.com' }, null],
      [{ site: 'news.example.com' }, null],
      [{ site: 'a.b.example.com' }, null],
      [{ site: 'badexample.com' }, 'site'],
      [{ site: 'example.com.evil.net' }, 'site'],
      [{ site: 'app:com.example.game' }, null],
      [{ site: 'app:com.example.game.pro' }, 'site'],
      [{ site: 'other.org' }, 'site'],
    ];
    expect(judge({ sites: { allow: ['example.com', 'app:com.example.game'], block: [] } }, rows)).toEqual(
      expected(rows),
    );
  });

  it('site block list beside the allow list: a blocked subdomain of an allowed domain is refused', () => {
    const rows: Row[] = [
      [{ site: 'example.com' }, null],
      [{ site: 'forum.example.com' }, 'site'],
      [{ site: 'x.forum.example.com' }, 'site'],
      [{ site: 'other.org' }, 'site'],
    ];
    expect(judge({ sites: { allow: ['example.com'], block: ['forum.example.com'] } }, rows)).toEqual(
      expected(rows),
    );
    const blocked: Row[] = [
      [{ site: 'spam.net' }, 'site'],
      [{ site: 'ok.org' }, null],
    ];
    expect(judge({ sites: { allow: [], block: ['spam.net'] } }, blocked)).toEqual(expected(blocked));
  });

  it('the block list judges every site the request carries: a blocked Referer refuses whatever site the tag claims', () => {
    const rules = { sites: { allow: [], block: ['example.com'] } };
    const check = compileDeliveryRules(rules, 'UTC');
    // The tag claims good-news.org (its site= or page=), the Referer is news.example.com.
    const claimed = {
      ...REQUEST,
      site: 'good-news.org',
      carriedSites: ['good-news.org', 'news.example.com'],
    };
    expect(check?.(claimed, MONDAY)).toBe('site');
    expect(check?.every(claimed, MONDAY)).toEqual(['site']);
    // The allow list reads the site the request is believed to be on (an SSP's frame Referer is no reason to refuse).
    const allowed = compileDeliveryRules({ sites: { allow: ['good-news.org'], block: [] } }, 'UTC');
    expect(allowed?.({ ...claimed, carriedSites: ['good-news.org', 'tpc.ssp.example'] }, MONDAY)).toBeNull();
  });

  it("an unknown site follows the campaign's choice: served by default, refused with 'skip'", () => {
    const unknown: Row[] = [[{ site: '' }, null]];
    expect(judge({ sites: { allow: ['example.com'], block: [] } }, unknown)).toEqual([null]);
    expect(judge({ unknownSite: 'skip' }, [[{ site: '' }, 'site']])).toEqual(['site']);
    expect(judge({ unknownSite: 'skip' }, [[{ site: 'other.org' }, null]])).toEqual([null]);
    // A creative's rules leave unknown sites to the campaign: compiled with its campaign's 'serve'.
    const creative = compileDeliveryRules({ sites: { allow: ['example.com'], block: [] } }, 'UTC', 'serve');
    expect(creative?.({ ...REQUEST, site: '' }, MONDAY)).toBeNull();
  });

  it('the daypart: the grid hour of the request in the campaign zone serves, the others are refused', () => {
    // Monday 11:00-11:59 in Berlin only; the request is Monday 11:30 Berlin (10:30 UTC).
    const grid = Array.from({ length: 7 }, (_, day) =>
      Array.from({ length: 24 }, (__, hour) => day === 0 && hour === 11),
    );
    expect(judge({ daypart: grid }, [[{}, null]], 'Europe/Berlin')).toEqual([null]);
    expect(judge({ daypart: grid }, [[{}, 'daypart']], 'UTC')).toEqual(['daypart']);
    const bits = daypartBits(grid);
    expect(daypartHas(bits, 11)).toBe(true);
    expect(daypartHas(bits, 10)).toBe(false);
    expect(daypartHas(bits, 24 + 11)).toBe(false);
  });

  it('the first rule a request fails is its reason, in serving order (country, device, OS, browser, site, daypart)', () => {
    const rules: DeliveryRules = {
      countries: { mode: 'include', values: ['FR'] },
      devices: { mode: 'include', values: ['desktop'] },
      sites: { allow: ['other.org'], block: [] },
    };
    expect(judge(rules, [[{}, 'country']])).toEqual(['country']);
    expect(judge(rules, [[{ country: 'FR' }, 'device']])).toEqual(['device']);
    expect(judge(rules, [[{ country: 'FR', device: 'desktop' }, 'site']])).toEqual(['site']);
  });

  it("a creative's rules narrow its campaign's: both must pass, the campaign's judged first", () => {
    const campaign = compileDeliveryRules({ countries: { mode: 'include', values: ['AT', 'DE'] } }, 'UTC');
    const creative = compileDeliveryRules({ countries: { mode: 'include', values: ['AT'] } }, 'UTC');
    const both = bothChecks(campaign, creative);
    expect(both?.({ ...REQUEST, country: 'AT' }, MONDAY)).toBeNull();
    expect(both?.({ ...REQUEST, country: 'DE' }, MONDAY)).toBe('country');
    expect(both?.({ ...REQUEST, country: 'GB' }, MONDAY)).toBe('country');
    expect(bothChecks(null, null)).toBeNull();
    expect(bothChecks(campaign, null)).toBe(campaign);
  });

  it('siteListed walks the host up to its domains and never matches a bundle by suffix', () => {
    const entries = new Set(['example.com', 'app:game']);
    expect(siteListed(entries, 'www2.example.com')).toBe(true);
    expect(siteListed(entries, 'com')).toBe(false);
    expect(siteListed(entries, 'app:x.game')).toBe(false);
  });
});
