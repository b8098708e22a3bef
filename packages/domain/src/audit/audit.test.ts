import { describe, expect, it } from 'vitest';
import { auditActionOf, changedFields } from './audit';

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
