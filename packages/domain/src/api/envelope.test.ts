import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiEnvelopeSchema, envelope, envelopeStatus, isSuccessStatus } from './envelope';

describe('response envelope (docs/product.md §7)', () => {
  it('has status and data; success is a status below 400', () => {
    expect(envelope({ id: 1 })).toEqual({ status: 200, data: { id: 1 } });
    expect(apiEnvelopeSchema(z.object({ id: z.number() })).parse({ status: 201, data: { id: 1 } })).toEqual({
      status: 201,
      data: { id: 1 },
    });
    expect(isSuccessStatus(399)).toBe(true);
    expect(isSuccessStatus(400)).toBe(false);
  });

  it("takes the envelope's status over the HTTP status, unless the HTTP status is itself a failure", () => {
    expect(envelopeStatus({ status: 422, data: null }, 200)).toBe(422);
    expect(envelopeStatus({ status: 200, data: null }, 500)).toBe(500);
    expect(envelopeStatus({ data: null }, 204)).toBe(204);
    expect(envelopeStatus('text', 200)).toBe(200);
    expect(envelopeStatus({ status: 'ok' }, 200)).toBe(200);
  });
});
