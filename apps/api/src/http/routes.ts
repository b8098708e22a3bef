// Every API call is declared once : method, path, input schema, answer schema and who may
// call it. The same declaration validates requests and produces the OpenAPI document.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Context } from '../context';
import type { SessionUser } from '../services/sessions';

export type Access = 'public' | 'user' | 'admin';

export interface RouteCall<I> {
  input: I;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in user; present whenever access is 'user' or 'admin'. */
  user: SessionUser | undefined;
  ctx: Context;
}

export interface Answer<T = unknown> {
  status: number;
  data: T;
}

export interface RouteDef<S extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under /api. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  access: Access;
  /** Query for GET, JSON body (merged over the query) for the other methods. */
  input?: S;
  /** Multipart form fields (documented only; the handler reads the parts itself). */
  multipart?: z.ZodType;
  /** The schema of `data` in the success answer. */
  answer: z.ZodType;
  /** Fields beside `data` in the success answer. */
  answerExtras?: Record<string, z.ZodType>;
  successStatus?: number;
  /** Extra error statuses this call answers, beyond the common 400/401/403. */
  errors?: Record<number, string>;
  /** Requests per IP address in 15 minutes, for calls that send mail or guess tokens. */
  perIpLimit?: number;
  /** Does not answer the JSON envelope (files). */
  raw?: { contentType: string };
  handler: (call: RouteCall<z.output<S>>) => Promise<unknown>;
}

/** An answer with fields beside `data` in the envelope (`pagination` of lists, `deleted` of uploads). */
export class WithExtras<T = unknown> {
  constructor(
    readonly data: T,
    readonly extras: Record<string, unknown>,
  ) {}
}

/** Erases the input type once the handler has been checked against it, so routes fit one list. */
export const defineRoute = <S extends z.ZodType>(def: RouteDef<S>): RouteDef => def as unknown as RouteDef;
