import { describe, expect, it } from 'vitest';
import { mayManageCampaign } from './access';

describe('owner or admin', () => {
  it("lets a campaign's owner and any admin manage it, and no one else", () => {
    expect(mayManageCampaign({ id: 'u1', role: 'user' }, 'u1')).toBe(true);
    expect(mayManageCampaign({ id: 'a1', role: 'admin' }, 'u1')).toBe(true);
    expect(mayManageCampaign({ id: 'u2', role: 'user' }, 'u1')).toBe(false);
  });
});
