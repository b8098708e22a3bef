// The campaign's tag sheet (docs/tags.md, "The campaign's tag sheet"): GET /v1/campaign/tags gives every
// live creative's tag exactly as that creative's own sheet (POST /v1/campaign/tags) does, on every platform,
// and every placement's tag as its card builds it; the CSV holds the XLSX's rows; access as for the
// campaign (another user 404, an admin may) and API tokens with campaigns:read.
import {
  buildPlacementTag,
  CAMPAIGN_NOTHING_TO_TAG,
  type Creative,
  campaignTagSheetTooLargeMessage,
  MAX_CAMPAIGN_TAG_SHEET_ITEMS,
  type Placement,
  placementTagCreative,
  platforms,
} from '@adconsole/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startServer, type TestServer, testDatabaseKind } from '../../test/harness';
import { signedInAdmin, signedInUser } from '../../test/helpers';

const SERVING = 'https://ads.example.test';
const LANDING = { click: [{ type: 'redirect', url: 'https://advertiser.example/landing' }] };
/** The worksheets, in order: the eleven trading platforms, then direct tags. */
const SHEETS = [
  ...platforms.filter((platform) => !platform.direct),
  ...platforms.filter((platform) => platform.direct),
].map((platform) => platform.name);

type Cells = string[];

/** Each worksheet's rows (header first) as text cells. */
async function workbookRows(bytes: ArrayBuffer): Promise<Map<string, Cells[]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const sheets = new Map<string, Cells[]>();
  workbook.eachSheet((sheet) => {
    const rows: Cells[] = [];
    sheet.eachRow((row) => {
      const cells: Cells = [];
      for (let column = 1; column <= sheet.columnCount; column += 1)
        cells.push(String(row.getCell(column).value ?? ''));
      rows.push(cells);
    });
    sheets.set(sheet.name, rows);
  });
  return sheets;
}

/** RFC 4180 fields: quoted fields may hold commas, doubled quotes and line breaks. */
function csvRows(text: string): Cells[] {
  const rows: Cells[] = [];
  let row: Cells = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index += 1;
    } else field += char;
  }
  return rows;
}

