// Signed impressions: the signed text is unambiguous (no field's text can move into its neighbour and
// sign the same), ids have one exact shape, and the first form is believed only for impressions minted
// before this process could have been deployed (docs/serving.md, "Signed impressions").
import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  IMPRESSION_ID_SHAPE,
  newImpressionId,
  signClick,
  signImpression,
  verifyClick,
  verifyImpression,
} from './signing';

const secret = randomBytes(32);
const LIVE = 'a1b2c3d4e5f6a1b2c3d4e5f6';
const DIMS = 'news.example|desktop|Windows|Chrome|DE';
/** The first form's signature, as a build before this one signed it. */
const legacy = (text: string) => createHmac('sha256', secret).update(text).digest('base64url').slice(0, 22);

describe('signed impressions', () => {
  it('mints ids of one exact shape: base-36 seconds, a dot, 16 characters of 12 random bytes; never the same twice', () => {
    const ids = new Set(Array.from({ length: 5000 }, () => newImpressionId()));
    expect(ids.size).toBe(5000);
    for (const id of ids) expect(id).toMatch(IMPRESSION_ID_SHAPE);
    expect(newImpressionId(Date.UTC(2026, 10, 25)).split('.')[0]).toBe(
      (Date.UTC(2026, 10, 25) / 1000).toString(36),
    );
  });

  it('attack: moving the breakdown values into the id (i=<id>|d:<dims>, no d=) does not verify: one served ad is one impression', () => {
    const id = newImpressionId();
    const signature = signImpression(secret, LIVE, id, null, DIMS);
    expect(verifyImpression(secret, LIVE, id, signature, Date.now(), DIMS)).toEqual({ reason: null });
    expect(verifyImpression(secret, LIVE, `${id}|d:${DIMS}`, signature, Date.now(), '')).toBeUndefined();
    // Nor the other way round, nor the click's prefix moved into the breakdown values.
    expect(signImpression(secret, LIVE, `${id}|d:${DIMS}`, null, '')).not.toBe(signature);
    const prefix = 'https://adclick.g.doubleclick.net/pcs/click?adurl=';
    const click = signClick(secret, LIVE, id, `${prefix}|d:x`, null, '');
    expect(verifyClick(secret, LIVE, id, prefix, click, Date.now(), 'x')).toBeUndefined();
  });

  it('carries the ad request verdict inside the signature, and only the one it was signed with', () => {
    const id = newImpressionId();
    const rate = signImpression(secret, LIVE, id, 'rate', DIMS);
    expect(verifyImpression(secret, LIVE, id, rate, Date.now(), DIMS)).toEqual({ reason: 'rate' });
    expect(verifyImpression(secret, 'another-live', id, rate, Date.now(), DIMS)).toBeUndefined();
  });

  it('refuses ids of any other shape before computing a signature, and impressions older than 48 hours', () => {
    for (const id of [
      '',
      'abc',
      'tdx1ab.short',
      `tdx1ab.${'x'.repeat(17)}`,
      'TDX1AB.AAAAAAAAAAAAAAAA',
      'tdx1ab.AAAAAAAAAAAAAAA|',
    ]) {
      expect(
        verifyImpression(secret, LIVE, id, signImpression(secret, LIVE, id), Date.now()),
        id,
      ).toBeUndefined();
    }
    const old = newImpressionId(Date.now() - 49 * 3_600_000);
    expect(verifyImpression(secret, LIVE, old, signImpression(secret, LIVE, old))).toBeUndefined();
  });

  it('still believes the first form for impressions minted before this process could have been deployed, never for later ones', () => {
    const id = newImpressionId();
    const first = legacy(`imp|${LIVE}|${id}|d:${DIMS}`);
    expect(verifyImpression(secret, LIVE, id, first, Date.now(), DIMS)).toEqual({ reason: null });
    expect(
      verifyImpression(
        secret,
        LIVE,
        `${id}|d:${DIMS}`,
        legacy(`imp|${LIVE}|${id}|d:${DIMS}`),
        Date.now(),
        '',
      ),
    ).toBeUndefined();
    // Two hours after this process started, an impression minted then is this build's: the first form is refused.
    const later = Date.now() + 2 * 3_600_000;
    const mintedLater = newImpressionId(later);
    expect(
      verifyImpression(secret, LIVE, mintedLater, legacy(`imp|${LIVE}|${mintedLater}`), later),
    ).toBeUndefined();
    expect(
      verifyImpression(secret, LIVE, mintedLater, signImpression(secret, LIVE, mintedLater), later),
    ).toEqual({
      reason: null,
    });
  });
});
