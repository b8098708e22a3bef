import { describe, expect, it } from 'vitest';
import { isOwnerOrAdmin, mayManageCampaign } from './access';

describe('owner or admin', () => {
  it("lets a campaign's owner and any admin manage it, and no one else", () => {
    expect(mayManageCampaign({ id: 'u1', role: 'user' }, 'u1')).toBe(true);
    expect(mayManageCampaign({ id: 'a1', role: 'admin' }, 'u1')).toBe(true);
    expect(mayManageCampaign({ id: 'u2', role: 'user' }, 'u1')).toBe(false);
  });

  it('lets the owner of a file or token and any admin at it; a thing whose owner is gone, admins only', () => {
    expect(isOwnerOrAdmin({ id: 'u1', role: 'user' }, 'u1')).toBe(true);
    expect(isOwnerOrAdmin({ id: 'a1', role: 'admin' }, 'u1')).toBe(true);
    expect(isOwnerOrAdmin({ id: 'u2', role: 'user' }, 'u1')).toBe(false);
    expect(isOwnerOrAdmin({ id: 'a1', role: 'admin' }, null)).toBe(true);
    expect(isOwnerOrAdmin({ id: 'u1', role: 'user' }, null)).toBe(false);
  });
});
