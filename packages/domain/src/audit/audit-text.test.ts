import { describe, expect, it } from 'vitest';
import { auditEntities } from './audit';
import {
  auditCreatedRows,
  auditFieldLabel,
  auditFieldRows,
  auditSummary,
  auditValueText,
  HISTORY_KINDS,
  historyOfKind,
} from './audit-text';

const entry = (
  changes: Record<string, [unknown, unknown]>,
  extra: Partial<Parameters<typeof auditSummary>[0]> = {},
) => ({
  actor: { id: 'u1', email: 'ana@northwind.example' },
  entity: 'creative' as const,
  action: 'update' as const,
  changes,
  ...extra,
});

describe('the history as a person reads it: who did what to which thing', () => {
  it('names who did what to which thing, by the name the entry carries', () => {
    expect(auditSummary(entry({ name: ['Leaderboard', 'Leaderboard, winter'] }))).toBe(
      'ana@northwind.example changed creative “Leaderboard, winter”',
    );
    expect(auditSummary(entry({ name: ['Old', null] }, { action: 'delete' }))).toBe(
      'ana@northwind.example deleted creative “Old”',
    );
    expect(auditSummary(entry({ end: [null, '2026-12-31'] }, { entity: 'campaign' }))).toBe(
      'ana@northwind.example changed the campaign',
    );
    expect(
      auditSummary(
        entry(
          { state: ['in-review', 'approved'] },
          {
            entity: 'creativeApproval',
            actor: { id: 'p', email: 'Nora (preview link)' },
            entityName: 'Leaderboard',
          },
        ),
      ),
    ).toBe('Nora (preview link) approved creative “Leaderboard”');
    expect(auditSummary(entry({}, { entity: 'liveCreative', action: 'create', actor: null }))).toBe(
      'Adconsole published a live creative',
    );
    expect(
      auditSummary(entry({ name: [null, 'Pre-roll'] }, { entity: 'liveCreative', action: 'create' })),
    ).toBe('ana@northwind.example published “Pre-roll”');
  });

  it('"changed creative" says which one: the name the history knows it by when the change is not to its name', () => {
    expect(auditSummary(entry({ width: [300, 320] }, { entityName: 'Leaderboard' }))).toBe(
      'ana@northwind.example changed creative “Leaderboard”',
    );
  });

  it('"created A/B test" names its placement and variants', () => {
    expect(
      auditSummary(
        entry(
          { placement: [null, 'plc_1'], variants: [null, ['crv_a', 'crv_b']], status: [null, 'running'] },
          {
            entity: 'abTest',
            action: 'create',
            names: { plc_1: 'Homepage MPU', crv_a: 'Spring A', crv_b: 'Spring B' },
          },
        ),
      ),
    ).toBe(
      'ana@northwind.example created A/B test on placement “Homepage MPU”: “Spring A” against “Spring B”',
    );
  });
});

