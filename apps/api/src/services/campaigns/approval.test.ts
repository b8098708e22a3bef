// Creative approval and preview links (docs/product.md §4, "Approval"; docs/security.md, "Preview links")
// over real HTTP: publishing refused until approved when the advertiser requires it, the client's
// decision from a preview link under a typed name (and the owner's mail), a changed creative back in
// review, revoked, expired and orphaned links, another user's refusal, and the audit entries.
import { createHash } from 'node:crypto';
import type {
  Advertiser,
  Campaign,
  Creative,
  CreativeApproval,
  Preview,
  PreviewLink,
} from '@adconsole/domain';
import { APPROVAL_MESSAGES } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startServer, type TestServer } from '../../test/harness';
import { signedInAdmin, signedInUser, waitForMail } from '../../test/helpers';

let server: TestServer;
let owner: Client;
let ownerEmail: string;
let other: Client;
let admin: Client;
let campaignID: string;
const anonymous = () => new Client(server.url);

const banner = (html: string) => ({
  campaignID,
  name: 'Leaderboard',
  type: 'Banner',
  width: 728,
  height: 90,
  html,
  trackers: { click: [{ type: 'redirect', url: 'https://shop.example/spring' }] },
});
const newCreative = async () => {
  const made = await owner.post<Creative>('/v1/campaign/creatives', banner('<p>Spring sale</p>'));
  expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
  return made.body.data as Creative;
};
const newLink = async (by: Client, body: Record<string, unknown>) => {
  const made = await by.post<PreviewLink>('/v1/preview/create', { campaignID, ...body });
  expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
  return made.body.data as PreviewLink;
};
const publish = (id: string) => owner.post('/v1/campaign/creatives/publish', { id });
const entriesOf = async (entity: string, entityId: string) =>
  (
    await server.db.query<{
      changes: Record<string, [unknown, unknown]>;
      actor_email: string;
      route: string;
    }>('select changes, actor_email, route from audit_log where entity = $1 and entity_id = $2 order by id', [
      entity,
      entityId,
    ])
  ).map((row) => ({ state: row.changes.state?.[1], by: row.actor_email, route: row.route }));

