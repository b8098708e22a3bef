// A device's advertising id (docs/serving.md, "Device ids in apps and on TV"): a UUID or 32 hex digits
// is a device; the zeros and the all-f of limited ad tracking are no one; anything else a placeholder.
import { describe, expect, it } from 'vitest';
import { deviceIdOf } from './device-id';

describe('a device id', () => {
  it('is a UUID (any case) or 32 hex digits, the two spellings one device', () => {
    expect(deviceIdOf('6D92078A-8246-4BA4-AE5B-76104861E7DC')).toEqual({
      kind: 'device',
      id: '6d92078a-8246-4ba4-ae5b-76104861e7dc',
    });
    expect(deviceIdOf('6d92078a82464ba4ae5b76104861e7dc')).toEqual(
      deviceIdOf('6d92078a-8246-4ba4-ae5b-76104861e7dc'),
    );
  });

  it('all zeros or all f means limited ad tracking, with or without dashes', () => {
    for (const id of [
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF',
      '00000000000000000000000000000000',
    ])
      expect(deviceIdOf(id), id).toEqual({ kind: 'limited' });
  });

  it('placeholders and unexpanded macros are not usable (never one device for everyone sending them)', () => {
    for (const id of [
      'undefined',
      'unavailable',
      'not-available',
      'null',
      '[IFA]',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a platform's macro left unexpanded, as a tag carries it
      '${DEVICE_ID}',
      '%%ADVERTISING_IDENTIFIER_PLAIN%%',
      '6d92078a-8246-4ba4-ae5b',
      '6d92078a-8246-4ba4-ae5b-76104861e7dz',
      'abcdefgh-ijkl',
    ])
      expect(deviceIdOf(id), id).toEqual({ kind: 'unusable' });
  });

  it('none sent is none', () => {
    expect(deviceIdOf(undefined)).toEqual({ kind: 'none' });
    expect(deviceIdOf('  ')).toEqual({ kind: 'none' });
  });
});
