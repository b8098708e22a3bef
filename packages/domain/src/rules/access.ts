// Who may see and change a campaign and everything in it (its creatives, assets, live creatives,
// reports, share links and schedules): its owner, or an admin (docs/product.md §6, roles).
import type { UserRole } from '../entities/user';

export interface Actor {
  id: string;
  role: UserRole;
}

export const mayManageCampaign = (actor: Actor, ownerId: string): boolean =>
  actor.role === 'admin' || actor.id === ownerId;
