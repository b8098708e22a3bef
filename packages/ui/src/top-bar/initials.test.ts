import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe("the top bar's initials of a user", () => {
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
  });
});
