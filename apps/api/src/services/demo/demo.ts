// Demo data for a first start, so a newcomer signs in and sees a full report at once: an admin account
// and a campaign with four published creatives (a banner with a real image, an In-Banner Video banner,
// a VAST pre-roll with a real MP4 and a VPAID ad unit) and 90 days of their events, with daily and
// weekly rhythms, a realistic click-through rate, a video quartile fall-off, invalid traffic and the
// VAST error pings players send, so every section of the report has something to show. The campaign books
// an impression goal and a CPM rate (its pacing reads "Behind"), and an older campaign of the account is
// archived, so the list's Archived filter has one; the demo campaign's two banners share a placement with an A/B test
// whose results show a verdict (demo-ab-test.ts). Runs only on an empty
// database (never with DEMO_DATA=false); DEMO_PASSWORD chooses the password then and is never
// applied again, so a password changed later stays changed.

import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  type CodedEventType,
  type CreativeSetting,
  codedEventType,
  type EventType,
  type InvalidTrafficReason,
} from '@adconsole/domain';
import type { Context } from '../../context';
import { LOCKS } from '../../db/database';
import { insertAsset } from '../../db/queries/assets';
import { insertCampaign, markCampaignArchived } from '../../db/queries/campaigns';
import { insertCreative } from '../../db/queries/creatives';
import { insertFile } from '../../db/queries/files';
import { insertLiveCreative } from '../../db/queries/live-creatives';
import { countUsers, insertUser } from '../../db/queries/users';
import { goalText, rateText } from '../audit/snapshots';
import { loadCreatives } from '../campaigns/campaign-loader';
import { readMp4Info } from '../campaigns/video';
import type { TrackedEvent } from '../events/tracked-event';
import { hashPassword } from '../identity/passwords';
import { newId } from '../ids';
import { seedDemoAbTest } from './demo-ab-test';
import { DEMO_ADVERTISER, seedContosoCampaign, seedDemoAdvertisers } from './demo-advertisers';
import { seedDemoAlerts } from './demo-alerts';
import { seedDemoApproval } from './demo-approval';
import { type DemoSegment, demoSegment } from './demo-breakdowns';
import { demoConversionEntries, seedDemoConversions } from './demo-conversion-ledger';
import { seedDemoConversionActions } from './demo-conversions';
import {
  demoRequestCounts,
  demoRulesSince,
  seedDemoDeliveryRules,
  seedDemoFrequencyCounts,
  seedDemoRequestCounts,
} from './demo-delivery';
import { demoHistory } from './demo-history';
import { demoAudience, seedDemoReach } from './demo-reach';
import { demoRequestFacts, seedDemoRequestFacts } from './demo-request-facts';
import { seedDemoTeam } from './demo-team';
import { mulberry32 } from './seeded-random';

export interface DemoAccount {
  email: string;
  password: string;
}

const DEMO_LANDING_PAGE = 'https://www.example.com/northwind/trail-season';
const DEMO_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;
const BUCKET_MS = 15 * 60 * 1000;
/**
 * The demo campaign's goal and rate. 90 days of the demo's events deliver about 850,000 valid
 * impressions at about 10,200 a day lately; over a flight of 121 days (30 left) a goal of 1,275,000
 * leaves delivery about 11 % under the even-delivery line and projects about 91 % of the goal: pacing
 * "Behind" (over 10 % under the line) but not "At risk" (projected under 90 %), at any hour of the day.
 */
export const DEMO_GOAL = { metric: 'impressions', amount: 1_275_000 } as const;
export const DEMO_RATE = { model: 'CPM', amount: 4.5, currency: 'USD' } as const;

type Seeded = Pick<Context, 'db' | 'config' | 'storage' | 'events' | 'conversions' | 'secret'>;

/** The demo's asset files, shipped beside this module (and copied beside the bundle). */
const demoFile = (name: string) => readFile(new URL(`./demo-assets/${name}`, import.meta.url));

