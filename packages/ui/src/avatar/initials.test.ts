import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe("an avatar's initials of a person", () => {
  it('takes the first letters of the first and the last word', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('Maximilian Alexander von Hohenzollern-Sigmaringen')).toBe('MH');
  });

  it('upper-cases them, and gives one letter for one word', () => {
    expect(initials('grace hopper')).toBe('GH');
    expect(initials('Cher')).toBe('C');
  });

  it('ignores spaces around and between the words, and answers nothing for a blank name', () => {
    expect(initials('  Ada   Lovelace  ')).toBe('AL');
    expect(initials('   ')).toBe('');
  });

  it('keeps a letter outside the Basic Multilingual Plane whole, and accented letters as written', () => {
    expect(initials('𝓐da Émile')).toBe('𝓐É');
    expect(initials('Łukasz Żuk')).toBe('ŁŻ');
    // An accent written as its own combining mark stays with its letter.
    expect(initials('E\u0301mile Zola')).toBe('E\u0301Z');
  });

  it('skips words that do not start with a letter, and keeps one letter where upper case makes two', () => {
    expect(initials('Ada Lovelace (Admin)')).toBe('AL');
    expect(initials('👩‍💻 Dev Team')).toBe('DT');
    expect(initials('ßophie Ölz')).toBe('SÖ');
    expect(initials('Ada\u200bLovelace')).toBe('AL');
  });

  it('gives the first character of a name with no letter at all, whole', () => {
    expect(initials('👩‍💻')).toBe('👩‍💻');
    expect(initials('42')).toBe('4');
  });
});
