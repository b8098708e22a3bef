import { describe, expect, it } from 'vitest';
import {
  clientMayCall,
  clientSeesCosts,
  isClientOf,
  isOwnerOrAdmin,
  mayManageCampaign,
  mayRead,
  roleMayChange,
} from './access';

const client = { id: 'c1', role: 'client' as const, advertiserIds: ['adv-a'] };

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

describe('client access', () => {
  it('a client role changes nothing (the console is read-only for it); users and admins change', () => {
    expect(roleMayChange('client')).toBe(false);
    expect(roleMayChange('user')).toBe(true);
    expect(roleMayChange('admin')).toBe(true);
  });

  it('a client owns and changes nothing, even a thing recorded under its own id', () => {
    expect(isOwnerOrAdmin(client, 'c1')).toBe(false);
    expect(isOwnerOrAdmin(client, null)).toBe(false);
    expect(mayManageCampaign(client, 'c1')).toBe(false);
  });

  it("mayRead: a client reads its advertisers' things only; owners and admins as before", () => {
    expect(mayRead(client, 'u1', 'adv-a')).toBe(true);
    expect(mayRead(client, 'u1', 'adv-b')).toBe(false);
    expect(mayRead(client, 'u1', null)).toBe(false);
    expect(mayRead({ ...client, advertiserIds: undefined }, 'u1', 'adv-a')).toBe(false);
    expect(mayRead({ id: 'u1', role: 'user' }, 'u1', 'adv-b')).toBe(true);
    expect(mayRead({ id: 'u2', role: 'user', advertiserIds: ['adv-a'] }, 'u1', 'adv-a')).toBe(false);
    expect(mayRead({ id: 'a1', role: 'admin' }, 'u1', 'adv-b')).toBe(true);
  });

  it('isClientOf: only the client role, only its advertisers', () => {
    expect(isClientOf(client, 'adv-a')).toBe(true);
    expect(isClientOf(client, 'adv-b')).toBe(false);
    expect(isClientOf({ id: 'u1', role: 'user', advertiserIds: ['adv-a'] }, 'adv-a')).toBe(false);
  });

  it('a route is closed to clients unless it declares what they may do there', () => {
    expect(clientMayCall(undefined)).toBe(false);
    expect(clientMayCall('read')).toBe(true);
    expect(clientMayCall('self')).toBe(true);
    expect(clientMayCall('decide')).toBe(true);
  });

  it('a client sees costs only where its advertiser allows it; everyone else always', () => {
    expect(clientSeesCosts(client, { clientSeesCosts: false })).toBe(false);
    expect(clientSeesCosts(client, { clientSeesCosts: true })).toBe(true);
    expect(clientSeesCosts({ id: 'u1', role: 'user' }, { clientSeesCosts: false })).toBe(true);
  });
});
