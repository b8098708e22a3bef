import { describe, expect, it } from 'vitest';
import { checkRequestSchemas, messages, type RequestExample } from '../../../test/request-schemas';
import { validate } from '../../validation/validation-error';
import { inviteUsersRequestSchema } from './requests';

const examples: RequestExample[] = [
  ['inviteUsers', inviteUsersRequestSchema, { emails: ['bob@example.com'] }],
];

describe('user request schemas (docs/product.md §7)', () => {
  checkRequestSchemas(examples);

  it('invites users by e-mail with role user unless admin is asked for', () => {
    expect(validate(inviteUsersRequestSchema, { emails: ['bob@example.com'] }).role).toBe('user');
    expect(messages(inviteUsersRequestSchema, { emails: [] })).toEqual([
      'emails: Add at least one e-mail address',
    ]);
    expect(messages(inviteUsersRequestSchema, { emails: ['bob@example.com'], role: 'root' })).toEqual([
      'role must be one of: user, admin, client',
    ]);
  });
});
