// The response envelope of docs/product.md §7: `{status, data}`, success when status is below 400.
import { z } from 'zod/mini';

export interface ApiEnvelope<T> {
  status: number;
  data: T;
}

export const apiEnvelopeSchema = <T extends z.core.$ZodType>(data: T) =>
  z.looseObject({ status: z.number().check(z.int()), data });

/** Wraps an answer the way the API sends it. */
export const envelope = <T>(data: T, status = 200): ApiEnvelope<T> => ({ status, data });

export const isSuccessStatus = (status: number): boolean => status < 400;

/** The status an answer stands for: the envelope's own status when it has one, else the HTTP status. */
export function envelopeStatus(body: unknown, httpStatus: number): number {
  if (typeof body === 'object' && body !== null && 'status' in body) {
    const status = (body as { status: unknown }).status;
    if (typeof status === 'number' && Number.isInteger(status))
      return Math.max(status, httpStatus >= 400 ? httpStatus : 0);
  }
  return httpStatus;
}
