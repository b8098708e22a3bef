// Accounts: the users table as the API answers it, and the admin calls (the user list, a user's role,
// disabling and deleting an account, invitations: listed, sent again, revoked). An invitee's link lets
// an address of any domain sign up, already verified, with the role the admin chose. An administrator
// never changes their own account here (another one must): so an enabled administrator always remains.
import {
  ApiError,
  CLIENT_MESSAGES,
  type ClientAdvertisersRequest,
  type Invitation,
  type InviteUsersRequest,
  MESSAGES,
  normaliseEmail,
  type User,
  type UserDisabledRequest,
  type UserListEntry,
  type UserRoleRequest,
  userOwnsCampaignsMessage,
} from '@adconsole/domain';
import type { Context } from '../../context';
import type { Queryable } from '../../db/database';
import { countCampaigns } from '../../db/queries/campaigns';
import {
  countAdvertisersIn,
  listClientAdvertisers,
  replaceClientAdvertisers,
} from '../../db/queries/client-advertisers';
import { transferFiles } from '../../db/queries/files';
import { deleteUserSessions } from '../../db/queries/sessions';
import { listOpenInvitations, revokeOpenInvitations } from '../../db/queries/tokens';
import {
  deleteUserRow,
  findUserById,
  listUsers as listUserRows,
  markUserDisabled,
  type PublicUserRow,
  type UserRow,
  updateUserRole,
} from '../../db/queries/users';
import { recordChange, type Snapshot } from '../audit/record';
import { linkMessage } from '../outbound/mail';
import type { SessionUser } from './sessions';
import { issueToken } from './tokens';

export const toPublicUser = (row: PublicUserRow): User => ({
  id: row.id,
  first_name: row.first_name,
  last_name: row.last_name,
  email: row.email,
  role: row.role,
});

export const sessionUserAsPublic = (user: SessionUser): User =>
  toPublicUser({
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: user.role,
  });

const listEntry = (row: UserRow): UserListEntry => ({
  ...toPublicUser(row),
  id: row.id,
  verified: row.verified_at !== null,
  lastLogin: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
  createdAt: new Date(row.created_at).toISOString(),
  disabled: row.disabled_at !== null,
});

/** GET /v1/users: every user with role, verification, last sign-in and whether it is disabled; a client's advertisers. */
export async function listUsers(ctx: Context): Promise<UserListEntry[]> {
  const rows = await listUserRows(ctx.db);
  const clients = rows.filter((row) => row.role === 'client').map((row) => row.id);
  const advertisers = clients.length === 0 ? new Map() : await listClientAdvertisers(ctx.db, clients);
  return rows.map((row) =>
    row.role === 'client'
      ? { ...listEntry(row), advertiserIds: advertisers.get(row.id) ?? [] }
      : listEntry(row),
  );
}

/** The invitation's advertisers, when it is a client's. */
const invitedAdvertisers = (role: string | null, ids: unknown): string[] | undefined =>
  role === 'client' && Array.isArray(ids)
    ? ids.filter((id): id is string => typeof id === 'string')
    : undefined;

/** Refuses (400) a list naming an advertiser that does not exist. */
async function checkAdvertisersExist(db: Queryable, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  if ((await countAdvertisersIn(db, unique)) !== unique.length)
    throw ApiError.of(400, CLIENT_MESSAGES.unknownAdvertisers);
}

/**
 * PUT /v1/users/advertisers: the advertisers a client reads (docs/security.md, "Client access"), from its
 * next call on (its session reads them each time).
 */
export async function setClientAdvertisers(
  ctx: Context,
  admin: SessionUser,
  input: ClientAdvertisersRequest,
) {
  return ctx.db.transaction(async (tx) => {
    const user = await otherAccount(tx, admin, input.id);
    if (user.role !== 'client') throw ApiError.of(409, CLIENT_MESSAGES.notAClient);
    const ids = [...new Set(input.advertiserIds)].sort();
    await checkAdvertisersExist(tx, ids);
    const before = (await listClientAdvertisers(tx, [user.id])).get(user.id) ?? [];
    await replaceClientAdvertisers(tx, user.id, ids);
    await recordChange(tx, admin, userChange(user, { advertiserIds: before }, { advertiserIds: ids }));
    return { ...listEntry(user), advertiserIds: ids };
  });
}