describe('creative approval and preview links', () => {
  beforeAll(async () => {
    server = await startServer();
    ({ client: owner, email: ownerEmail } = await signedInUser(server));
    other = (await signedInUser(server)).client;
    admin = (await signedInAdmin(server)).client;
    const advertiser = (
      await owner.post<Advertiser>('/v1/advertiser/create', {
        name: 'Northwind',
        currency: 'USD',
        requiresApproval: true,
      })
    ).body.data as Advertiser;
    expect(advertiser.requiresApproval).toBe(true);
    campaignID = (
      (await owner.post<Campaign>('/v1/campaign/new', { name: 'Spring', advertiserId: advertiser.id })).body
        .data as Campaign
    ).id;
  });
  afterAll(() => server.close());

  it('publishing is refused until approved; a client approves from the preview link under a typed name', async () => {
    const creative = await newCreative();
    expect(creative.approval).toBeUndefined();
    const refused = await publish(creative.id);
    expect([refused.httpStatus, refused.body.message]).toEqual([409, APPROVAL_MESSAGES.publishNeedsApproval]);

    const submitted = await owner.post<CreativeApproval>('/v1/creative/review/submit', {
      creativeID: creative.id,
    });
    expect(submitted.body.data?.state).toBe('in-review');
    expect((await publish(creative.id)).httpStatus).toBe(409);

    const link = await newLink(owner, { creativeID: creative.id, expiresInDays: 7 });
    expect(link.url).toMatch(/\/preview\/[A-Za-z0-9_-]{43}$/);
    const shown = await anonymous().get<Preview>(`/v1/preview?sharedToken=${link.token}`);
    expect(shown.httpStatus).toBe(200);
    expect(
      shown.body.data?.creatives.map((c) => [c.name, c.width, c.height, c.clickThrough, c.approval.state]),
    ).toEqual([['Leaderboard', 728, 90, 'https://shop.example/spring', 'in-review']]);
    expect(JSON.stringify(shown.body.data)).not.toContain(ownerEmail);

    const noName = await anonymous().post('/v1/preview/decide', {
      sharedToken: link.token,
      creativeID: creative.id,
      name: '  ',
      decision: 'approve',
    });
    expect([noName.httpStatus, noName.body.message]).toEqual([400, APPROVAL_MESSAGES.nameRequired]);
    const approved = await anonymous().post<CreativeApproval>('/v1/preview/decide', {
      sharedToken: link.token,
      creativeID: creative.id,
      name: 'Nora Client',
      decision: 'approve',
      comment: 'Looks great',
    });
    expect(approved.body.data).toMatchObject({
      state: 'approved',
      by: { name: 'Nora Client', email: null, via: 'preview-link' },
      comment: 'Looks great',
    });
    const mail = await waitForMail(server, ownerEmail, 1);
    expect(mail.text).toContain('Nora Client approved');

    expect((await publish(creative.id)).httpStatus).toBe(200);
    expect(await entriesOf('creativeApproval', creative.id)).toEqual([
      { state: 'in-review', by: ownerEmail, route: 'POST /v1/creative/review/submit' },
      { state: 'approved', by: 'Nora Client (preview link)', route: 'POST /v1/preview/decide' },
    ]);
  });

  it('a creative that changes what it draws is in review again; changes need a comment', async () => {
    const creative = await newCreative();
    await owner.post('/v1/creative/review/submit', { creativeID: creative.id });
    await owner.post('/v1/creative/review/decide', { creativeID: creative.id, decision: 'approve' });
    const renamed = await owner.put<Creative>('/v1/campaign/creatives', {
      ...banner('<p>Spring sale</p>'),
      id: creative.id,
      name: 'Renamed',
    });
    expect(renamed.body.data?.approval?.state).toBe('approved');
    const changed = await owner.put<Creative>('/v1/campaign/creatives', {
      ...banner('<p>Summer sale</p>'),
      id: creative.id,
    });
    expect(changed.body.data?.approval).toMatchObject({ state: 'in-review', changedSince: true });
    expect((await publish(creative.id)).httpStatus).toBe(409);
    const bare = await owner.post('/v1/creative/review/decide', {
      creativeID: creative.id,
      decision: 'request-changes',
    });
    expect([bare.httpStatus, bare.body.message]).toEqual([400, APPROVAL_MESSAGES.commentRequired]);
    const asked = await owner.post<CreativeApproval>('/v1/creative/review/decide', {
      creativeID: creative.id,
      decision: 'request-changes',
      comment: 'Use the spring palette',
    });
    expect(asked.body.data?.state).toBe('changes-requested');
    const again = await owner.post('/v1/creative/review/decide', {
      creativeID: creative.id,
      decision: 'approve',
    });
    expect([again.httpStatus, again.body.message]).toEqual([409, APPROVAL_MESSAGES.notInReview]);
  });

  it("another user can neither decide nor link the owner's creative", async () => {
    const creative = await newCreative();
    await owner.post('/v1/creative/review/submit', { creativeID: creative.id });
    const decided = await other.post('/v1/creative/review/decide', {
      creativeID: creative.id,
      decision: 'approve',
    });
    expect(decided.httpStatus).toBe(404);
    expect((await other.post('/v1/preview/create', { campaignID })).httpStatus).toBe(404);
    expect((await other.get(`/v1/preview/list?campaignID=${campaignID}`)).httpStatus).toBe(404);
    const campaignLink = await newLink(owner, {});
    const elsewhere = await other.post<Campaign>('/v1/campaign/new', { name: 'Other' });
    const theirs = await other.post<Creative>('/v1/campaign/creatives', {
      ...banner('<p>x</p>'),
      campaignID: elsewhere.body.data?.id,
    });
    const outside = await anonymous().post('/v1/preview/decide', {
      sharedToken: campaignLink.token,
      creativeID: theirs.body.data?.id,
      name: 'Nora',
      decision: 'approve',
    });
    expect([outside.httpStatus, outside.body.message]).toEqual([
      404,
      APPROVAL_MESSAGES.previewLinkCreativeNotInLink,
    ]);
  });

  it('a revoked or expired link answers 410 and shows nothing; a deleted maker takes its links along', async () => {
    const creative = await newCreative();
    const revoked = await newLink(owner, { creativeID: creative.id });
    expect(
      (
        await owner.get<{ links: PreviewLink[] }>(
          `/v1/preview/list?campaignID=${campaignID}&creativeID=${creative.id}`,
        )
      ).body.data?.links.map((l) => l.token),
    ).toEqual([revoked.token]);
    expect((await owner.post('/v1/preview/revoke', { token: revoked.token })).httpStatus).toBe(200);
    const gone = await anonymous().get(`/v1/preview?sharedToken=${revoked.token}`);
    expect([gone.httpStatus, gone.body.message, gone.body.data]).toEqual([
      410,
      APPROVAL_MESSAGES.previewLinkRevoked,
      undefined,
    ]);

    const expired = await newLink(owner, { creativeID: creative.id });
    await server.db.query(
      "update preview_links set expires_at = now() - interval '1 second' where token = $1",
      [expired.token],
    );
    const late = await anonymous().get(`/v1/preview?sharedToken=${expired.token}`);
    expect([late.httpStatus, late.body.message]).toEqual([410, APPROVAL_MESSAGES.previewLinkExpired]);
    expect(
      (
        await owner.get<{ links: PreviewLink[] }>(
          `/v1/preview/list?campaignID=${campaignID}&creativeID=${creative.id}`,
        )
      ).body.data?.links,
    ).toEqual([]);

    const maker = await signedInAdmin(server);
    const orphan = await newLink(maker.client, { creativeID: creative.id });
    expect((await anonymous().get(`/v1/preview?sharedToken=${orphan.token}`)).httpStatus).toBe(200);
    const makerId = (
      await server.db.query<{ id: string }>('select id from users where email = $1', [maker.email])
    )[0]?.id;
    expect((await admin.delete(`/v1/users?id=${makerId}`)).httpStatus).toBe(200);
    const dead = await anonymous().get(`/v1/preview?sharedToken=${orphan.token}`);
    expect([dead.httpStatus, dead.body.message]).toEqual([404, APPROVAL_MESSAGES.previewLinkNotFound]);

    expect(
      (
        await entriesOf(
          'previewLink',
          `sha256:${createHash('sha256').update(revoked.token).digest('hex').slice(0, 16)}`,
        )
      ).length,
    ).toBe(2);
  });
});
