import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startServer, type TestServer, testDatabaseKind } from '../../test/harness';
import { signedInUser } from '../../test/helpers';

/** A PNG whose header says width x height (enough for any reader of dimensions), padded to `size` bytes. */
function png(width: number, height: number, size = 64): Buffer {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  header.writeUInt8(8, 24);
  header.writeUInt8(6, 25);
  return Buffer.concat([header, Buffer.alloc(Math.max(0, size - header.length))]);
}

const mp4 = () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64)]);

interface Asset {
  id: string;
  name: string;
  url: string;
  width: number | null;
  height: number | null;
  duration: number | null;
  creativeID: string;
}

describe(`assets and tag sheets on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let owner: Client;
  let other: Client;
  let campaignID: string;
  let creativeID: string;

  beforeAll(async () => {
    server = await startServer();
    owner = (await signedInUser(server)).client;
    other = (await signedInUser(server)).client;
    const campaign = await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Assets' });
    campaignID = campaign.body.data?.id ?? '';
    const creative = await owner.post<{ id: string }>('/v1/campaign/creatives', {
      campaignID,
      name: 'Video banner',
      type: 'Banner',
      width: 300,
      height: 250,
      platform: 'google-ad-manager',
      trackers: { click: [{ type: 'redirect', url: 'https://advertiser.example/' }] },
    });
    creativeID = creative.body.data?.id ?? '';
  });
  afterAll(() => server.close());

  const form = (
    files: { name: string; bytes: Buffer; type?: string }[],
    fields: Record<string, string> = {},
  ) => {
    const body = new FormData();
    body.append('type', 'image');
    body.append('creativeID', creativeID);
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    for (const file of files)
      body.append(
        'files[]',
        new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
        file.name,
      );
    return body;
  };

  it('uploads an image, reads its width and height from the file, and serves it with its type and nosniff', async () => {
    const answer = await owner.post<Asset[]>(
      '/v1/campaign/creatives/assets',
      form([{ name: 'logo.png', bytes: png(120, 60) }]),
    );
    expect(answer.httpStatus).toBe(200);
    const body = answer.body as unknown as { data: Asset[]; deleted: Asset[] };
    expect(body.deleted).toEqual([]);
    expect(body.data[0]).toMatchObject({ name: 'logo.png', width: 120, height: 60, creativeID });
    const file = await fetch(body.data[0]?.url.replace(server.config.publicUrl, server.url) ?? '');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).subarray(0, 8)).toEqual(png(1, 1).subarray(0, 8));
    const creative = await owner.get<{ assets: Asset[] }>(`/v1/campaign/creative?id=${creativeID}`);
    expect(creative.body.data?.assets.map((a) => a.id)).toContain(body.data[0]?.id);
  });

  it('takes width, height and duration of a video from the form', async () => {
    const answer = await owner.post<Asset[]>(
      '/v1/campaign/creatives/assets',
      form([{ name: 'main.mp4', bytes: mp4() }], {
        type: 'video',
        width: '640',
        height: '360',
        duration: '15.5',
      }),
    );
    expect(answer.httpStatus).toBe(200);
    expect(answer.body.data?.[0]).toMatchObject({
      name: 'main.mp4',
      width: 640,
      height: 360,
      duration: 15.5,
    });
  });

  it('a new file of the same name replaces the earlier asset, answered in deleted[]', async () => {
    const first = await owner.post<Asset[]>(
      '/v1/campaign/creatives/assets',
      form([{ name: 'bg.png', bytes: png(10, 10) }]),
    );
    const second = await owner.post<Asset[]>(
      '/v1/campaign/creatives/assets',
      form([{ name: 'bg.png', bytes: png(20, 20) }]),
    );
    const body = second.body as unknown as { data: Asset[]; deleted: Asset[] };
    expect(body.deleted.map((a) => a.id)).toEqual([first.body.data?.[0]?.id]);
    const gone = await fetch(first.body.data?.[0]?.url.replace(server.config.publicUrl, server.url) ?? '');
    expect(gone.status).toBe(404);
  });

  it('assets missing from the sent list are deleted', async () => {
    const kept = await owner.post<Asset[]>(
      '/v1/campaign/creatives/assets',
      form([{ name: 'kept.png', bytes: png(5, 5) }]),
    );
    const keptAsset = kept.body.data?.[0] as Asset;
    const answer = await owner.post<Asset[]>(
      '/v1/campaign/creatives/assets',
      form([{ name: 'new.png', bytes: png(5, 5) }], {
        assets: JSON.stringify([{ id: keptAsset.id, name: 'kept-renamed.png' }]),
      }),
    );
    const body = answer.body as unknown as { data: Asset[]; deleted: Asset[] };
    expect(body.deleted.length).toBeGreaterThan(0);
    expect(body.deleted.map((a) => a.id)).not.toContain(keptAsset.id);
    const creative = await owner.get<{ assets: Asset[] }>(`/v1/campaign/creative?id=${creativeID}`);
    expect(creative.body.data?.assets.map((a) => a.name).sort()).toEqual(['kept-renamed.png', 'new.png']);
  });

  it("refuses an upload without a creative: 'Incorrect campaign or creative!'", async () => {
    const body = new FormData();
    body.append('type', 'image');
    body.append('files[]', new Blob([new Uint8Array(png(1, 1))]), 'a.png');
    const answer = await owner.post('/v1/campaign/creatives/assets', body);
    expect(answer.httpStatus).toBe(400);
    expect(answer.body.message).toBe('Incorrect campaign or creative!');
  });

  it("refuses an upload to another user's creative: 'Incorrect campaign or creative!'", async () => {
    const answer = await other.post(
      '/v1/campaign/creatives/assets',
      form([{ name: 'a.png', bytes: png(1, 1) }]),
    );
    expect(answer.httpStatus).toBe(400);
    expect(answer.body.message).toBe('Incorrect campaign or creative!');
  });

  it('refuses a file whose content is not its type with 415', async () => {
    const answer = await owner.post(
      '/v1/campaign/creatives/assets',
      form([{ name: 'fake.png', bytes: Buffer.from('<script>alert(1)</script>') }]),
    );
    expect(answer.httpStatus).toBe(415);
    expect(answer.body.message).toMatch(/unsupported file type/);
  });

  it('refuses an unaccepted type (SVG, HTML) with 415', async () => {
    const answer = await owner.post(
      '/v1/campaign/creatives/assets',
      form([{ name: 'x.html', bytes: Buffer.from('<html></html>') }]),
    );
    expect(answer.httpStatus).toBe(415);
  });

  it('refuses an image over 10 MB with 413', async () => {
    const answer = await owner.post(
      '/v1/campaign/creatives/assets',
      form([{ name: 'huge.png', bytes: png(100, 100, 10 * 1024 * 1024 + 1) }]),
    );
    expect(answer.body.message).toMatch(/at most 10 MB/);
    expect(answer.httpStatus).toBe(413);
  });

  it('answers a bad multipart body with a 4xx and a message', async () => {
    const response = await fetch(`${server.url}/api/v1/campaign/creatives/assets`, {
      method: 'POST',
      headers: {
        'X-Requested-With': 'adconsole',
        Cookie: owner.cookie ?? '',
        'Content-Type': 'multipart/form-data; boundary=xyz',
      },
      body: '--xyz\r\nContent-Disposition: form-data; name="type"\r\n\r\nimage\r\n--xy',
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(((await response.json()) as { message: string }).message).toBeTruthy();
  });

  it('answers a JSON body to the upload with 415', async () => {
    const answer = await owner.post('/v1/campaign/creatives/assets', { creativeID });
    expect(answer.httpStatus).toBe(415);
  });

  it('deletes an asset; another user cannot', async () => {
    const upload = await owner.post<Asset[]>(
      '/v1/campaign/creatives/assets',
      form([{ name: 'delete-me.png', bytes: png(2, 2) }]),
    );
    const asset = upload.body.data?.[0] as Asset;
    expect(
      (await other.delete(`/v1/campaign/creatives/assets?id=${asset.id}&creativeID=${creativeID}`))
        .httpStatus,
    ).toBe(400);
    const answer = await owner.delete(
      `/v1/campaign/creatives/assets?id=${asset.id}&creativeID=${creativeID}`,
    );
    expect(answer.httpStatus).toBe(200);
    expect(answer.body.data).toBeNull();
    expect(
      (await owner.delete(`/v1/campaign/creatives/assets?id=${asset.id}&creativeID=${creativeID}`))
        .httpStatus,
    ).toBe(404);
  });

  it('builds the xlsx tag sheet from live creatives, fetched under /api/uploads/{file} by its owner only', async () => {
    const published = await owner.post<{ liveCreatives: { id: string }[] }>(
      '/v1/campaign/creatives/publish',
      { id: creativeID },
    );
    const liveId = published.body.data?.liveCreatives[0]?.id ?? '';
    const answer = await owner.post<{ file: string }>('/v1/campaign/tags', {
      campaignID,
      type: 'xlsx',
      tags: {},
    });
    expect(answer.httpStatus).toBe(200);
    const file = answer.body.data?.file ?? '';
    expect(file).toMatch(/\.xlsx$/);
    const download = await fetch(`${server.url}/api/uploads/${file}`, {
      headers: { Cookie: owner.cookie ?? '' },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await download.arrayBuffer());
    const sheet = workbook.getWorksheet('Tags');
    const header = sheet?.getRow(1).values as unknown[];
    expect(header).toEqual(
      expect.arrayContaining(['Campaign', 'Creative', 'Live creative ID', 'Size', 'Platform', 'Tag']),
    );
    const row = sheet?.getRow(2).values as unknown[];
    expect(row).toEqual(
      expect.arrayContaining(['Assets', 'Video banner', liveId, '300x250', 'Google Ad Manager']),
    );
    expect(String(row[8])).toContain(liveId);

    const alias = await fetch(`${server.url}/uploads/${file}`, { headers: { Cookie: owner.cookie ?? '' } });
    expect(alias.status).toBe(200);
    expect(
      (await fetch(`${server.url}/api/uploads/${file}`, { headers: { Cookie: other.cookie ?? '' } })).status,
    ).toBe(404);
    expect((await fetch(`${server.url}/api/uploads/${file}`)).status).toBe(404);
  });

  it("attack: the tag sheet writes what the client sends (the server builds every tag; no cell starts a formula; the OpenAPI document says an entry's tag is ignored)", async () => {
    const made = await owner.post<{ id: string }>('/v1/campaign/new', { name: '=SUM(1+1)' });
    const formulaCampaign = made.body.data?.id ?? '';
    const creative = await owner.post<{ id: string }>('/v1/campaign/creatives', {
      campaignID: formulaCampaign,
      name: '@cmd',
      type: 'Banner',
      width: 300,
      height: 250,
      platform: 'google-ad-manager',
      trackers: { click: [{ type: 'redirect', url: 'https://advertiser.example/' }] },
    });
    const id = creative.body.data?.id ?? '';
    const published = await owner.post<{ liveCreatives: { id: string }[] }>(
      '/v1/campaign/creatives/publish',
      { id },
    );
    const liveId = published.body.data?.liveCreatives[0]?.id ?? '';
    const answer = await owner.post<{ file: string }>('/v1/campaign/tags', {
      campaignID: formulaCampaign,
      type: 'xlsx',
      tags: {
        [id]: [
          {
            liveCreativeID: liveId,
            platform: 'Google Ad Manager',
            tag: '=HYPERLINK("http://evil.example","x")',
          },
        ],
      },
    });
    expect(answer.httpStatus).toBe(200);
    const download = await fetch(`${server.url}/api/uploads/${answer.body.data?.file ?? ''}`, {
      headers: { Cookie: owner.cookie ?? '' },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await download.arrayBuffer());
    const sheet = workbook.getWorksheet('Tags');
    const row = (sheet?.getRow(2).values ?? []) as unknown[];
    expect(String(row[8])).toContain(liveId);
    expect(String(row[8])).not.toContain('evil.example');
    expect(row[1]).toBe("'=SUM(1+1)");
    expect(row[2]).toBe("'@cmd");
    const texts: string[] = [];
    sheet?.eachRow((line) => {
      line.eachCell((cell) => {
        if (typeof cell.value === 'string') texts.push(cell.value);
      });
    });
    expect(texts.filter((text) => /^[=+\-@]/.test(text))).toEqual([]);
    // Outside clients read it in the contract: the entry's `tag` is accepted and ignored.
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, { post: { requestBody: { content: Record<string, { schema: unknown }> } } }>;
    };
    const body = document.paths['/api/v1/campaign/tags']?.post.requestBody.content['application/json']
      ?.schema as {
      properties: {
        tags: { additionalProperties: { items: { properties: { tag: { description?: string } } } } };
      };
    };
    expect(body.properties.tags.additionalProperties.items.properties.tag.description).toMatch(
      /^Accepted and ignored: the server builds every tag of the sheet itself/,
    );
  });

  it("tag sheet of another user's campaign is 404; a wrong type is 400", async () => {
    expect((await other.post('/v1/campaign/tags', { campaignID, type: 'xlsx', tags: {} })).httpStatus).toBe(
      404,
    );
    const wrong = await owner.post('/v1/campaign/tags', { campaignID, type: 'csv', tags: {} });
    expect(wrong.httpStatus).toBe(400);
    expect(wrong.body.message).toContain("type must be 'xlsx'");
  });
});
