import { describe, expect, it } from 'vitest';
import { ValidationError } from '../validation/validation-error';
import { ApiError, errorMessage, isApiError, serverMessage } from './errors';

const fromServer = (body: unknown) => new ApiError({ status: 400, code: 'http_error', message: 'x', body });

describe('error extraction (docs/product.md §8)', () => {
  it('takes error.message, then message, then error from the server answer', () => {
    expect(errorMessage(fromServer({ error: { message: 'A' }, message: 'B' }), 'Sign up failed!')).toBe('A');
    expect(errorMessage(fromServer({ message: 'B', error: 'C' }), 'Sign up failed!')).toBe('B');
    expect(errorMessage(fromServer({ error: 'C' }), 'Sign up failed!')).toBe('C');
  });

  it('joins arrays of messages with newlines', () => {
    expect(errorMessage(fromServer({ message: ['Email taken', 'Weak password'] }), 'Sign up failed!')).toBe(
      'Email taken\nWeak password',
    );
    expect(serverMessage(['a', 'b'])).toBe('a\nb');
  });

  it("falls back to 'Sign up failed!', 'Sign in failed!' or 'Verification failed!' when the server gave no message", () => {
    expect(errorMessage(fromServer(null), 'Sign up failed!')).toBe('Sign up failed!');
    expect(errorMessage(fromServer({ status: 500 }), 'Sign in failed!')).toBe('Sign in failed!');
    expect(errorMessage(fromServer({ message: '  ' }), 'Verification failed!')).toBe('Verification failed!');
    expect(errorMessage(undefined, 'Sign in failed!')).toBe('Sign in failed!');
  });

  it('uses the error list of an answer that has no message text', () => {
    const error = new ApiError({
      status: 400,
      code: 'validation_failed',
      message: 'x',
      errors: ['One', 'Two'],
      body: { errors: ['One', 'Two'] },
    });
    expect(errorMessage(error, 'Sign up failed!')).toBe('One\nTwo');
  });

  it("passes on the client's own messages: validation lists and 'Request timed out'", () => {
    expect(
      errorMessage(
        new ValidationError(['Fill in your email', 'Fill in your password'], {}),
        'Sign in failed!',
      ),
    ).toBe('Fill in your email\nFill in your password');
    expect(
      errorMessage(new ApiError({ status: 408, code: 'timeout', message: 'Request timed out' }), 'x'),
    ).toBe('Request timed out');
    expect(
      errorMessage(new ApiError({ status: 0, code: 'network_error', message: '' }), 'Sign in failed!'),
    ).toBe('Sign in failed!');
    expect(errorMessage(new TypeError('fetch failed'), 'Sign in failed!')).toBe('fetch failed');
  });

  it('serialises to the API error shape {status, code, message, errors?}', () => {
    expect(new ApiError({ status: 404, code: 'not_found', message: 'Campaign not found!' }).toJSON()).toEqual(
      {
        status: 404,
        code: 'not_found',
        message: 'Campaign not found!',
      },
    );
    expect(isApiError(new ValidationError(['a'], {}))).toBe(true);
    expect(isApiError(new Error('a'))).toBe(false);
  });
});
