// The estimate before saving in words (docs/serving.md, "The estimate before saving"): what it read, what
// it could not, that frequency caps are never read, and what is said instead of a figure while a field of
// the rules is invalid.
import { describe, expect, it } from 'vitest';
import {
  estimateReadText,
  estimateShareText,
  FREQUENCY_CAPS_NOT_READ,
  notEstimatedText,
} from './estimate-text';

const READ = [
  { rule: 'countries' as const, share: 0.71, read: true },
  { rule: 'devices' as const, share: 0.83, read: true },
];

describe('the estimate in words', () => {
  it('names each rule read with its share, and says they are taken as independent', () => {
    expect(estimateReadText(READ, {})).toBe(
      'Read: countries 71 %, device types 83 % (together taken as independent).',
    );
  });

  it('names a rule no history keeps as not estimated, with no empty "Read:" when it is the only one', () => {
    expect(estimateReadText([{ rule: 'languages', share: null, read: false }], {})).toBe(
      'Not estimated: languages (no history keeps it).',
    );
  });

  it('says frequency caps are not read when the rules have any: a cap changes no figure', () => {
    const capped = { frequencyCaps: [{ count: 3, period: 'day' as const }] };
    expect(estimateReadText(READ, capped)).toBe(
      `Read: countries 71 %, device types 83 % (together taken as independent). ${FREQUENCY_CAPS_NOT_READ}`,
    );
    expect(estimateReadText([], capped)).toBe(`No rule narrows it. ${FREQUENCY_CAPS_NOT_READ}`);
    expect(estimateReadText([], { frequencyCaps: [] })).toBe('No rule narrows it.');
  });

  it('a share in two figures between 0.5 % and 99.5 %, whole outside', () => {
    expect([0.3812, 0.01, 0.004, 0.996, 1].map(estimateShareText)).toEqual([
      '38 %',
      '1.0 %',
      '0 %',
      '100 %',
      '100 %',
    ]);
  });

  it('says which field to fix instead of a figure while one is invalid', () => {
    expect(notEstimatedText('Countries')).toBe('Not estimated: fix Countries');
  });
});
