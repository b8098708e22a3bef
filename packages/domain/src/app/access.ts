// Who may see and change a campaign and everything in it (its creatives, assets, live creatives,
// reports, share links and schedules): its owner, or an admin (docs/product.md §6, roles). A client
// reads its advertisers' campaigns and changes nothing (docs/security.md, "Client access").
import type { UserRole } from './user';

export interface Actor {
  id: string;
  role: UserRole;
  /** A client's advertisers: the only ones whose things it may read. Ignored for other roles. */
  advertiserIds?: readonly string[] | undefined;
}

/**
 * Whether a role changes anything at all: every role but a client's (docs/security.md, "Client access").
 * The console shows a client's pages read-only by it (no edit, publish, pause, duplicate, archive, tags,
 * uploads...), keeping reports, previews and the approval decision; the server refuses such calls anyway.
 */
export const roleMayChange = (role: UserRole): boolean => role !== 'client';

export const mayManageCampaign = (actor: Actor, ownerId: string): boolean =>
  actor.role === 'admin' || (actor.role !== 'client' && actor.id === ownerId);

/**
 * Whether `actor` may see and change what `ownerId` owns (a campaign, a file, an API token): its owner,
 * or an admin. A thing whose owner is gone (null) is an admin's alone. A client owns nothing and
 * changes nothing: false for a client, always.
 */
export const isOwnerOrAdmin = (actor: Actor, ownerId: string | null): boolean =>
  ownerId === null ? actor.role === 'admin' : mayManageCampaign(actor, ownerId);

/** Whether `actor` is a client of the advertiser: one of the advertisers an admin gave it. */
export const isClientOf = (actor: Actor, advertiserId: string | null): boolean =>
  actor.role === 'client' && advertiserId !== null && (actor.advertiserIds ?? []).includes(advertiserId);

/**
 * Whether `actor` may read a thing of `ownerId` under the advertiser `advertiserId` (an advertiser, its
 * campaigns, their creatives and reports): the owner or an admin, or a client of that advertiser. The
 * one rule the services' loaders apply (ownCampaign, ownCreative, ownAdvertiser, a report's scope); a
 * client reaches a loader only through a route that lets clients call it (docs/security.md, "Client
 * access"), so what a client may change is decided there: nothing but an approval decision.
 */
export const mayRead = (actor: Actor, ownerId: string | null, advertiserId: string | null): boolean =>
  isOwnerOrAdmin(actor, ownerId) || isClientOf(actor, advertiserId);

/**
 * What a route lets a client do (docs/security.md, "Client access"): nothing (undefined, the default: a
 * new route is closed to clients), `read` (a read of its advertisers' things), `self` (its own account:
 * who am I, its name, its password), or `decide` (the approval decision on its advertisers' creatives).
 */
export type ClientAccess = 'read' | 'self' | 'decide';

/** Whether a client may call a route that declares `clients` (undefined: it may not). */
export const clientMayCall = (clients: ClientAccess | undefined): boolean => clients !== undefined;

/** Whether a client of the advertiser sees its costs (rates, budgets, spend, cost figures): only where it allows. */
export const clientSeesCosts = (actor: Actor, advertiser: { clientSeesCosts: boolean }): boolean =>
  actor.role !== 'client' || advertiser.clientSeesCosts;
