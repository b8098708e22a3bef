// Demo data for a first start: an admin account and one campaign with a creative, so a newcomer can
// sign in and look around at once. Runs only on an empty database.
import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { newId } from './ids';
import { hashPassword } from './passwords';

export interface DemoAccount {
  email: string;
  password: string;
}

export async function seedDemoData(db: Database, config: Config): Promise<DemoAccount | undefined> {
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(
    'select count(*)::int as count from users',
  );
  if (count > 0) return undefined;
  const email = `demo@${config.companyDomain}`;
  const password = config.demoPassword ?? randomBytes(9).toString('base64url');
  const passwordHash = await hashPassword(password);
  const userId = newId();
  const campaignId = newId();
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into users (id, email, first_name, last_name, password_hash, role, verified_at)
       values ($1, $2, 'Demo', 'Admin', $3, 'admin', now())`,
      [userId, email, passwordHash],
    );
    await tx.query('insert into campaigns (id, owner_id, name, body) values ($1, $2, $3, $4)', [
      campaignId,
      userId,
      'Demo campaign',
      { data: { impressions: 0, engagement: 0, clicks: 0 } },
    ]);
    await tx.query('insert into creatives (id, campaign_id, name, type, body) values ($1, $2, $3, $4, $5)', [
      newId(),
      campaignId,
      'Demo banner',
      'Banner',
      {
        width: 300,
        height: 250,
        fluid: false,
        platform: 'Google Ad Manager',
        trackers: {},
        settings: [],
        layout: null,
      },
    ]);
  });
  return { email, password };
}
