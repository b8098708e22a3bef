// The demo campaign's history, so the campaign page's first look shows one: the campaign and its
// creatives created and published when its flight began, a second administrator extending the flight two days
// ago, the first banner's landing page changed (read as the form's labels: docs/console.md, "History"),
// and a share link made without costs for the client (docs/reports.md, "Share links").
// Written as the audit log writes it (services/audit/record.ts), dated after the fact.
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/database';
import { insertAuditRow } from '../../db/queries/audit-log';
import { insertShareToken } from '../../db/queries/share-tokens';

const DAY_MS = 24 * 60 * 60 * 1000;

interface DemoHistoryInput {
  campaignId: string;
  now: Date;
  days: number;
  owner: { id: string; email: string };
  planner: { id: string; email: string };
  /** The day `offset` days from now, 'YYYY-MM-DD'. */
  day: (offset: number) => string;
  /** The goal and rate the campaign was created with, as the audit log writes them ('USD 4.50 CPM'). */
  booked: { goal: string; rate: string; advertiser: string };
}

export function demoHistory(
  db: Queryable,
  { campaignId, now, days, owner, planner, day, booked }: DemoHistoryInput,
) {
  const began = now.getTime() - days * DAY_MS;
  let minute = 0;
  /** The set-up's entries a minute apart, from the flight's first morning on. */
  const setUp = () => new Date(began + 9 * 60 * 60 * 1000 + minute++ * 60 * 1000);
  const entry = (row: Omit<Parameters<typeof insertAuditRow>[1], 'campaignId' | 'requestId'>) =>
    insertAuditRow(db, { ...row, campaignId, requestId: null });
  return {
    campaignCreated: () =>
      entry({
        actorId: owner.id,
        actorEmail: owner.email,
        entity: 'campaign',
        entityId: campaignId,
        action: 'create',
        // Booked first for a shorter flight; extended later by a second administrator.
        changes: {
          advertiser: [null, booked.advertiser],
          end: [null, day(16)],
          goal: [null, booked.goal],
          name: [null, 'Demo campaign'],
          rate: [null, booked.rate],
          start: [null, day(-days)],
          timezone: [null, 'UTC'],
        },
        route: 'POST /v1/campaign/new',
        at: setUp(),
      }),
    creativePublished: async (creative: {
      creativeId: string;
      liveId: string;
      name: string;
      type: string;
    }) => {
      await entry({
        actorId: owner.id,
        actorEmail: owner.email,
        entity: 'creative',
        entityId: creative.creativeId,
        action: 'create',
        changes: {
          name: [null, creative.name],
          platform: [null, 'google-ad-manager'],
          type: [null, creative.type],
        },
        route: 'POST /v1/campaign/creatives',
        at: setUp(),
      });
      await entry({
        actorId: owner.id,
        actorEmail: owner.email,
        entity: 'liveCreative',
        entityId: creative.liveId,
        action: 'create',
        changes: {
          creativeId: [null, creative.creativeId],
          name: [null, creative.name],
          platform: [null, 'google-ad-manager'],
        },
        route: 'POST /v1/campaign/creatives/publish',
        at: setUp(),
      });
    },
    /** The banner's landing page moved from the shop's home to the campaign's page, a day ago. */
    creativeUpdated: (creative: { creativeId: string; landingPage: string }) =>
      entry({
        actorId: planner.id,
        actorEmail: planner.email,
        entity: 'creative',
        entityId: creative.creativeId,
        action: 'update',
        changes: {
          trackers: [
            { click: [{ type: 'redirect', url: new URL(creative.landingPage).origin }] },
            { click: [{ type: 'redirect', url: creative.landingPage }] },
          ],
        },
        route: 'PUT /v1/campaign/creatives',
        at: new Date(now.getTime() - DAY_MS),
      }),
    /** A share link for the client, without costs (the default), made an hour ago. */
    shareLinkMade: async () => {
      const token = randomBytes(32).toString('base64url');
      await insertShareToken(db, {
        token,
        campaignId,
        createdBy: owner.id,
        expiresAt: null,
        includeCosts: false,
      });
      await entry({
        actorId: owner.id,
        actorEmail: owner.email,
        entity: 'shareLink',
        entityId: `sha256:${createHash('sha256').update(token).digest('hex').slice(0, 16)}`,
        action: 'create',
        changes: { includeCosts: [null, false] },
        route: 'POST /v1/campaign/newToken',
        at: new Date(now.getTime() - 60 * 60 * 1000),
      });
    },
    flightExtended: () =>
      entry({
        actorId: planner.id,
        actorEmail: planner.email,
        entity: 'campaign',
        entityId: campaignId,
        action: 'update',
        changes: { end: [day(16), day(30)] },
        route: 'PUT /v1/campaign/update',
        at: new Date(now.getTime() - 2 * DAY_MS),
      }),
  };
}
