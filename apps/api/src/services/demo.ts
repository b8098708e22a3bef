// Demo data for a first start: an admin account and one campaign with a creative, so a newcomer can
// sign in and look around at once. Runs only on an empty database; DEMO_PASSWORD, when set, is
// applied to the demo account at every start.
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
  const email = `demo@${config.companyDomain}`;
  if (count > 0) {
    // A fixed DEMO_PASSWORD keeps working on an existing database (e2e runs, a forgotten password).
    if (config.demoPassword === undefined) return undefined;
    const updated = await db.query('update users set password_hash = $2 where email = $1 returning id', [
      email,
      await hashPassword(config.demoPassword),
    ]);
    return updated.length > 0 ? { email, password: config.demoPassword } : undefined;
  }
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
    const creativeId = newId();
    const body = {
      width: 300,
      height: 250,
      fluid: false,
      platform: 'google-ad-manager',
      trackers: {},
      settings: [],
      layout: null,
    };
    await tx.query('insert into creatives (id, campaign_id, name, type, body) values ($1, $2, $3, $4, $5)', [
      creativeId,
      campaignId,
      'Demo banner',
      'Banner',
      body,
    ]);
    // Published once, so the demo campaign has a live creative and tags to show.
    await tx.query(
      'insert into live_creatives (id, creative_id, campaign_id, snapshot) values ($1, $2, $3, $4)',
      [
        newId(),
        creativeId,
        campaignId,
        {
          id: creativeId,
          campaignID: campaignId,
          name: 'Demo banner',
          type: 'Banner',
          size: '300x250',
          ...body,
        },
      ],
    );
  });
  return { email, password };
}
