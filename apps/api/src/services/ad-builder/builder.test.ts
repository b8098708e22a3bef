// The ad builder over real HTTP: drafts saved per user (and only theirs), an image uploaded to the
// draft's creative through the asset upload, and the export served by /serve like any HTML5 banner.
import {
  type AdBuilderState,
  adBuilderReducer,
  type BuilderDocument,
  builderDocumentOf,
  defaultAdBuilderState,
  newLayer,
  type ServedAd,
} from '@adconsole/domain';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startServer, type TestServer, testDatabaseKind } from '../../test/harness';
import { demoAsset, signedInUser } from '../../test/helpers';

interface Draft {
  id: string;
  name: string;
  document: BuilderDocument;
  campaignID: string | null;
  creativeID: string | null;
  updatedAt: string;
}
interface CreativeAnswer {
  id: string;
  campaignID: string;
  type: string;
  width: number;
  height: number;
  assets: { id: string; url: string; uploadType: string; name: string }[];
  liveCreatives: { id: string }[];
}

/** A banner: a rectangle sliding in and fading, a headline, a button and (when given) an image. */
function bannerDocument(imageUrl?: string): BuilderDocument {
  let state: AdBuilderState = defaultAdBuilderState();
  const add = (layer: Parameters<typeof newLayer>[1], id: string, changes = {}) => {
    state = adBuilderReducer(state, { type: 'addLayer', layer: newLayer(state, layer, id, changes) });
  };
  add('shape', 'panel', { background: '#0f766e' });
  add('text', 'headline', { text: 'Spring sale' });
  add('button', 'cta', { text: 'Shop now' });
  if (imageUrl) add('image', 'logo', { src: imageUrl });
  state = adBuilderReducer(state, { type: 'addKeyframe', id: 'panel' });
  state = adBuilderReducer(state, { type: 'seek', time: 1000 });
  state = adBuilderReducer(state, { type: 'update', id: 'panel', changes: { x: 0, opacity: 0.5 } });
  return builderDocumentOf(state);
}

