// The demo's colleagues, so the first look at /admin shows what an administrator manages: a planner
// (a user), a second administrator, a former colleague whose account is disabled, and an invitation
// still waiting to be used. None of them can sign in (each has a random password nobody knows); the
// invitation's link is never mailed.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/database';
import { insertToken } from '../../db/queries/tokens';
import { insertUser, markUserDisabled } from '../../db/queries/users';
import { hashPassword } from '../identity/passwords';
import { TOKEN_LIFETIME_MS } from '../identity/tokens';
import { hashSecret, newId, newSecret } from '../ids';

const DEMO_TEAM = [
  { firstName: 'Priya', lastName: 'Planner', local: 'priya', role: 'user', disabled: false },
  { firstName: 'Omar', lastName: 'Operations', local: 'omar', role: 'admin', disabled: false },
  { firstName: 'Felix', lastName: 'Former', local: 'felix', role: 'user', disabled: true },
] as const;

/** The invited address: a client outside the company's domain, as invitations usually are. */
const DEMO_INVITEE = 'marketing@northwind.example';

/** Seeds the colleagues and the invitation; answers the second administrator's account (who edits the demo campaign in its history). */
export async function seedDemoTeam(
  db: Queryable,
  companyDomain: string,
): Promise<{ id: string; email: string }> {
  let planner = { id: '', email: '' };
  for (const colleague of DEMO_TEAM) {
    const id = newId();
    if (colleague.local === 'omar') planner = { id, email: `${colleague.local}@${companyDomain}` };
    await insertUser(db, {
      id,
      email: `${colleague.local}@${companyDomain}`,
      firstName: colleague.firstName,
      lastName: colleague.lastName,
      passwordHash: await hashPassword(randomBytes(18).toString('base64url')),
      role: colleague.role,
      verified: true,
    });
    if (colleague.disabled) await markUserDisabled(db, id, true);
  }
  await insertToken(db, {
    hash: hashSecret(newSecret()),
    kind: 'invite',
    email: DEMO_INVITEE,
    payload: { role: 'user' },
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS.invite),
  });
  return planner;
}
