import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../api/errors';
import { issueMessages, ValidationError, validate } from './validation-error';
// The catalogue registers its texts as the product's own when it loads (a schema that words an issue
// with one of them imports it); the schemas below write them out.
import './messages';

describe('ValidationError and validate (docs/product.md §5, second reading)', () => {
  it('fails with a 400-like error carrying the list of messages and the data', () => {
    const input = { username: 'x' };
    const schema = z.object({
      username: z.string().min(6, 'Fill in your email'),
      password: z.string().min(6, 'Fill in your password'),
    });
    try {
      validate(schema, input);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toBeInstanceOf(ApiError);
      const validation = error as ValidationError;
      expect(validation.status).toBe(400);
      expect(validation.code).toBe('validation_failed');
      expect(validation.messages).toEqual([
        'Fill in your email',
        'password: Invalid input: expected string, received undefined',
      ]);
      expect(validation.data).toBe(input);
      expect(validation.message).toBe(validation.messages.join('\n'));
      expect(validation.toJSON()).toEqual({
        status: 400,
        code: 'validation_failed',
        message: validation.message,
        errors: validation.messages,
      });
    }
  });

  it('gives the parsed data back when the input is valid', () => {
    expect(validate(z.object({ n: z.coerce.number() }), { n: '4' })).toEqual({ n: 4 });
  });

  it('names the field of a generic message, keeps the product texts as they are, and lists each message once', () => {
    const schema = z.object({
      a: z.string().min(1, 'Fill in your names'),
      b: z.string().min(1, 'Fill in your names'),
      c: z.number(),
    });
    const result = schema.safeParse({ a: '', b: '', c: 'x' });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(issueMessages(result.error)).toEqual([
        'Fill in your names',
        'c: Invalid input: expected number, received string',
      ]);
  });
});
