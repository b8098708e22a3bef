// How a route is declared: the call's contract entry from `@adconsole/domain` (method, path, request and
// answer schemas), who may call it, its documentation, and one call into a service. The declaration
// validates the request, checks the answer against the same schema the client parses it with, and
// produces the OpenAPI document (docs/decisions/0004-route-declarations.md).

import type { AuditEntity, CallContract, ClientAccess } from '@adconsole/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Context } from '../context';
import type { AuditCall } from '../services/audit/record';
import type { IdentityKind } from '../services/identity/identity-limit';
import type { SessionUser } from '../services/identity/sessions';

export type Access = 'public' | 'user' | 'admin';

/** Signed-in routes always have their user; public ones may. */
type UserFor<A extends Access> = A extends 'public' ? SessionUser | undefined : SessionUser;

type InputOf<C extends CallContract> = C['input'] extends z.core.$ZodType ? z.output<C['input']> : undefined;

interface RouteCall<C extends CallContract, A extends Access> {
  input: InputOf<C>;
  user: UserFor<A>;
  request: FastifyRequest;
  reply: FastifyReply;
  ctx: Context;
  /** The call's audit identity, for a public call that records a change without a user (record.ts). */
  call: AuditCall;
}

/** An answer with fields beside `data` in the envelope (`pagination` of lists, `deleted` of uploads). */
export class WithExtras<T = unknown> {
  constructor(
    readonly data: T,
    readonly extras: Record<string, unknown>,
  ) {}
}

type AnswerOf<C extends CallContract> = z.input<C['answer']>;

export interface RouteDef<C extends CallContract = CallContract, A extends Access = Access> {
  call: C;
  access: A;
  /**
   * What a signed-in client may do here (docs/security.md, "Client access"): absent, nothing (403), so a
   * new route is closed to clients unless it says otherwise; `read` a read whose service checks the
   * client's advertisers (`mayRead`), `self` its own account, `decide` the approval decision.
   */
  clients?: ClientAccess;
  summary: string;
  description?: string;
  tag: string;
  successStatus?: number;
  /** Error statuses this call answers beyond the common ones, with what they mean. */
  errors?: Record<number, string>;
  /** Requests per IP address in 15 minutes, for calls that send mail or guess tokens. */
  perIpLimit?: number;
  /**
   * Calls per identity in 15 minutes, counted in the database (services/identity/identity-limit.ts): per
   * signed-in user, per share link (`sharedToken`) or per e-mail address (`email` or `username`).
   */
  perIdentityLimit?: { max: number; by: IdentityKind };
  /**
   * What a call that changes something records in the audit log (services/audit/record.ts): the entity
   * it writes one entry for, or why it records none. Every POST, PUT and DELETE declares it; the route
   * contract test checks that an audited call writes exactly one entry and the others none.
   */
  audit?: AuditEntity | { none: string };
  /** The largest JSON body, when it must exceed the default 1 MB (the event import). */
  bodyLimit?: number;
  handler: (call: RouteCall<C, A>) => Promise<AnswerOf<C> | WithExtras<AnswerOf<C>>>;
}

/** Checks the handler against the contract entry, then erases the types so routes fit one list. */
export const defineRoute = <C extends CallContract, A extends Access>(def: RouteDef<C, A>): RouteDef =>
  def as unknown as RouteDef;
