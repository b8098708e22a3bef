// The demo's colleagues, so the first look at /admin shows what an administrator manages: a planner
// (a user) with a webhook, a second administrator, a former colleague whose account is disabled and
// whose old webhook an administrator switched off, and an invitation still waiting to be used. None of
// them can sign in (each has a random password nobody knows); the invitation's link is never mailed,
// and no campaign of theirs alerts, so nothing is ever POSTed to their webhooks' example addresses.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/database';
import { insertToken } from '../../db/queries/tokens';
import { insertUser, markUserDisabled } from '../../db/queries/users';
import { insertWebhookEndpoint } from '../../db/queries/webhooks';
import { hashPassword } from '../identity/passwords';
import { TOKEN_LIFETIME_MS } from '../identity/tokens';
import { hashSecret, newId, newSecret } from '../ids';
import { newWebhookSecret } from '../outbound/webhook-signing';

const DEMO_TEAM = [
  {
    firstName: 'Priya',
    lastName: 'Planner',
    local: 'priya',
    role: 'user',
    disabled: false,
    webhook: {
      url: 'https://hooks.agency.example/adconsole/planning',
      description: 'Planning channel',
      enabled: true,
    },
  },
  { firstName: 'Omar', lastName: 'Operations', local: 'omar', role: 'admin', disabled: false },
  {
    firstName: 'Felix',
    lastName: 'Former',
    local: 'felix',
    role: 'user',
    disabled: true,
    webhook: {
      url: 'https://automation.northwind.example/incoming',
      description: 'Old automation',
      enabled: false,
    },
  },
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
    if ('webhook' in colleague)
      await insertWebhookEndpoint(db, {
        id: newId(),
        user_id: id,
        secret: newWebhookSecret(),
        ...colleague.webhook,
      });
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
