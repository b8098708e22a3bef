// A stored file's name (safeFilename): safe in a storage key and a URL, with accented Latin letters
// transliterated rather than lost, so the tag sheet of "Müller Frühling" downloads as
// Muller_Fruhling-tags.xlsx, not M_ller_Fr_hling-tags.xlsx.
import { describe, expect, it } from 'vitest';
import { safeFilename } from './asset-checks';

describe('safeFilename', () => {
  it.each([
    ['Müller Frühling', 'Muller_Fruhling'],
    ['Straße & Œuvre', 'Strasse_OEuvre'],
    ['Café crème.png', 'Cafe_creme.png'],
    ['Łódź søndag', 'Lodz_sondag'],
    ['../../etc/passwd', 'passwd'],
    ['.hidden', 'hidden'],
    ['广告', '_'],
    ['', 'file'],
  ])('%j is %j', (name, safe) => {
    expect(safeFilename(name)).toBe(safe);
  });
});