interface DemoCreative {
  name: string;
  type: 'Banner' | 'VAST' | 'VPAID';
  width: number;
  height: number;
  layout: string | null;
  settings: CreativeSetting[];
  files: { name: string; contentType: string; kind: 'image' | 'video' | 'vpaid' }[];
  /**
   * Events per impression and impressions per 15 minutes at the busiest hour; `errors`, the VAST error
   * pings of video creatives per impression (players that could not play them), by code.
   */
  traffic: {
    peak: number;
    viewable: number;
    engagement: number;
    ctr: number;
    videoStart: number;
    errors?: readonly (readonly [code: number, perImpression: number])[];
  };
}

const demoCreatives: DemoCreative[] = [
  {
    name: 'Trail season banner',
    type: 'Banner',
    width: 300,
    height: 250,
    layout: null,
    settings: [],
    files: [{ name: 'banner.png', contentType: 'image/png', kind: 'image' }],
    traffic: { peak: 140, viewable: 0.66, engagement: 0.035, ctr: 0.0018, videoStart: 0 },
  },
  {
    name: 'In-banner trailer',
    type: 'Banner',
    width: 300,
    height: 250,
    layout: 'in-banner-video',
    settings: [
      {
        key: 'layoutOptions',
        value: {
          ad_duration: 30,
          video_autoplay: 'yes',
          progress_type: 'ProgressBar',
          buttons_position: 'bottom right',
        },
      },
    ],
    files: [
      { name: 'poster.png', contentType: 'image/png', kind: 'image' },
      { name: 'main.mp4', contentType: 'video/mp4', kind: 'video' },
    ],
    traffic: { peak: 90, viewable: 0.71, engagement: 0.092, ctr: 0.0041, videoStart: 0.74 },
  },
  {
    name: 'Trail season pre-roll',
    type: 'VAST',
    width: 640,
    height: 360,
    layout: null,
    settings: [],
    files: [{ name: 'main.mp4', contentType: 'video/mp4', kind: 'video' }],
    traffic: {
      peak: 60,
      viewable: 0.83,
      engagement: 0.06,
      ctr: 0.0095,
      videoStart: 0.97,
      // About 2 % of impressions: the media file timing out, a player unable to show it, and the
      // undefined error players send when they say nothing more.
      errors: [
        [402, 0.009],
        [405, 0.006],
        [900, 0.004],
      ],
    },
  },
  {
    name: 'Interactive trailer (VPAID)',
    type: 'VPAID',
    width: 640,
    height: 360,
    layout: null,
    settings: [],
    files: [
      { name: 'main.mp4', contentType: 'video/mp4', kind: 'video' },
      { name: 'vpaid.js', contentType: 'text/javascript', kind: 'vpaid' },
    ],
    traffic: {
      peak: 25,
      viewable: 0.8,
      engagement: 0.11,
      ctr: 0.012,
      videoStart: 0.93,
      // Players that take no VPAID, or whose ad unit fails to start, answer more errors than plain VAST.
      errors: [
        [901, 0.012],
        [405, 0.008],
        [402, 0.005],
      ],
    },
  },
];

/** Share of the day's peak traffic at a UTC hour: quiet at night, a lunch and an evening peak. */
const hourShape = (hour: number) =>
  0.12 + 0.55 * Math.exp(-((hour - 12.5) ** 2) / 6) + 0.88 * Math.exp(-((hour - 20) ** 2) / 5);
/** Weekends are quieter (Saturday 0.78, Sunday 0.72). */
const weekdayShape = (weekday: number) => (weekday === 6 ? 0.78 : weekday === 0 ? 0.72 : 1);

/** A whole number near `mean` (binomial-like noise that keeps small counts honest). */
const draw = (random: () => number, mean: number) => {
  const whole = Math.floor(mean);
  return whole + (random() < mean - whole ? 1 : 0);
};

/**
 * The invalid traffic beside the demo's valid impressions, as a share of them (about 3 % in all): what
 * list-based filtering finds on open web traffic, so a newcomer sees the report's invalid-traffic panel.
 */
const INVALID_SHARES: readonly [InvalidTrafficReason, number][] = [
  ['bot', 0.014],
  ['data-centre', 0.008],
  ['headless', 0.003],
  ['rate', 0.002],
  ['prefetch', 0.001],
];

