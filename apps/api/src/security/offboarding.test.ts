// Off-boarding closes every door (docs/security.md, "Off-boarding"): disabling an account ends its share
// links, the ones it made and those of its campaigns, which answer 404 as an unknown token does (the
// figures, the events, the page, a file built before); the administrator's per-user view lists them
// beside the account's webhooks and revokes one with the campaign's own call.
import { MESSAGES, type UserShareLink } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startServer, type TestServer, testDatabaseKind } from '../test/harness';
import { signedInAdmin, signedInUser } from '../test/helpers';

const RANGE = 'start_dt=2026-03-01 00:00:00&end_dt=2026-03-10 23:59:59';

describe(`off-boarding (${testDatabaseKind()})`, () => {
  let server: TestServer;
  let admin: Client;
  let owner: Client;
  let ownerId = '';
  let campaignId = '';
  beforeAll(async () => {
    server = await startServer();
    ({ client: admin } = await signedInAdmin(server));
    ({ client: owner } = await signedInUser(server));
    ownerId = (await owner.get<{ user: { id: string } }>('/me')).body.data?.user.id ?? '';
    campaignId =
      (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Leaving' })).body.data?.id ?? '';
  });
  afterAll(() => server?.close());

  const anonymous = () => fetch.bind(globalThis);
  const shared = (token: string) =>
    anonymous()(`${server.url}/api/share/reports?sharedToken=${token}&${RANGE}`);
  const setDisabled = async (disabled: boolean) => {
    const answer = await admin.put('/v1/users/disabled', { id: ownerId, disabled });
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
  };

  it("S5-9 attack: a disabled account's share links keep working (disabling ends them: 404 as an unknown token, the figures, the events, a file and the page; the admin's per-user view lists them)", async () => {
    const made = await owner.post<{ token: string }>('/v1/campaign/newToken', {
      campaignID: campaignId,
      includeCosts: true,
    });
    const token = made.body.data?.token ?? '';
    // One the administrator made on the account's campaign: it shows the account's campaign, so it ends too.
    const byAdmin =
      (await admin.post<{ token: string }>('/v1/campaign/newToken', { campaignID: campaignId })).body.data
        ?.token ?? '';
    const first = await shared(token);
    expect(first.status, `${JSON.stringify(made.body)} ${await first.text()}`).toBe(200);
    const file = (await (
      await anonymous()(`${server.url}/api/share/reports?sharedToken=${token}&type=csv&${RANGE}`)
    ).json()) as {
      data: { file: string };
    };
    expect((await anonymous()(`${server.url}/uploads/${file.data.file}?sharedToken=${token}`)).status).toBe(
      200,
    );

    // The admin's per-user view lists both, beside the webhooks.
    const listed = await admin.get<UserShareLink[]>(`/v1/users/shareLinks?userID=${ownerId}`);
    expect(listed.httpStatus).toBe(200);
    expect(listed.body.data?.map((link) => link.token).sort()).toEqual([token, byAdmin].sort());
    expect(listed.body.data?.[0]).toMatchObject({ campaignID: campaignId, campaignName: 'Leaving' });
    // Administrators only.
    expect((await owner.get(`/v1/users/shareLinks?userID=${ownerId}`)).httpStatus).toBe(403);

    await setDisabled(true);
    const unknown = await shared('x'.repeat(43));
    for (const link of [token, byAdmin]) {
      const answer = await shared(link);
      expect(answer.status).toBe(404);
      // The same answer as a token that never existed: nothing tells a disabled account's link apart.
      expect(await answer.json()).toEqual(await (await shared('x'.repeat(43))).json());
      expect((await anonymous()(`${server.url}/api/share/events?sharedToken=${link}&${RANGE}`)).status).toBe(
        404,
      );
      expect((await anonymous()(`${server.url}/share/${link}`)).status).toBe(
        (await anonymous()(`${server.url}/share/${'x'.repeat(43)}`)).status,
      );
    }
    expect(unknown.status).toBe(404);
    expect((await anonymous()(`${server.url}/uploads/${file.data.file}?sharedToken=${token}`)).status).toBe(
      404,
    );
    // Still listed for the administrator, who may revoke one for good with the campaign's own call.
    expect(
      (await admin.get<UserShareLink[]>(`/v1/users/shareLinks?userID=${ownerId}`)).body.data,
    ).toHaveLength(2);
    expect((await admin.delete(`/v1/campaign/newToken?token=${byAdmin}`)).httpStatus).toBe(200);
    expect(
      (await admin.get<UserShareLink[]>(`/v1/users/shareLinks?userID=${ownerId}`)).body.data?.map(
        (link) => link.token,
      ),
    ).toEqual([token]);

    // Enabled again, the links not revoked work again (docs/security.md, "Off-boarding").
    await setDisabled(false);
    expect((await shared(token)).status).toBe(200);
    expect((await shared(byAdmin)).status).toBe(404);
    expect((await admin.get(`/v1/users/shareLinks?userID=unknown-user`)).body).toMatchObject({
      message: MESSAGES.userNotFound,
    });
  });
});
