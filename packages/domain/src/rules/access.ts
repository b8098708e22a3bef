// Who may see and change a campaign and everything in it (its creatives, assets, live creatives,
// reports, share links and schedules): its owner, or an admin (docs/product.md §6, roles).
import type { UserRole } from '../entities/user';

export interface Actor {
  id: string;
  role: UserRole;
}

export const mayManageCampaign = (actor: Actor, ownerId: string): boolean =>
  actor.role === 'admin' || actor.id === ownerId;

/**
 * Whether `actor` may see and change what `ownerId` owns (a campaign, a file, an API token): its owner,
 * or an admin. A thing whose owner is gone (null) is an admin's alone.
 */
export const isOwnerOrAdmin = (actor: Actor, ownerId: string | null): boolean =>
  ownerId === null ? actor.role === 'admin' : mayManageCampaign(actor, ownerId);