/** 90 days of events per live creative, in 15-minute rows (rows of zero left out); exported for its test. */
export function demoEvents(liveIds: readonly string[], now: Date, days = DEMO_DAYS): TrackedEvent[] {
  const events: TrackedEvent[] = [];
  const end = Math.floor(now.getTime() / BUCKET_MS) * BUCKET_MS;
  const start = end - days * DAY_MS;
  demoCreatives.forEach((creative, index) => {
    const liveId = liveIds[index];
    if (liveId === undefined) return;
    const random = mulberry32(1000 + index);
    // Its own generator, so the valid figures stay the same draws as before invalid traffic existed.
    const invalidRandom = mulberry32(5000 + index);
    // Where each row's valid traffic comes from (the report's breakdowns): demo-breakdowns.ts.
    const segmentRandom = mulberry32(9000 + index);
    let segment: DemoSegment | undefined;
    const { traffic } = creative;
    const push = (
      type: EventType | CodedEventType,
      at: number,
      count: number,
      reason: InvalidTrafficReason | null = null,
    ) => {
      const dims = reason === null ? segment?.dims : undefined;
      if (count > 0) events.push({ liveId, type, at: new Date(at), count, impressionId: null, reason, dims });
    };
    for (let at = start; at < end; at += BUCKET_MS) {
      segment = demoSegment(segmentRandom);
      const moment = new Date(at);
      const day = (at - start) / DAY_MS;
      // A slow climb as the campaign finds its audience, then a plateau.
      const trend = 0.55 + 0.45 * Math.min(1, day / 30);
      const mean =
        traffic.peak *
        trend *
        hourShape(moment.getUTCHours() + moment.getUTCMinutes() / 60) *
        weekdayShape(moment.getUTCDay());
      const impressions = draw(random, mean * (0.85 + random() * 0.3));
      push('impression', at, impressions);
      for (const [reason, share] of INVALID_SHARES) {
        const filtered = draw(invalidRandom, impressions * share);
        push('impression', at, filtered, reason);
        // Bots and scripted clients click far more often than people.
        push('click', at, draw(invalidRandom, filtered * traffic.ctr * 8), reason);
      }
      // Clicks on ads whose impression never came (forged or replayed from elsewhere).
      push('click', at, draw(invalidRandom, impressions * 0.0004), 'sequence');
      push('viewable', at, draw(random, impressions * traffic.viewable));
      push('engagement', at, draw(random, impressions * traffic.engagement));
      push('click', at, draw(random, impressions * traffic.ctr * segment.ctr * (0.7 + random() * 0.6)));
      // VAST error pings by code, each of a served impression that did not play (their own generator:
      // the other figures stay the same draws).
      for (const [code, perImpression] of traffic.errors ?? [])
        push(codedEventType('error', code), at, draw(invalidRandom, impressions * perImpression));
      const starts = draw(
        random,
        Math.min(impressions, impressions * traffic.videoStart * segment.videoStart),
      );
      if (starts > 0) {
        push('start', at, starts);
        const first = draw(random, starts * 0.84);
        const mid = draw(random, first * 0.86);
        const third = draw(random, mid * 0.9);
        push('firstQuartile', at, first);
        push('midpoint', at, mid);
        push('thirdQuartile', at, third);
        push('complete', at, draw(random, third * 0.88));
      }
    }
  });
  return events;
}

/** Stores a demo asset as the upload would: bytes in storage, a public file row, an asset row. */
async function addAsset(
  ctx: Seeded,
  ownerId: string,
  creativeId: string,
  file: DemoCreative['files'][number],
) {
  const bytes = await demoFile(file.name);
  const id = newId();
  const fileName = `assets/${id}/${file.name}`;
  await ctx.storage.put(fileName, bytes, file.contentType);
  const video = file.kind === 'video' ? await readMp4Info(ctx.storage, fileName, bytes.length) : undefined;
  // A PNG's size is in its header; a video's in its moov box; a VPAID script has none.
  const size =
    file.kind === 'image' ? { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) } : video;
  await insertFile(ctx.db, {
    name: fileName,
    owner_id: ownerId,
    public: true,
    content_type: file.contentType,
    size: bytes.length,
  });
  await insertAsset(ctx.db, {
    id,
    creative_id: creativeId,
    file_name: fileName,
    filename: file.name,
    name: file.name,
    upload_type: file.kind,
    width: size?.width ?? null,
    height: size?.height ?? null,
    duration: video?.duration ?? null,
    bitrate: video?.bitrate ?? null,
  });
}