describe(`the ad builder on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let owner: Client;
  let other: Client;
  let campaignID: string;
  /** The serving origin (PUBLIC_URL in the answers) swapped for the test server's address. */
  const local = (url: string) => `${server.url}${url.slice(new URL(url).origin.length)}`;

  beforeAll(async () => {
    server = await startServer();
    owner = (await signedInUser(server)).client;
    other = (await signedInUser(server)).client;
    campaignID =
      (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Builder' })).body.data?.id ?? '';
  });
  afterAll(() => server.close());

  const createDraft = async (name: string, document = bannerDocument()) => {
    const answer = await owner.post<Draft>('/v1/builder/drafts', { name, document });
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as Draft;
  };

  describe('drafts', () => {
    it('saves a draft, lists it, saves it again as answered, and deletes it', async () => {
      const draft = await createDraft('Spring');
      expect(draft).toMatchObject({ name: 'Spring', campaignID: null, creativeID: null });
      expect(draft.document).toEqual(bannerDocument());

      const changed = { ...draft.document, duration: 8000 };
      const saved = await owner.put<Draft>('/v1/builder/drafts', {
        ...draft,
        name: 'Spring v2',
        document: changed,
      });
      expect(saved.httpStatus, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data).toMatchObject({
        id: draft.id,
        name: 'Spring v2',
        document: { duration: 8000 },
      });

      const listed = await owner.get<Draft[]>('/v1/builder/drafts');
      expect(listed.body.data?.find((entry) => entry.id === draft.id)?.name).toBe('Spring v2');

      expect((await owner.delete(`/v1/builder/drafts?id=${draft.id}`)).httpStatus).toBe(200);
      const after = await owner.get<Draft[]>('/v1/builder/drafts');
      expect(after.body.data?.some((entry) => entry.id === draft.id)).toBe(false);
    });

    it("keeps each user's drafts to themselves (404, never another user's draft)", async () => {
      const draft = await createDraft('Private');
      expect((await other.get<Draft[]>('/v1/builder/drafts')).body.data).toEqual([]);
      const put = await other.put('/v1/builder/drafts', {
        id: draft.id,
        name: 'Taken',
        document: draft.document,
      });
      expect(put.httpStatus).toBe(404);
      expect(put.body.message).toBe('Draft not found!');
      expect((await other.delete(`/v1/builder/drafts?id=${draft.id}`)).httpStatus).toBe(404);
      expect((await other.post('/v1/builder/export', { id: draft.id, campaignID })).httpStatus).toBe(404);
    });

    it('refuses a bad draft with a clear message: no name, no artboard first, a keyframe of no layer', async () => {
      const document = bannerDocument();
      const noName = await owner.post('/v1/builder/drafts', { name: '  ', document });
      expect(noName.httpStatus).toBe(400);
      expect(JSON.stringify(noName.body)).toContain('Give the draft a name');
      const noArtboard = await owner.post('/v1/builder/drafts', {
        name: 'x',
        document: { ...document, layers: document.layers.slice(1) },
      });
      expect(noArtboard.httpStatus).toBe(400);
      expect(JSON.stringify(noArtboard.body)).toContain('The first layer must be the artboard');
      const stray = await owner.post('/v1/builder/drafts', {
        name: 'x',
        document: { ...document, keyframes: [{ layerID: 'ghost', time: 0, properties: { x: 1 } }] },
      });
      expect(stray.httpStatus).toBe(400);
      expect(JSON.stringify(stray.body)).toContain('Every keyframe must belong to a layer');
      const badColour = await owner.post('/v1/builder/drafts', {
        name: 'x',
        document: {
          ...document,
          layers: [{ ...document.layers[0], background: 'red;}' }, ...document.layers.slice(1)],
        },
      });
      expect(badColour.httpStatus).toBe(400);
      expect(JSON.stringify(badColour.body)).toContain('Use a colour like #1a2b3c');
    });

    it("will not make a creative in another user's campaign", async () => {
      const draft = await createDraft('Elsewhere');
      const otherCampaign =
        (await other.post<{ id: string }>('/v1/campaign/new', { name: 'Theirs' })).body.data?.id ?? '';
      const answer = await owner.post('/v1/builder/export', { id: draft.id, campaignID: otherCampaign });
      expect(answer.httpStatus).toBe(404);
      expect(answer.body.message).toBe('Campaign not found!');
    });
  });

  describe('export', () => {
    it('exports a draft as an HTML5 banner that /serve frames with its layers, keyframes and image', async () => {
      // The image is uploaded to the draft's creative through the asset upload, as the builder does.
      const draft = await createDraft('Spring banner', bannerDocument());
      const creative = await owner.post<CreativeAnswer>('/v1/builder/creative', { id: draft.id, campaignID });
      expect(creative.httpStatus, JSON.stringify(creative.body)).toBe(200);
      expect(creative.body.data).toMatchObject({ campaignID, type: 'Banner', width: 300, height: 250 });
      const creativeID = creative.body.data?.id ?? '';
      const png = await demoAsset('banner.png');
      const form = new FormData();
      form.append('creativeID', creativeID);
      form.append('files[]', new Blob([new Uint8Array(png)]), 'logo.png');
      const upload = await owner.post<{ url: string }[]>('/v1/campaign/creatives/assets', form);
      expect(upload.httpStatus, JSON.stringify(upload.body)).toBe(200);
      const imageUrl = upload.body.data?.[0]?.url ?? '';
      await owner.put('/v1/builder/drafts', {
        id: draft.id,
        name: draft.name,
        document: bannerDocument(imageUrl),
      });

      const exported = await owner.post<CreativeAnswer>('/v1/builder/export', { id: draft.id, campaignID });
      expect(exported.httpStatus, JSON.stringify(exported.body)).toBe(200);
      expect(exported.body.data?.id).toBe(creativeID);
      expect(exported.body.data?.assets.map((asset) => asset.uploadType).sort()).toEqual(['html5', 'image']);
      const drafts = await owner.get<Draft[]>('/v1/builder/drafts');
      expect(drafts.body.data?.find((entry) => entry.id === draft.id)).toMatchObject({
        campaignID,
        creativeID,
      });

      // Publishing needs the landing page, set in the creative editor as for any banner.
      const landing = await owner.put('/v1/campaign/creatives', {
        ...exported.body.data,
        trackers: { click: [{ type: 'redirect', url: 'https://advertiser.example/spring' }] },
      });
      expect(landing.httpStatus, JSON.stringify(landing.body)).toBe(200);
      const published = await owner.post<CreativeAnswer>('/v1/campaign/creatives/publish', {
        id: creativeID,
      });
      expect(published.httpStatus, JSON.stringify(published.body)).toBe(200);
      const liveID = published.body.data?.liveCreatives.at(-1)?.id ?? '';
      const ad = (await (await fetch(`${server.url}/serve/ad/${liveID}.json`)).json()) as ServedAd;
      expect(ad).toMatchObject({ width: 300, height: 250, content: { kind: 'html5' } });
      const content = ad.content as { kind: 'html5'; url: string };
      const page = await fetch(local(content?.url ?? ''));
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      // Opened outside its ad frame (a link sent to a signed-in admin), the page is still sandboxed:
      // an opaque origin, never the server's origin with its session.
      expect(page.headers.get('content-security-policy')).toBe(
        'sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox',
      );
      const html = await page.text();
      // Every layer, in order, as the builder drew it.
      expect(html).toContain('#l1{left:90px;top:85px;width:120px;height:80px;opacity:1;background:#0f766e}');
      expect(html).toMatch(
        /id="l2">Spring sale<\/div>[\s\S]*id="l3">Shop now<\/div>[\s\S]*<img class="l" id="l4"/,
      );
      // The keyframes as a CSS animation over the 5-second timeline.
      expect(html).toContain(
        '@keyframes l1{0%{left:90px;top:85px;opacity:1}20%{left:0px;top:85px;opacity:0.5}100%{left:0px;top:85px;opacity:0.5}}',
      );
      expect(html).toContain('#l1{animation:l1 5000ms linear 1 forwards}');
      // The stored image travels inside the banner and is served beside index.html.
      const src = /<img class="l" id="l4" src="([^"]+)"/.exec(html)?.[1] ?? '';
      expect(src).toMatch(/^images\/1-/);
      const image = await fetch(new URL(src, local(content?.url ?? '')));
      expect(image.status).toBe(200);
      expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);
    });

    it('packs a stored image once however many layers or spellings name it, and never a stored file that is not an image', async () => {
      const draft = await createDraft('Many images');
      const creativeID =
        (await owner.post<CreativeAnswer>('/v1/builder/creative', { id: draft.id, campaignID })).body.data
          ?.id ?? '';
      const form = new FormData();
      form.append('creativeID', creativeID);
      form.append('files[]', new Blob([new Uint8Array(await demoAsset('banner.png'))]), 'logo.png');
      form.append('files[]', new Blob([new Uint8Array(await demoAsset('main.mp4'))]), 'clip.mp4');
      const upload = await owner.post<{ url: string; name: string }[]>('/v1/campaign/creatives/assets', form);
      expect(upload.httpStatus, JSON.stringify(upload.body)).toBe(200);
      const urlOf = (name: string) => upload.body.data?.find((asset) => asset.name === name)?.url ?? '';
      let state: AdBuilderState = defaultAdBuilderState();
      const sources = [
        urlOf('logo.png'),
        `${urlOf('logo.png')}?a`,
        `${urlOf('logo.png')}?b`,
        urlOf('clip.mp4'),
      ];
      sources.forEach((src, index) => {
        state = adBuilderReducer(state, {
          type: 'addLayer',
          layer: newLayer(state, 'image', `img${index}`, { src }),
        });
      });
      await owner.put('/v1/builder/drafts', {
        id: draft.id,
        name: draft.name,
        document: builderDocumentOf(state),
      });

      const exported = await owner.post<CreativeAnswer>('/v1/builder/export', { id: draft.id, campaignID });
      expect(exported.httpStatus, JSON.stringify(exported.body)).toBe(200);
      const zipUrl = exported.body.data?.assets.find((asset) => asset.uploadType === 'html5')?.url ?? '';
      const zip = await JSZip.loadAsync(
        Buffer.from(await (await fetch(`${server.url}/api${zipUrl.replace(/^.*\/api/, '')}`)).arrayBuffer()),
      );
      // One copy of the image for its three spellings; the video stays a link, not packed.
      expect(
        Object.keys(zip.files).filter((name) => name.startsWith('images/') && !zip.files[name]?.dir),
      ).toEqual([expect.stringMatching(/^images\/1-/)]);
      const html = (await zip.file('index.html')?.async('string')) ?? '';
      const srcs = [...html.matchAll(/<img class="l" id="l\d+" src="([^"]+)"/g)].map((match) => match[1]);
      expect(srcs.slice(0, 3).every((src) => /^images\/1-/.test(src ?? ''))).toBe(true);
      expect(srcs[3]).toBe(sources[3]);
    });

    it('exports again into the same creative, replacing its ZIP; another campaign gets its own creative', async () => {
      const draft = await createDraft('Twice');
      const first = await owner.post<CreativeAnswer>('/v1/builder/export', { id: draft.id, campaignID });
      const second = await owner.post<CreativeAnswer>('/v1/builder/export', { id: draft.id, campaignID });
      expect(second.body.data?.id).toBe(first.body.data?.id);
      expect(second.body.data?.assets.filter((asset) => asset.uploadType === 'html5')).toHaveLength(1);
      expect(second.body.data?.assets[0]?.id).not.toBe(first.body.data?.assets[0]?.id);
      // The replaced ZIP is gone from storage.
      const gone = await owner.get(first.body.data?.assets[0]?.url.replace(/^.*\/api/, '') ?? '');
      expect(gone.httpStatus).toBe(404);

      // A renamed draft renames its creative on the next export.
      await owner.put('/v1/builder/drafts', {
        id: draft.id,
        name: 'Twice renamed',
        document: draft.document,
      });
      const renamed = await owner.post<CreativeAnswer & { name: string }>('/v1/builder/export', {
        id: draft.id,
        campaignID,
      });
      expect(renamed.body.data).toMatchObject({ id: first.body.data?.id, name: 'Twice renamed' });

      const elsewhere = (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Second' })).body.data
        ?.id;
      const third = await owner.post<CreativeAnswer>('/v1/builder/export', {
        id: draft.id,
        campaignID: elsewhere,
      });
      expect(third.body.data?.campaignID).toBe(elsewhere);
      expect(third.body.data?.id).not.toBe(first.body.data?.id);
    });

    it('takes the artboard size of an IAB preset for the creative', async () => {
      const document = bannerDocument();
      const draft = await createDraft('Leaderboard', {
        ...document,
        layers: [
          { ...(document.layers[0] as BuilderDocument['layers'][0]), width: 728, height: 90 },
          ...document.layers.slice(1),
        ],
      });
      const exported = await owner.post<CreativeAnswer>('/v1/builder/export', { id: draft.id, campaignID });
      expect(exported.body.data).toMatchObject({ width: 728, height: 90, type: 'Banner' });
    });
  });
});
