import { describe, expect, it } from 'vitest';
import { ValidationError } from './validation-error';
import { decodeVerifyCode, encodeVerifyCode } from './verify-code';

describe('verify code (docs/product.md §5)', () => {
  it('is base64 of the e-mail and is decoded to the e-mail', () => {
    expect(decodeVerifyCode('YWRhQGV4YW1wbGUuY29t')).toBe('ada@example.com');
    expect(encodeVerifyCode('ada@example.com')).toBe('YWRhQGV4YW1wbGUuY29t');
  });

  it('decodes URL-safe and unpadded base64 and non-ASCII addresses', () => {
    const email = 'zoë@example.com';
    const code = encodeVerifyCode(email).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    expect(decodeVerifyCode(code)).toBe(email);
  });

  it("refuses a code that is not base64 of an e-mail: 'Invalid email!'", () => {
    for (const code of ['not base64!', btoa('not-an-email'), btoa(String.fromCharCode(0xff, 0xfe)), '']) {
      expect(() => decodeVerifyCode(code)).toThrow(ValidationError);
      expect(() => decodeVerifyCode(code)).toThrow('Invalid email!');
    }
  });
});
