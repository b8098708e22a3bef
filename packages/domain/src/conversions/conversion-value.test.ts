import { describe, expect, it } from 'vitest';
import { conversionValueMinor, MAX_CONVERSION_VALUE_MINOR, minorAmountText } from './conversion-value';

describe("a conversion's value in the minor unit of its currency (docs/conversions.md)", () => {
  it('reads the text exactly, never through a float: 19.99 + 0.01 + 1234.56 USD = 125,456 cents', () => {
    const minor = ['19.99', '0.01', '1234.56'].map((value) => conversionValueMinor(value, 'USD'));
    expect(minor).toEqual([{ minor: 1999 }, { minor: 1 }, { minor: 123_456 }]);
    expect(minor.reduce((sum, value) => sum + ('minor' in value ? value.minor : 0), 0)).toBe(125_456);
    // 0.29 × 100 is 28.999999999999996 in floating point; read as text it is 29.
    expect(conversionValueMinor('0.29', 'USD')).toEqual({ minor: 29 });
  });

  it('allows as many decimals as the currency has (JPY 0, USD 2, KWD 3), trailing zeros aside', () => {
    expect(conversionValueMinor('1500', 'JPY')).toEqual({ minor: 1500 });
    expect(conversionValueMinor('1500.00', 'JPY')).toEqual({ minor: 1500 });
    expect(conversionValueMinor('1500.5', 'JPY')).toEqual({ refused: 'decimals' });
    expect(conversionValueMinor('49.9', 'USD')).toEqual({ minor: 4990 });
    expect(conversionValueMinor('49.999', 'USD')).toEqual({ refused: 'decimals' });
    expect(conversionValueMinor('12.345', 'KWD')).toEqual({ minor: 12_345 });
    expect(conversionValueMinor('1.2345', 'KWD')).toEqual({ refused: 'decimals' });
  });

  it('an absent or empty value is 0; a negative one is refused (minus zero is 0)', () => {
    expect(conversionValueMinor(undefined, 'USD')).toEqual({ minor: 0 });
    expect(conversionValueMinor(' ', 'USD')).toEqual({ minor: 0 });
    expect(conversionValueMinor('-5', 'USD')).toEqual({ refused: 'negative' });
    expect(conversionValueMinor('-0.00', 'USD')).toEqual({ minor: 0 });
  });

  it('refuses a comma, an exponent, a plus sign, a dot without digits, and more than one event can count', () => {
    for (const value of ['1,50', '1e3', '+5', '.5', '5.', '1 000', '0x10', 'NaN', 'Infinity']) {
      expect(conversionValueMinor(value, 'USD'), value).toEqual({ refused: 'malformed' });
    }
    expect(conversionValueMinor('21474836.47', 'USD')).toEqual({ minor: MAX_CONVERSION_VALUE_MINOR });
    expect(conversionValueMinor('21474836.48', 'USD')).toEqual({ refused: 'too-large' });
  });

  it('an amount in the minor unit written back exactly (a maximum value): USD 500.00, 0.05, JPY 500, KWD 1.005', () => {
    expect(minorAmountText(50_000, 'USD')).toBe('500.00');
    expect(minorAmountText(5, 'USD')).toBe('0.05');
    expect(minorAmountText(500, 'JPY')).toBe('500');
    expect(minorAmountText(1005, 'KWD')).toBe('1.005');
    // Read back, the same minor units.
    expect(conversionValueMinor(minorAmountText(MAX_CONVERSION_VALUE_MINOR, 'USD'), 'USD')).toEqual({
      minor: MAX_CONVERSION_VALUE_MINOR,
    });
  });
});
