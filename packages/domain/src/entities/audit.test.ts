import { describe, expect, it } from 'vitest';
import { auditActionOf, auditSummary, auditValueText, changedFields } from './audit';

describe('the audit log vocabulary', () => {
  it('records only the fields that differ, each as [before, after], in name order', () => {
    expect(
      changedFields(
        { name: 'Spring', start: '2026-03-01', end: null, tags: ['a'] },
        { name: 'Spring sale', start: '2026-03-01', end: '2026-03-31', tags: ['a'] },
      ),
    ).toEqual({ end: [null, '2026-03-31'], name: ['Spring', 'Spring sale'] });
  });

  it('records every field of a created entity against null, and of a deleted one the other way', () => {
    expect(changedFields(null, { name: 'New', budget: 5 })).toEqual({
      budget: [null, 5],
      name: [null, 'New'],
    });
    expect(changedFields({ name: 'Old' }, null)).toEqual({ name: ['Old', null] });
  });

  it('compares values as JSON: a missing field and a null one are the same, nested objects by content', () => {
    expect(changedFields({ a: null, b: { x: 1 } }, { b: { x: 1 } })).toEqual({});
    expect(changedFields({ b: { x: 1 } }, { b: { x: 2 } })).toEqual({ b: [{ x: 1 }, { x: 2 }] });
  });

  it('names the action from which side is missing', () => {
    expect(auditActionOf(null, {})).toBe('create');
    expect(auditActionOf({}, null)).toBe('delete');
    expect(auditActionOf({}, {})).toBe('update');
  });
});

describe('the history as a person reads it', () => {
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
    expect(auditSummary(entry({}, { entity: 'liveCreative', action: 'create', actor: null }))).toBe(
      'Adconsole published a live creative',
    );
    expect(
      auditSummary(entry({ name: [null, 'Pre-roll'] }, { entity: 'liveCreative', action: 'create' })),
    ).toBe('ana@northwind.example published “Pre-roll”');
  });

  it('shows a value as text: none as a dash, lists joined, objects as JSON', () => {
    expect([null, '', 'UTC', 3, false, ['a', 'b'], [], { x: 1 }].map(auditValueText)).toEqual([
      '—',
      '—',
      'UTC',
      '3',
      'false',
      'a, b',
      '—',
      '{"x":1}',
    ]);
  });
});