/** The account an administrator changes: never their own (another administrator must). */
async function otherAccount(tx: Queryable, admin: SessionUser, id: string): Promise<UserRow> {
  if (id === admin.id) throw ApiError.of(400, MESSAGES.notOwnAccount);
  const user = await findUserById(tx, id);
  if (!user) throw ApiError.of(404, MESSAGES.userNotFound);
  return user;
}

/**
 * PUT /v1/users/role. The ADMIN_EMAIL account stays an administrator: its sign-in would make it one
 * again, so its demotion is refused rather than undone behind the administrator's back.
 */
export async function setUserRole(ctx: Context, admin: SessionUser, input: UserRoleRequest) {
  return ctx.db.transaction(async (tx) => {
    const user = await otherAccount(tx, admin, input.id);
    if (user.role === 'client') throw ApiError.of(409, CLIENT_MESSAGES.clientRoleFixed);
    if (input.role !== 'admin' && user.email === ctx.config.adminEmail)
      throw ApiError.of(409, MESSAGES.adminEmailStaysAdmin);
    await updateUserRole(tx, user.id, input.role);
    await recordChange(tx, admin, userChange(user, { role: user.role }, { role: input.role }));
    return listEntry({ ...user, role: input.role });
  });
}

/**
 * PUT /v1/users/disabled. A disabled account cannot sign in, and its sessions end at once (its API
 * tokens stop working while it is disabled); enabled again, it signs in as before.
 */
export async function setUserDisabled(ctx: Context, admin: SessionUser, input: UserDisabledRequest) {
  return ctx.db.transaction(async (tx) => {
    const user = await otherAccount(tx, admin, input.id);
    await markUserDisabled(tx, user.id, input.disabled);
    if (input.disabled) await deleteUserSessions(tx, user.id);
    await recordChange(
      tx,
      admin,
      userChange(user, { disabled: user.disabled_at !== null }, { disabled: input.disabled }),
    );
    return listEntry((await findUserById(tx, user.id)) ?? user);
  });
}

/**
 * DELETE /v1/users?id=. The account's sessions, API tokens and drafts go with it, its uploaded files pass
 * to the administrator who deletes it; an account that owns campaigns is refused (409) rather than
 * deleting them too: delete them first, or disable the account.
 */
export async function deleteUser(ctx: Context, admin: SessionUser, id: string) {
  await ctx.db.transaction(async (tx) => {
    const user = await otherAccount(tx, admin, id);
    const campaigns = await countCampaigns(tx, user.id);
    if (campaigns > 0) throw ApiError.of(409, userOwnsCampaignsMessage(campaigns));
    // Uploads may be used by creatives of other accounts: they pass to the administrator, not away.
    await transferFiles(tx, user.id, admin.id);
    await deleteUserRow(tx, user.id);
    await recordChange(
      tx,
      admin,
      userChange(
        user,
        { email: user.email, name: `${user.first_name} ${user.last_name}`.trim(), role: user.role },
        null,
      ),
    );
  });
  return null;
}

/** GET /v1/users/invitations: the invitations not used yet, the latest per address. */
export async function listInvitations(ctx: Context): Promise<Invitation[]> {
  const rows = await listOpenInvitations(ctx.db);
  return rows.map((row) => {
    const advertiserIds = invitedAdvertisers(row.role, row.advertiser_ids);
    return {
      email: row.email,
      role: row.role === 'admin' || row.role === 'client' ? row.role : 'user',
      ...(advertiserIds === undefined ? {} : { advertiserIds }),
      invitedAt: new Date(row.created_at).toISOString(),
      expiresAt: new Date(row.expires_at).toISOString(),
    };
  });
}