export interface DemoOptions {
  now?: Date;
  /** Days of events before `now` (the product seeds 90; tests that check the seeding itself take fewer). */
  days?: number;
  /** Told when the seeding begins (an empty database): `npm start` says so rather than going quiet. */
  onSeeding?: (days: number) => void;
}

export async function seedDemoData(
  ctx: Seeded,
  { now = new Date(), days = DEMO_DAYS, onSeeding }: DemoOptions = {},
): Promise<DemoAccount | undefined> {
  const { db, config } = ctx;
  const count = await countUsers(db);
  const email = `demo@${config.companyDomain}`;
  if (count > 0 || !config.demoData) return undefined;
  onSeeding?.(days);
  const password = config.demoPassword ?? randomBytes(9).toString('base64url');
  const userId = newId();
  const campaignId = newId();
  const day = (offset: number) => new Date(now.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
  await insertUser(db, {
    id: userId,
    email,
    firstName: 'Demo',
    lastName: 'Admin',
    passwordHash: await hashPassword(password),
    role: 'admin',
    verified: true,
  });
  const planner = await seedDemoTeam(db, config.companyDomain);
  // Northwind Outdoor's campaigns (the running one funded by its order) and Contoso Coffee's.
  const advertisers = await seedDemoAdvertisers(db, userId, { start: day(-days), end: day(30) });
  await seedContosoCampaign(db, userId, advertisers.contosoId, { start: day(3), end: day(45) });
  // An earlier campaign, over and archived: out of the default list, under the Archived filter.
  const archivedId = newId();
  await insertCampaign(db, {
    id: archivedId,
    ownerId: userId,
    name: 'Spring preview',
    advertiserId: advertisers.northwindId,
    body: {
      data: {
        start: { date: day(-days - 60) },
        end: { date: day(-days - 31) },
        timezone: 'UTC',
      },
    },
  });
  await markCampaignArchived(db, archivedId, true, new Date(now.getTime() - (days + 25) * DAY_MS));
  await insertCampaign(db, {
    id: campaignId,
    ownerId: userId,
    name: 'Demo campaign',
    advertiserId: advertisers.northwindId,
    insertionOrderId: advertisers.orderId,
    body: {
      data: { start: { date: day(-days) }, end: { date: day(30) }, goal: DEMO_GOAL, rate: DEMO_RATE },
    },
  });
  const history = demoHistory(db, {
    campaignId,
    now,
    days,
    owner: { id: userId, email },
    planner,
    day,
    booked: { goal: goalText(DEMO_GOAL) ?? '', rate: rateText(DEMO_RATE) ?? '', advertiser: DEMO_ADVERTISER },
  });
  await history.campaignCreated();
  const liveIds: string[] = [];
  const creativeIds: string[] = [];
  for (const creative of demoCreatives) {
    const creativeId = newId();
    creativeIds.push(creativeId);
    await insertCreative(db, {
      id: creativeId,
      campaignId,
      name: creative.name,
      type: creative.type,
      body: {
        width: creative.width,
        height: creative.height,
        fluid: false,
        platform: 'google-ad-manager',
        trackers: { click: [{ type: 'redirect', url: DEMO_LANDING_PAGE }] },
        settings: creative.settings,
        layout: creative.layout,
      },
    });
    for (const file of creative.files) await addAsset(ctx, userId, creativeId, file);
    // Published as the publish call does: an immutable snapshot under its own id.
    const [current] = await loadCreatives(ctx, { creativeIds: [creativeId] }, { counters: false });
    if (!current) throw new Error('The demo creative was not saved');
    const { liveCreatives: _none, ...snapshot } = current;
    const liveId = newId();
    await insertLiveCreative(db, {
      id: liveId,
      creativeId,
      campaignId,
      snapshot,
      createdAt: new Date(now.getTime() - days * DAY_MS),
    });
    liveIds.push(liveId);
    await history.creativePublished({ creativeId, liveId, name: creative.name, type: creative.type });
  }
  // The two banners (both 300x250) share a placement with an A/B test on their CTR (demo-ab-test.ts).
  await seedDemoAbTest(db, {
    campaignId,
    owner: { id: userId, email },
    banners: [creativeIds[0] as string, creativeIds[1] as string],
    now,
    days,
  });
  // The Conversions card's two actions, in the rate's currency (demo-conversions.ts).
  const [purchaseId, signUpId] = await seedDemoConversionActions(db, {
    campaignId,
    owner: { id: userId, email },
    currency: DEMO_RATE.currency,
    // The flight's first morning, after the creatives were published (demo-history.ts's set-up).
    at: new Date(now.getTime() - days * DAY_MS + 9.5 * 60 * 60 * 1000),
  });
  // Its delivery rules, set on the flight's third morning, and its ad requests by outcome (demo-delivery.ts).
  const flightStart = new Date(`${day(-days)}T00:00:00Z`);
  await seedDemoDeliveryRules(db, {
    campaignId,
    owner: { id: userId, email },
    at: demoRulesSince(flightStart),
  });
  await history.flightExtended();
  await history.creativeUpdated({ creativeId: creativeIds[0] as string, landingPage: DEMO_LANDING_PAGE });
  await history.shareLinkMade();
  const events = demoEvents(liveIds, now, days);
  for (let offset = 0; offset < events.length; offset += 25_000) {
    await ctx.events.store.writeBatch(events.slice(offset, offset + 25_000));
  }
  await seedDemoRequestCounts(
    ctx.events.store,
    demoRequestCounts(events, campaignId, demoRulesSince(flightStart), flightStart),
  );
  // Its requests with their facts: the inventory forecast's history (demo-request-facts.ts).
  await seedDemoRequestFacts(ctx.db, demoRequestFacts(events, campaignId, demoRulesSince(flightStart)));
  // Its impressions' identities, one simulated audience for the report's Frequency card (each ad's rank
  // in its browser's day) and its Reach card (the identities' sketches): demo-reach.ts.
  const audience = demoAudience(events, campaignId, 'UTC');
  await seedDemoFrequencyCounts(ctx.events.store, audience.frequency);
  await seedDemoReach(ctx.events.store, audience.reach);
  // Conversions of those clicks, through the ledger as the postback writes them (demo-conversion-ledger.ts).
  await seedDemoConversions(
    ctx.conversions,
    demoConversionEntries(
      events,
      campaignId,
      {
        purchase: {
          id: purchaseId as string,
          currency: DEMO_RATE.currency,
          lookbackDays: 30,
          maxValueMinor: 50_000,
          maxPerClick: 5,
        },
        signUp: { id: signUpId as string, lookbackDays: 7 },
      },
      ctx.secret,
      now,
    ),
  );
  // An open alert (the pre-roll's errors of the last two hours) and a recovered one (demo-alerts.ts).
  await seedDemoAlerts(ctx, { campaignId, preRollLiveId: liveIds[2] as string, now, events });
  // Its creatives' approval: one in review with a preview link for the client (demo-approval.ts).
  await seedDemoApproval(ctx, {
    campaignId,
    creativeIds,
    inReviewId: creativeIds[1] as string,
    owner: { id: userId, email, name: 'Demo Admin' },
    now,
  });
  return { email, password };
}

/**
 * seedDemoData under an advisory lock (main.ts): API processes started together on an empty database
 * seed it once; the others wait, then find its users and seed nothing.
 */
export function seedDemoDataOnce(ctx: Seeded, options: DemoOptions = {}): Promise<DemoAccount | undefined> {
  return ctx.db.exclusive(LOCKS.demoSeed, () => seedDemoData(ctx, options));
}