describe(`the campaign's tag sheet on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let owner: Client;
  let stranger: Client;
  let admin: Client;
  let campaignID = '';
  const creativeIDs: Record<string, string> = {};

  const creative = async (name: string, body: Record<string, unknown>, publish: number) => {
    const made = await owner.post<{ id: string }>('/v1/campaign/creatives', {
      campaignID,
      name,
      width: 300,
      height: 250,
      trackers: LANDING,
      ...body,
    });
    const id = made.body.data?.id ?? '';
    for (let time = 0; time < publish; time += 1) await owner.post('/v1/campaign/creatives/publish', { id });
    creativeIDs[name] = id;
  };

  /** The stored file a download call answered, as its owner (cookie) fetches it. */
  const download = async (client: Client, file: string | undefined) => {
    const response = await fetch(`${server.url}/api/uploads/${file ?? ''}`, {
      headers: { Cookie: client.cookie ?? '' },
    });
    expect(response.status).toBe(200);
    return response;
  };
  const campaignSheet = async (type: 'xlsx' | 'csv') => {
    const answer = await owner.get<{ file: string }>(
      `/v1/campaign/tags?campaignID=${campaignID}&type=${type}`,
    );
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data?.file).toMatch(new RegExp(`-campaign-tags\\.${type}$`));
    return download(owner, answer.body.data?.file);
  };

  beforeAll(async () => {
    server = await startServer({ AD_SERVING_URL: SERVING });
    owner = (await signedInUser(server)).client;
    stranger = (await signedInUser(server)).client;
    admin = (await signedInAdmin(server)).client;
    // A campaign name a spreadsheet would read as a formula.
    const made = await owner.post<{ id: string }>('/v1/campaign/new', { name: '=Autumn launch' });
    expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
    campaignID = made.body.data?.id ?? '';
    await creative('Leaderboard', { type: 'Banner', platform: 'google-ad-manager' }, 2);
    await creative(
      'Pre-roll',
      {
        type: 'VAST',
        width: 640,
        height: 360,
        platform: 'xandr',
        settings: [{ key: 'euCreative', value: true }],
      },
      1,
    );
    await creative('@cmd', { type: 'Banner', platform: 'cognitiv' }, 1);
    await creative('Direct banner', { type: 'Banner', platform: null }, 1);
    await creative('Draft', { type: 'Banner', platform: 'adform' }, 0);
    for (const [name, items] of [
      ['Sidebar', [creativeIDs['Direct banner'], creativeIDs.Leaderboard]],
      ['Video slot', [creativeIDs['Pre-roll']]],
    ] as const) {
      const made = await owner.post('/v1/campaign/placements', {
        campaignID,
        name,
        mode: 'even',
        items: items.map((creativeId) => ({ creativeId, weight: 1 })),
      });
      expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
    }
  });
  afterAll(() => server.close());

  it("lists every live creative's tag exactly as its own sheet does, and every placement's as its card builds it, one worksheet per platform", async () => {
    const sheets = await workbookRows(await (await campaignSheet('xlsx')).arrayBuffer());
    expect([...sheets.keys()]).toEqual(SHEETS);
    const [header] = sheets.get('Xandr') ?? [];
    expect(header).toEqual([
      'Campaign',
      'Kind',
      'Name',
      'Creative ID',
      'Live creative ID',
      'Placement ID',
      'Type',
      'Size',
      'Platform',
      'Tag',
      'Note',
    ]);
    const column = (name: string) => header?.indexOf(name) ?? -1;

    // Each creative's own sheet, asked for every platform, cell by cell against the campaign's.
    const creatives = (await owner.get<Creative[]>(`/v1/campaign/creatives?campaignID=${campaignID}`)).body
      .data;
    let compared = 0;
    for (const own of creatives ?? []) {
      const answer = await owner.post<{ file: string }>('/v1/campaign/tags', {
        campaignID,
        type: 'xlsx',
        tags: { [own.id]: SHEETS.map((platform) => ({ liveCreativeID: '', platform })) },
      });
      const ownSheet = (
        await workbookRows(await (await download(owner, answer.body.data?.file)).arrayBuffer())
      ).get('Tags');
      const [ownHeader, ...ownRows] = ownSheet ?? [];
      if (own.liveCreatives.length === 0) {
        // Unpublished: its own sheet says so, the campaign's has no row of it.
        expect(ownRows).toHaveLength(1);
        for (const rows of sheets.values())
          expect(rows.filter((row) => row[column('Creative ID')] === own.id)).toEqual([]);
        continue;
      }
      expect(ownRows).toHaveLength(own.liveCreatives.length * SHEETS.length);
      for (const ownRow of ownRows) {
        const value = (name: string) => ownRow[ownHeader?.indexOf(name) ?? -1];
        const match = (sheets.get(value('Platform') ?? '') ?? []).filter(
          (row) => row[column('Live creative ID')] === value('Live creative ID'),
        );
        expect(match).toHaveLength(1);
        const row = match[0] ?? [];
        expect(row[column('Kind')]).toBe('Creative');
        expect(row[column('Placement ID')]).toBe('');
        for (const name of ownHeader ?? [])
          expect(
            row[column(name === 'Creative' ? 'Name' : name)],
            `${own.name} ${value('Platform')} ${name}`,
          ).toBe(value(name));
        compared += 1;
      }
    }
    // 2 + 1 + 1 + 1 live creatives on 12 platforms, Cognitiv's banners among them without a tag.
    expect(compared).toBe(5 * 12);
    expect(sheets.get('Cognitiv')?.[1]?.[column('Note')]).toMatch(/^Click macro missing/);

    // Placements: the tag the placement's card shows (its first creative with a platform: Leaderboard's).
    const placements = (await owner.get<Placement[]>(`/v1/campaign/placements?campaignID=${campaignID}`)).body
      .data;
    expect(placements).toHaveLength(2);
    for (const platform of platforms) {
      const rows = sheets.get(platform.name) ?? [];
      expect(rows).toHaveLength(1 + 5 + 2);
      for (const placement of placements ?? []) {
        const row = rows.find((line) => line[column('Placement ID')] === placement.id) ?? [];
        const tag = buildPlacementTag({
          placement,
          platform: platform.id,
          settings: placementTagCreative(placement, creatives ?? [])?.settings,
          servingHost: SERVING,
        });
        expect(row.slice(0, column('Tag') + 1)).toEqual([
          "'=Autumn launch",
          'Placement',
          placement.name,
          '',
          '',
          placement.id,
          placement.kind,
          `${placement.width}x${placement.height}`,
          platform.name,
          tag.ok ? tag.tag : '',
        ]);
      }
    }
    const sidebar = placements?.find((placement) => placement.name === 'Sidebar');
    const direct = sheets
      .get('Direct (no platform)')
      ?.find((row) => row[column('Placement ID')] === sidebar?.id);
    expect(direct?.[column('Tag')]).toBe(
      `<ins class="adconsole-ad" data-placement-id="${sidebar?.id}" data-width="300" data-height="250" data-platform="direct" ` +
        `style="display:inline-block;width:300px;height:250px"></ins><script async src="${SERVING}/serve/init.js"></script>`,
    );
    // No cell starts a formula: the campaign's name and '@cmd' carry an apostrophe.
    const texts = [...sheets.values()].flat(2);
    expect(texts).toContain("'@cmd");
    expect(texts.filter((text) => /^[=+\-@]/.test(text))).toEqual([]);
  });

  it('the CSV holds the XLSX rows, worksheet after worksheet, under one header', async () => {
    const csv = await campaignSheet('csv');
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = await csv.text();
    const [header, ...rows] = csvRows(text.replace(/^\ufeff/, ''));
    const sheets = await workbookRows(await (await campaignSheet('xlsx')).arrayBuffer());
    expect(header).toEqual(sheets.get('Xandr')?.[0]);
    expect(rows).toEqual([...sheets.values()].flatMap(([, ...sheetRows]) => sheetRows));
    expect(rows).toHaveLength(12 * 7);
    expect(rows.flat().filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
  });

  it("refuses another user's campaign (404), lets an admin, takes API tokens with campaigns:read only", async () => {
    const path = `/v1/campaign/tags?campaignID=${campaignID}`;
    expect((await stranger.get(path)).httpStatus).toBe(404);
    expect((await admin.get(path)).httpStatus).toBe(200);
    const bad = await owner.get(`${path}&type=pdf`);
    expect(bad.httpStatus).toBe(400);
    expect(bad.body.message).toContain('type must be one of: xlsx, csv');
    const bearer = async (scope: string) => {
      const token = await owner.post<{ secret: string }>('/v1/tokens', { name: scope, scopes: [scope] });
      const response = await fetch(`${server.url}/api${path}&type=csv`, {
        headers: { Authorization: `Bearer ${token.body.data?.secret}` },
      });
      return response.status;
    };
    expect(await bearer('campaigns:read')).toBe(200);
    expect(await bearer('reports:read')).toBe(403);
    expect(await bearer('campaigns:write')).toBe(403);
  });

  it('a campaign with nothing live answers 409 with the reason; one past the cap 413', async () => {
    const empty =
      (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Empty' })).body.data?.id ?? '';
    await owner.post('/v1/campaign/creatives', {
      campaignID: empty,
      name: 'Draft',
      type: 'Banner',
      width: 1,
      height: 1,
    });
    const refused = await owner.get(`/v1/campaign/tags?campaignID=${empty}`);
    expect(refused.httpStatus).toBe(409);
    expect(refused.body.message).toBe(CAMPAIGN_NOTHING_TO_TAG);
    // Past the cap: placements written straight into the table (cheaper than a call each).
    const items = MAX_CAMPAIGN_TAG_SHEET_ITEMS + 1;
    await server.db.query(
      `insert into placements (id, campaign_id, name, kind, width, height, mode, items)
       select 'cap' || n, $1, 'Slot ' || n, 'Banner', 300, 250, 'even', '[]'::jsonb from generate_series(1, $2::int) n`,
      [empty, items],
    );
    const large = await owner.get(`/v1/campaign/tags?campaignID=${empty}`);
    expect(large.httpStatus).toBe(413);
    expect(large.body.message).toBe(campaignTagSheetTooLargeMessage(items));
  });
});