/** POST /v1/users/invite/resend: a new link with the same role and first name; the address's earlier links stop working. */
export async function resendInvite(ctx: Context, admin: SessionUser, email: string) {
  const address = normaliseEmail(email);
  const open = (await listOpenInvitations(ctx.db)).find((row) => row.email === address);
  if (!open) throw ApiError.of(404, MESSAGES.noOpenInvitation);
  const advertiserIds = invitedAdvertisers(open.role, open.advertiser_ids);
  return sendInvitations(
    ctx,
    admin,
    {
      emails: [address],
      role: open.role === 'admin' || open.role === 'client' ? open.role : 'user',
      ...(advertiserIds === undefined ? {} : { advertiserIds }),
      ...(open.first_name ? { firstNames: [open.first_name] } : {}),
    },
    { replacing: address, sentAt: new Date(open.created_at).toISOString() },
  );
}

/** POST /v1/users/invite: a single-use sign-up link valid 14 days to each address. */
export const inviteUsers = (ctx: Context, admin: SessionUser, input: InviteUsersRequest) =>
  sendInvitations(ctx, admin, input);

/**
 * Issues the links (one entry in the audit log for the whole call, in the same transaction; a resend
 * first revokes the address's earlier links there too), then mails them once they are stored.
 */
async function sendInvitations(
  ctx: Context,
  admin: SessionUser,
  input: InviteUsersRequest,
  resend?: { replacing: string; sentAt: string },
) {
  const advertiserIds = input.advertiserIds && [...new Set(input.advertiserIds)].sort();
  const clientPart = advertiserIds ? { advertiserIds } : {};
  const links = await ctx.db.transaction(async (tx) => {
    if (advertiserIds) await checkAdvertisersExist(tx, advertiserIds);
    if (resend) await revokeOpenInvitations(tx, resend.replacing);
    const issued: { email: string; firstName: string; token: string }[] = [];
    for (const [index, address] of input.emails.entries()) {
      const email = normaliseEmail(address);
      const firstName = input.firstNames?.[index] ?? '';
      const token = await issueToken(tx, 'invite', email, {
        role: input.role,
        ...(advertiserIds ? { advertiserIds } : {}),
        invitedBy: admin.id,
        ...(firstName ? { firstName } : {}),
      });
      issued.push({ email, firstName, token });
    }
    const emails = issued.map((link) => link.email);
    await recordChange(tx, admin, {
      entity: 'invitation',
      entityId: emails.join(', '),
      campaignId: null,
      before: resend ? { emails, role: input.role, ...clientPart, sentAt: resend.sentAt } : null,
      after: { emails, role: input.role, ...clientPart, sentAt: new Date().toISOString() },
    });
    return issued;
  });
  const inviter = `${admin.firstName} ${admin.lastName}`.trim();
  for (const { email, firstName, token } of links) {
    const params = new URLSearchParams({ email, ...(firstName ? { firstName } : {}), invite: token });
    await ctx.mailer.send(
      linkMessage({
        to: email,
        subject: 'You are invited to Adconsole',
        intro: `${firstName ? `Hello ${firstName}, y` : 'Y'}ou have been invited to Adconsole${inviter ? ` by ${inviter}` : ''}.`,
        action: 'Create your account',
        link: `${ctx.config.publicUrl}/signup?${params.toString()}`,
        outro: 'The invitation is valid for 14 days and works once.',
      }),
    );
  }
  return { invited: links.map((link) => link.email) };
}

/** DELETE /v1/users/invite: the address's unused invitation links stop working. */
export async function revokeInvite(ctx: Context, admin: SessionUser, email: string) {
  const address = normaliseEmail(email);
  const revoked = await ctx.db.transaction(async (tx) => {
    const count = await revokeOpenInvitations(tx, address);
    if (count === 0) throw ApiError.of(404, MESSAGES.noOpenInvitation);
    await recordChange(tx, admin, {
      entity: 'invitation',
      entityId: address,
      campaignId: null,
      before: { emails: [address], open: true },
      after: null,
    });
    return count;
  });
  return { revoked };
}

/** An account's change as the audit log keeps it (the fields an administrator sets). */
const userChange = (user: UserRow, before: Snapshot, after: Snapshot | null) => ({
  entity: 'user' as const,
  entityId: user.id,
  campaignId: null,
  before: { email: user.email, ...before },
  after: after && { email: user.email, ...after },
});
