import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { MESSAGES } from '../validation/messages';
import { placementRotationSchema } from './rotation-settings';

const problem = (value: unknown) => {
  const result = z.safeParse(placementRotationSchema, value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe("a placement's rotation settings", () => {
  it('rotates evenly by default; a weight is 1 and an item not paused unless said', () => {
    expect(z.parse(placementRotationSchema, { items: [{ creativeId: 'a' }] })).toEqual({
      mode: 'even',
      items: [{ creativeId: 'a', weight: 1, paused: false }],
    });
    const weighted = {
      mode: 'weighted',
      items: [
        { creativeId: 'a', weight: 1, paused: false },
        { creativeId: 'b', weight: 1000, paused: true },
      ],
    };
    expect(z.parse(placementRotationSchema, weighted)).toEqual(weighted);
  });

  // Each row: the settings and the message they answer.
  it.each([
    ['an unknown mode', { mode: 'random', items: [{ creativeId: 'a' }] }, MESSAGES.rotationMode],
    ['no creative', { mode: 'even', items: [] }, MESSAGES.rotationItems],
    ['no list', { mode: 'even' }, MESSAGES.rotationItems],
    ['an item without a creative', { items: [{ weight: 2 }] }, MESSAGES.rotationCreativeId],
    ['a weight of 0', { items: [{ creativeId: 'a', weight: 0 }] }, MESSAGES.rotationWeight],
    ['a weight of 1001', { items: [{ creativeId: 'a', weight: 1001 }] }, MESSAGES.rotationWeight],
    ['a weight of 2.5', { items: [{ creativeId: 'a', weight: 2.5 }] }, MESSAGES.rotationWeight],
    ['a weight as text', { items: [{ creativeId: 'a', weight: '3' }] }, MESSAGES.rotationWeight],
    ['paused as text', { items: [{ creativeId: 'a', paused: 'yes' }] }, MESSAGES.rotationPaused],
    ['a creative twice', { items: [{ creativeId: 'a' }, { creativeId: 'a' }] }, MESSAGES.rotationDuplicate],
    [
      'every creative paused',
      {
        items: [
          { creativeId: 'a', paused: true },
          { creativeId: 'b', paused: true },
        ],
      },
      MESSAGES.rotationAllPaused,
    ],
  ])('refuses %s', (_label, value, message) => {
    expect(problem(value)).toBe(message);
  });

  it('names the modes and the weight range in its messages', () => {
    expect(MESSAGES.rotationMode).toBe('The rotation must be one of: even, weighted, sequential, optimized');
    expect(MESSAGES.rotationWeight).toBe('A weight must be a whole number from 1 to 1000');
  });
});
