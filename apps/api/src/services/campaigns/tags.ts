// The tag sheet (docs/product.md §7): an xlsx workbook of the domain's buildTagSheet rows for the campaign's
// live creatives, built with ExcelJS and stored as its owner's private file under /api/uploads/{file}.
import {
  buildTagSheet,
  creativeSchema,
  findPlatform,
  type PlatformId,
  type TagsRequest,
} from '@adconsole/domain';
import ExcelJS from 'exceljs';
import type { Context } from '../../context';
import type { SessionUser } from '../identity/sessions';
import { newId } from '../ids';
import { storePrivateFile } from '../stored-files/file-rows';
import { ownCampaign } from './access';
import { safeFilename } from './asset-checks';
import { loadCreatives } from './campaign-loader';
import { guardWorkbookText } from './spreadsheet-text';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function buildTagSheetFile(ctx: Context, user: SessionUser, input: TagsRequest) {
  const campaign = await ownCampaign(ctx.db, user, input.campaignID);
  const creatives = (await loadCreatives(ctx, { campaignIds: [campaign.id] })).map((c) =>
    creativeSchema.parse(c),
  );
  const chosen = Object.keys(input.tags);
  const selected = chosen.length === 0 ? creatives : creatives.filter((c) => chosen.includes(c.id));
  const rows = selected.flatMap((creative) => {
    const given = input.tags[creative.id] ?? [];
    const platforms = given
      .map((entry) => findPlatform(entry.platform)?.id)
      .filter((id): id is PlatformId => id !== undefined);
    // Every tag is the server's own, built from the creative, the platforms named and the editor's
    // deal and fallback ids (escaped by buildTag): a `tag` text in the body is never written.
    return buildTagSheet({
      campaign: { name: campaign.name, creatives: [creative] },
      servingHost: ctx.config.adServingUrl,
      tcfVendorID: ctx.config.tcfVendorID,
      ...(platforms.length > 0 ? { platforms: [...new Set(platforms)] } : {}),
      dealIDs: input.dealIDs ?? {},
      fallbackIDs: input.fallbackIDs ?? {},
    });
  });

  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Adconsole';
  const sheet = workbook.addWorksheet('Tags');
  sheet.columns = [
    { header: 'Campaign', key: 'campaignName', width: 28 },
    { header: 'Creative', key: 'creativeName', width: 28 },
    { header: 'Creative ID', key: 'creativeID', width: 26 },
    { header: 'Live creative ID', key: 'liveCreativeID', width: 26 },
    { header: 'Type', key: 'type', width: 10 },
    { header: 'Size', key: 'size', width: 12 },
    { header: 'Platform', key: 'platform', width: 24 },
    { header: 'Tag', key: 'tag', width: 100 },
    { header: 'Note', key: 'error', width: 40 },
  ];
  sheet.getRow(1).font = { bold: true };
  // A tag served from a non-https origin is refused by most platforms: the note says so beside each tag.
  for (const row of rows) sheet.addRow({ ...row, error: row.error ?? row.warning ?? '' });
  guardWorkbookText(workbook);
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  const name = `tags/${newId()}/${safeFilename(campaign.name)}-tags.xlsx`;
  await storePrivateFile(ctx, { name, ownerId: user.id, contentType: XLSX_TYPE, bytes });
  return { file: name };
}
