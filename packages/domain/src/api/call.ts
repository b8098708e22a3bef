// What one entry of the API contract is: the call's method, path, request schema and answer schema.
// Each feature declares its entries with `call` (api/<feature>/contract.ts); api/contract.ts puts them
// together for the server, and the client sends each call from its entry (api/send.ts).
import type { z } from 'zod/mini';
import type { ApiTokenScope } from '../app/api-token';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One call. GET and DELETE take their input from the query string; POST and PUT from the JSON body
 * (or, for `multipart` calls, from the form fields). `answer` is the schema of `data` in the
 * `{status, data}` envelope; `extras` are the envelope's other fields (`pagination`, `deleted`).
 */
export interface CallContract<
  I extends z.core.$ZodType | undefined = z.core.$ZodType | undefined,
  A extends z.core.$ZodType = z.core.$ZodType,
> {
  readonly method: HttpMethod;
  /** The path under the API's base (`/api` in the product). */
  readonly path: string;
  readonly input: I;
  readonly answer: A;
  readonly extras?: Readonly<Record<string, z.core.$ZodType>>;
  readonly multipart?: boolean;
  /**
   * The API token scope that may make this call with `Authorization: Bearer <token>`. Calls without one
   * take only the session cookie: accounts, tokens, admin calls and everything else stay the console's.
   */
  readonly scope?: ApiTokenScope;
}

/** A contract entry; `input` may be left out for calls that take none. */
export const call = <I extends z.core.$ZodType | undefined, A extends z.core.$ZodType>(
  entry: Omit<CallContract<I, A>, 'input'> & { input?: I },
): CallContract<I, A> => ({ ...entry, input: entry.input as I });
