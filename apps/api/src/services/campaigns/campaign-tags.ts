// The campaign's tag sheet (docs/tags.md, "The campaign's tag sheet"): every live creative and placement of
// a campaign on every platform, from the domain's buildCampaignTagSheet (whose creative rows are those of
// each creative's own sheet, tags.ts). xlsx: one worksheet per platform; csv: one file, the same rows in
// the same order. Stored as the caller's private file under /api/uploads/{file}, like the creative's.
import {
  ApiError,
  buildCampaignTagSheet,
  CAMPAIGN_NOTHING_TO_TAG,
  type CampaignTagRow,
  type CampaignTagsQuery,
  campaignTagSheetItems,
  campaignTagSheetTooLargeMessage,
  creativeSchema,
  MAX_CAMPAIGN_TAG_SHEET_ITEMS,
} from '@adconsole/domain';
import ExcelJS from 'exceljs';
import type { Context } from '../../context';
import type { SessionUser } from '../identity/sessions';
import { newId } from '../ids';
import { storePrivateFile } from '../stored-files/file-rows';
import { ownCampaign } from './access';
import { safeFilename } from './asset-checks';
import { loadCreatives } from './campaign-loader';
import { listPlacements } from './placements';
import { CSV_TYPE, csvField, guardWorkbookText, XLSX_TYPE } from './spreadsheet-text';

/** The columns of both files: the creative's sheet's, with the row's kind, name and placement id. */
const COLUMNS: readonly { header: string; width: number; cell: (row: CampaignTagRow) => string }[] = [
  { header: 'Campaign', width: 28, cell: (row) => row.campaignName },
  { header: 'Kind', width: 11, cell: (row) => row.kind },
  { header: 'Name', width: 28, cell: (row) => row.name },
  { header: 'Creative ID', width: 26, cell: (row) => row.creativeID },
  { header: 'Live creative ID', width: 26, cell: (row) => row.liveCreativeID },
  { header: 'Placement ID', width: 26, cell: (row) => row.placementID },
  { header: 'Type', width: 10, cell: (row) => row.type },
  { header: 'Size', width: 12, cell: (row) => row.size },
  { header: 'Platform', width: 24, cell: (row) => row.platform },
  { header: 'Tag', width: 100, cell: (row) => row.tag },
  // A tag served from a non-https origin is refused by most platforms: the note says so beside each tag.
  { header: 'Note', width: 40, cell: (row) => row.error ?? row.warning ?? '' },
];

/** A worksheet's name: Excel allows 31 characters and none of : \ / ? * [ ]. */
const sheetName = (platformName: string) => platformName.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);

export async function buildCampaignTagSheetFile(ctx: Context, user: SessionUser, input: CampaignTagsQuery) {
  const campaign = await ownCampaign(ctx.db, user, input.campaignID);
  const creatives = (await loadCreatives(ctx, { campaignIds: [campaign.id] }, { counters: false })).map(
    (creative) => creativeSchema.parse(creative),
  );
  const placements = await listPlacements(ctx, user, campaign.id);
  const items = campaignTagSheetItems(creatives, placements);
  if (items === 0) throw ApiError.of(409, CAMPAIGN_NOTHING_TO_TAG);
  if (items > MAX_CAMPAIGN_TAG_SHEET_ITEMS) throw ApiError.of(413, campaignTagSheetTooLargeMessage(items));
  const pages = buildCampaignTagSheet({
    campaign: { name: campaign.name, creatives, placements },
    servingHost: ctx.config.adServingUrl,
    tcfVendorID: ctx.config.tcfVendorID,
  });

  let bytes: Buffer;
  if (input.type === 'csv') {
    const lines = [COLUMNS.map((column) => csvField(column.header)).join(',')];
    for (const page of pages)
      for (const row of page.rows) lines.push(COLUMNS.map((column) => csvField(column.cell(row))).join(','));
    bytes = Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
  } else {
    const workbook = new ExcelJS.Workbook();
    workbook.creator = 'Adconsole';
    for (const page of pages) {
      const sheet = workbook.addWorksheet(sheetName(page.platform.name));
      sheet.columns = COLUMNS.map((column) => ({ header: column.header, width: column.width }));
      sheet.getRow(1).font = { bold: true };
      for (const row of page.rows) sheet.addRow(COLUMNS.map((column) => column.cell(row)));
    }
    guardWorkbookText(workbook);
    bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  }
  const name = `tags/${newId()}/${safeFilename(campaign.name)}-campaign-tags.${input.type}`;
  const contentType = input.type === 'csv' ? CSV_TYPE : XLSX_TYPE;
  await storePrivateFile(ctx, { name, ownerId: user.id, contentType, bytes });
  return { file: name };
}
