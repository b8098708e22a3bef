// The memory of events made durable in this process (durable-events.ts): what a repeat is answered from.
import { describe, expect, it } from 'vitest';
import { DurableEvents } from './durable-events';
import type { TrackedEvent } from './tracked-event';

const event = (impressionId: string | null, type = 'impression'): TrackedEvent => ({
  liveId: 'l1',
  type: type as TrackedEvent['type'],
  at: new Date(0),
  count: 1,
  impressionId,
  reason: null,
  dims: null,
});

describe('the durable events a repeat is answered from', () => {
  it('remembers an event once its record resolves, by impression and type, not before', async () => {
    const durable = new DurableEvents();
    let commit: () => void = () => {};
    const record = durable.through(() => new Promise<void>((resolve) => (commit = resolve)));
    const pending = record(event('i1'));
    // In flight is not durable: a second one then still goes the whole way (the store drops it).
    expect(durable.has('i1', 'impression')).toBe(false);
    commit();
    await pending;
    expect(durable.has('i1', 'impression')).toBe(true);
    // Another type of the same impression, or the same type of another, is no repeat.
    expect(durable.has('i1', 'start')).toBe(false);
    expect(durable.has('i2', 'impression')).toBe(false);
  });

  it('forgets nothing the store refused, and remembers no event without an impression (an import)', async () => {
    const durable = new DurableEvents();
    const refused = durable.through(() => Promise.reject(new Error('the store is down')));
    await expect(refused(event('i1'))).rejects.toThrow('the store is down');
    expect(durable.has('i1', 'impression')).toBe(false);
    await durable.through(() => Promise.resolve())(event(null));
    expect(durable.has('null', 'impression')).toBe(false);
    expect(durable.has('', 'impression')).toBe(false);
  });

  it('remembers each type of one impression apart; a coded ping is never remembered', async () => {
    const durable = new DurableEvents();
    const record = durable.through(() => Promise.resolve());
    for (const type of ['impression', 'start', 'complete', 'error:401']) await record(event('i1', type));
    expect(
      ['impression', 'start', 'midpoint', 'complete', 'error:401'].map((type) => durable.has('i1', type)),
    ).toEqual([true, true, false, true, false]);
  });

  it('holds at most its limit: the oldest keys go first', async () => {
    const durable = new DurableEvents(4);
    const record = durable.through(() => Promise.resolve());
    for (const id of ['a', 'b', 'c', 'd', 'e']) await record(event(id));
    expect(['a', 'b', 'c', 'd', 'e'].map((id) => durable.has(id, 'impression'))).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
  });
});
