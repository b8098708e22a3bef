// The tag sheet (spec section 7): an xlsx workbook of the domain's buildTagSheet rows, built with
// ExcelJS, stored through the storage interface and fetched by its owner under /api/uploads/{file}.
import {
  buildTagSheet,
  creativeSchema,
  findPlatform,
  type PlatformId,
  reportFileSchema,
  tagsRequestSchema,
} from '@adconsole/domain';
import ExcelJS from 'exceljs';
import { ApiError } from '../http/errors';
import { defineRoute } from '../http/routes';
import { safeFilename } from '../services/assets';
import { loadCreatives, ownCampaign } from '../services/campaigns';
import { newId } from '../services/ids';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const tagRoutes = [
  defineRoute({
    method: 'POST',
    path: '/v1/campaign/tags',
    summary:
      "Build the campaign's tag sheet (xlsx); answers the file name to fetch under /api/uploads/{file}.",
    description:
      'The server builds every tag itself from the live creatives (the tags in the body only choose creatives and platforms: the keys are creative ids, each entry names a platform). An empty `tags` object means every creative on its own platform.',
    tag: 'Tags',
    access: 'user',
    input: tagsRequestSchema,
    answer: reportFileSchema,
    errors: { 404: 'Campaign not found!' },
    handler: async ({ input, user, ctx }) => {
      if (!user) throw new ApiError(401, 'You are not signed in.');
      const campaign = await ownCampaign(ctx.db, user, input.campaignID);
      const creatives = (
        await loadCreatives(ctx.db, { campaignIds: [campaign.id] }, ctx.config.publicUrl)
      ).map((c) => creativeSchema.parse(c));
      const chosen = Object.keys(input.tags);
      const selected = chosen.length === 0 ? creatives : creatives.filter((c) => chosen.includes(c.id));
      const rows = selected.flatMap((creative) => {
        const platforms = (input.tags[creative.id] ?? [])
          .map((entry) => findPlatform(entry.platform)?.id)
          .filter((id): id is PlatformId => id !== undefined);
        return buildTagSheet({
          campaign: { name: campaign.name, creatives: [creative] },
          servingHost: ctx.config.publicUrl,
          ...(platforms.length > 0 ? { platforms: [...new Set(platforms)] } : {}),
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
      for (const row of rows) sheet.addRow({ ...row, error: row.error ?? '' });
      const bytes = Buffer.from(await workbook.xlsx.writeBuffer());

      const fileName = `tags/${newId()}/${safeFilename(campaign.name)}-tags.xlsx`;
      await ctx.storage.put(fileName, bytes, XLSX);
      await ctx.db.query(
        'insert into files (name, owner_id, public, content_type, size) values ($1, $2, false, $3, $4)',
        [fileName, user.id, XLSX, bytes.length],
      );
      return { file: fileName };
    },
  }),
];
