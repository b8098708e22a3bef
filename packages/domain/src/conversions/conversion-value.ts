// A conversion's value as the tag and the postback send it (docs/conversions.md): text such as
// `49.99`, read exactly into the minor unit of the currency (4,999 cents), never through a float, so
// conversions sum to the cent. More decimals than the currency's minor unit has is refused, not rounded
// (JPY 0, USD 2, KWD 3), and so is a negative or malformed amount.
import { currencyDigits } from '../campaigns/pricing';

/**
 * The largest value one conversion may carry, in the minor unit: one event's count in the event store
 * (a 32-bit integer): USD 21,474,836.47, JPY 2,147,483,647.
 */
export const MAX_CONVERSION_VALUE_MINOR = 2_147_483_647;

/** What a sent value is: its amount in the minor unit, or why it is refused. */
export type ConversionValue =
  | { minor: number }
  | { refused: 'malformed' | 'negative' | 'decimals' | 'too-large' };

/**
 * `text` (digits, optionally a dot and decimals; an empty or absent value is 0) in the minor unit of
 * `currency`. A comma, an exponent, a sign other than a leading minus (refused as negative) or spaces
 * inside are malformed.
 */
export function conversionValueMinor(text: string | undefined, currency: string): ConversionValue {
  const value = (text ?? '').trim();
  if (value === '') return { minor: 0 };
  if (/^-\d+(\.\d+)?$/.test(value)) return Number(value) === 0 ? { minor: 0 } : { refused: 'negative' };
  const match = /^(\d{1,15})(?:\.(\d{1,15}))?$/.exec(value);
  if (!match) return { refused: 'malformed' };
  const digits = currencyDigits(currency);
  const decimals = (match[2] ?? '').replace(/0+$/, '');
  if (decimals.length > digits) return { refused: 'decimals' };
  const minor = Number(`${match[1]}${decimals.padEnd(digits, '0')}`);
  return minor > MAX_CONVERSION_VALUE_MINOR ? { refused: 'too-large' } : { minor };
}

/** An amount in the minor unit written exactly as text of its currency: 50,000 cents are `500.00`, ¥500 `500`. */
export function minorAmountText(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  if (digits === 0) return String(minor);
  const text = String(minor).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