describe('the history as a person reads it: fields and values', () => {
  it('labels each field as its form does; a field of no form is written out', () => {
    expect(
      ['end', 'platform', 'clickParam', 'baselineRate', 'lookbackDays', 'someNewField'].map(auditFieldLabel),
    ).toEqual([
      'End date',
      'Traffic platform',
      'Click id parameter',
      "Control's expected rate (%)",
      'Lookback window (days)',
      'Some new field',
    ]);
  });

  it('writes values in words, never JSON: none as a dash, yes/no, lists joined, objects as label: value', () => {
    expect([null, '', 'UTC', 3, false, true, ['a', 'b'], []].map((value) => auditValueText(value))).toEqual([
      '—',
      '—',
      'UTC',
      '3',
      'No',
      'Yes',
      'a, b',
      '—',
    ]);
    expect(auditValueText({ start: '2026-11-01', withVideo: true })).toBe(
      'Start date: 2026-11-01, With video data: Yes',
    );
    expect(auditValueText('the-trade-desk', 'platform')).toBe('The Trade Desk');
    expect(auditValueText('direct', 'platform')).toBe('Direct (no platform)');
    // Ids of creatives and placements by their names, also at the head of a list item.
    expect(
      auditValueText(['crv_a (weight 3)', 'crv_b (weight 1, paused)'], 'items', { crv_a: 'A', crv_b: 'B' }),
    ).toBe('“A” (weight 3), “B” (weight 1, paused)');
  });

  it('a landing page is the landing page, not a click tracker; other trackers by their kind', () => {
    const rows = auditFieldRows({
      trackers: [
        { click: [{ type: 'redirect', url: 'https://shop.example/old' }] },
        {
          click: [
            { type: 'redirect', url: 'https://shop.example/new' },
            { type: 'pixel', url: 'https://count.example/c' },
          ],
          impression: [{ type: 'pixel', url: 'https://count.example/i' }],
        },
      ],
    });
    expect(rows).toEqual([
      {
        field: 'trackers.landingPage',
        label: 'Landing page URL',
        before: 'https://shop.example/old',
        after: 'https://shop.example/new',
      },
      {
        field: 'trackers.click',
        label: 'Click trackers',
        before: '—',
        after: 'https://count.example/c (pixel)',
      },
      {
        field: 'trackers.impression',
        label: 'Impression trackers',
        before: '—',
        after: 'https://count.example/i (pixel)',
      },
    ]);
  });

  it('settings one by one under the creative form labels; layout options as option: value; unchanged ones left out', () => {
    const rows = auditFieldRows({
      settings: [
        [{ key: 'euCreative', value: false }],
        [
          { key: 'layoutOptions', value: { autoplay: true, muted: true } },
          { key: 'euCreative', value: true },
        ],
      ],
    });
    expect(rows).toEqual([
      { field: 'settings.euCreative', label: 'EU creative', before: 'No', after: 'Yes' },
      {
        field: 'settings.layoutOptions',
        label: 'Layout options',
        before: '—',
        after: 'Autoplay: Yes, Muted: Yes',
      },
    ]);
    expect(rows.map((row) => `${row.before} ${row.after}`).join(' ')).not.toMatch(/[{}[\]"]/);
  });
});

describe('the history by kind', () => {
  it('every audited entity is in exactly one kind', () => {
    const kinds = auditEntities.map(
      (entity) =>
        HISTORY_KINDS.filter((kind) => (kind.entities as readonly string[]).includes(entity)).length,
    );
    expect(kinds).toEqual(auditEntities.map(() => 1));
  });

  it('keeps the entries of the kind chosen, in their order; all keeps every one', () => {
    const entries = [{ entity: 'creative' }, { entity: 'campaign' }, { entity: 'liveCreative' }] as const;
    expect(historyOfKind(entries, 'creatives')).toEqual([{ entity: 'creative' }, { entity: 'liveCreative' }]);
    expect(historyOfKind(entries, 'campaign')).toEqual([{ entity: 'campaign' }]);
    expect(historyOfKind(entries, 'sharing')).toEqual([]);
    expect(historyOfKind(entries, 'all')).toEqual(entries);
  });
});

describe("a campaign's creation and its copy", () => {
  it('lists what the creation booked, not what its one line says or what is empty', () => {
    const changes = {
      name: [null, 'Winter sale (Copy)'],
      goal: [null, '250,000 impressions'],
      rate: [null, null],
      archived: [null, false],
      copiedFrom: [null, 'c1'],
      copiedFromName: [null, 'Winter sale'],
    } satisfies Record<string, [unknown, unknown]>;
    expect(auditCreatedRows(changes).map((row) => [row.label, row.after])).toEqual([
      ['Name', 'Winter sale (Copy)'],
      ['Goal', '250,000 impressions'],
    ]);
    expect(auditSummary({ ...entry(changes), entity: 'campaign', action: 'create' })).toBe(
      'ana@northwind.example created the campaign, duplicated from “Winter sale”',
    );
  });

  it('writes a raw key out in words: Ad_duration is "Ad duration"', () => {
    expect(auditFieldLabel('Ad_duration')).toBe('Ad duration');
    expect(auditFieldLabel('postbackRetryHours')).toBe('Postback retry hours');
  });
});
