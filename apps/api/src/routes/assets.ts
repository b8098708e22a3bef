// Creative assets (spec section 7): multipart upload with type and size checks, image dimensions read
// from the file, and delete. Files go through the storage interface and are served under /api/uploads.
import { assetSchema, assetUploadFieldsSchema, deleteAssetQuerySchema, MESSAGES } from '@adconsole/domain';
import { z } from 'zod';
import { ApiError } from '../http/errors';
import { defineRoute, WithExtras } from '../http/routes';
import { containsNul, NUL_MESSAGE, parseInput } from '../http/validation';
import { checkUpload, safeFilename } from '../services/assets';
import { type AssetRow, assetAnswer, ownCreative } from '../services/campaigns';
import { newId } from '../services/ids';
import type { SessionUser } from '../services/sessions';
import { removeUnusedFiles } from './campaigns';

const incorrect = () =>
  new ApiError(400, MESSAGES.incorrectCampaignOrCreative, [MESSAGES.incorrectCampaignOrCreative]);

const signedIn = (user: SessionUser | undefined): SessionUser => {
  if (!user) throw new ApiError(401, 'You are not signed in.');
  return user;
};

const uploadForm = z.object({
  type: z.string().describe("The upload type, e.g. 'image', 'video', 'html5', 'vpaid'."),
  width: z.string().optional(),
  height: z.string().optional(),
  duration: z.string().optional().describe('Seconds, for video.'),
  creativeID: z.string(),
  assets: z
    .string()
    .optional()
    .describe(
      "JSON list of the creative's current assets as the console holds them. Listed assets are kept (renamed when `name` differs); assets of the creative missing from the list are deleted. Without this field nothing is deleted except assets replaced by a new file of the same name.",
    ),
  'files[]': z.array(z.string().describe('binary')).describe('The files (also accepted as `files`).'),
});

export const assetRoutes = [
  defineRoute({
    method: 'POST',
    path: '/v1/campaign/creatives/assets',
    summary:
      'Upload assets to a creative (multipart); answers the new assets in data and the removed ones in deleted.',
    description:
      'Accepted: PNG, JPEG, GIF, WebP (10 MB), MP4 and WebM video (200 MB), ZIP for HTML5 and JavaScript for VPAID (10 MB). Image width and height are read from the file.',
    tag: 'Assets',
    access: 'user',
    multipart: uploadForm,
    answer: z.array(assetSchema),
    answerExtras: { deleted: z.array(assetSchema) },
    errors: {
      413: 'A file is over its size limit.',
      415: 'A file type is not accepted.',
    },
    handler: async ({ request, user, ctx }) => {
      const me = signedIn(user);
      if (!request.isMultipart()) throw new ApiError(415, 'Send the upload as multipart/form-data.');
      const fields: Record<string, string> = {};
      const files: { filename: string; bytes: Buffer }[] = [];
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'files[]' && part.fieldname !== 'files') {
              await part.toBuffer();
              throw new ApiError(400, `Unexpected file field ${part.fieldname}: send files as files[].`);
            }
            files.push({ filename: part.filename || 'file', bytes: await part.toBuffer() });
          } else {
            fields[part.fieldname] = String(part.value);
          }
        }
      } catch (error) {
        if (error instanceof ApiError) throw error;
        const status = (error as { statusCode?: unknown }).statusCode;
        if (typeof status === 'number' && status < 500) throw error;
        // The form parser's own errors (a cut-off body, a broken boundary) are the client's mistake.
        throw new ApiError(400, `The multipart body is malformed: ${(error as Error).message}.`);
      }
      if (containsNul(fields) || files.some((f) => f.filename.includes('\u0000'))) {
        throw new ApiError(400, NUL_MESSAGE, [NUL_MESSAGE]);
      }
      if (fields.creativeID === undefined || fields.creativeID.trim() === '') throw incorrect();
      const input = parseInput(assetUploadFieldsSchema, fields);
      if (files.length === 0)
        throw new ApiError(400, 'Choose at least one file to upload.', [
          'Choose at least one file to upload.',
        ]);
      const creative = await ownCreative(ctx.db, me, input.creativeID).catch(() => {
        throw incorrect();
      });
      const checked = files.map((file) => ({ ...file, ...checkUpload(file.filename, file.bytes) }));

      const created: AssetRow[] = [];
      for (const file of checked) {
        const id = newId();
        const filename = safeFilename(file.filename);
        const fileName = `assets/${id}/${filename}`;
        await ctx.storage.put(fileName, file.bytes, file.contentType);
        const row: AssetRow = {
          id,
          creative_id: creative.id,
          file_name: fileName,
          filename,
          name: file.filename.slice(0, 200),
          upload_type: input.type,
          width: file.width ?? input.width ?? null,
          height: file.height ?? input.height ?? null,
          duration: file.kind === 'video' ? (input.duration ?? null) : null,
        };
        await ctx.db.transaction(async (tx) => {
          await tx.query(
            'insert into files (name, owner_id, public, content_type, size) values ($1, $2, true, $3, $4)',
            [fileName, me.id, file.contentType, file.bytes.length],
          );
          await tx.query(
            `insert into assets (id, creative_id, file_name, filename, name, upload_type, width, height, duration)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
            [
              row.id,
              row.creative_id,
              row.file_name,
              row.filename,
              row.name,
              row.upload_type,
              row.width,
              row.height,
              row.duration,
            ],
          );
        });
        created.push(row);
      }

      // What the upload replaces: same-named earlier assets, and (when the list is given) unlisted ones.
      const newIds = new Set(created.map((a) => a.id));
      const newNames = new Set(created.map((a) => a.name));
      const existing = (
        await ctx.db.query<AssetRow>('select * from assets where creative_id = $1 order by created_at, id', [
          creative.id,
        ])
      ).filter((a) => !newIds.has(a.id));
      const listed =
        input.assets === undefined ? undefined : new Map(input.assets.map((a) => [String(a.id ?? ''), a]));
      const removed = existing.filter(
        (a) => newNames.has(a.name) || (listed !== undefined && !listed.has(a.id)),
      );
      for (const asset of existing) {
        const wanted = listed?.get(asset.id)?.name;
        if (
          typeof wanted === 'string' &&
          wanted.trim() !== '' &&
          wanted !== asset.name &&
          !removed.includes(asset)
        ) {
          await ctx.db.query('update assets set name = $2 where id = $1', [
            asset.id,
            wanted.trim().slice(0, 200),
          ]);
        }
      }
      if (removed.length > 0) {
        await ctx.db.query('delete from assets where id = any($1::text[])', [removed.map((a) => a.id)]);
        await removeUnusedFiles(
          ctx,
          removed.map((a) => a.file_name),
        );
      }
      await ctx.db.query('update creatives set updated_at = now() where id = $1', [creative.id]);
      return new WithExtras(
        created.map((a) => assetAnswer(a, ctx.config.publicUrl, true)),
        { deleted: removed.map((a) => assetAnswer(a, ctx.config.publicUrl)) },
      );
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/v1/campaign/creatives/assets',
    summary: "Delete one of a creative's assets.",
    description: 'id and creativeID in the query (or a JSON body). Answers an empty data.',
    tag: 'Assets',
    access: 'user',
    input: deleteAssetQuerySchema,
    answer: z.null(),
    errors: { 404: 'Asset not found!' },
    handler: async ({ input, user, ctx }) => {
      const creative = await ownCreative(ctx.db, signedIn(user), input.creativeID).catch(() => {
        throw incorrect();
      });
      const [asset] = await ctx.db.query<AssetRow>(
        'delete from assets where id = $1 and creative_id = $2 returning *',
        [input.id, creative.id],
      );
      if (!asset) throw new ApiError(404, 'Asset not found!');
      await removeUnusedFiles(ctx, [asset.file_name]);
      await ctx.db.query('update creatives set updated_at = now() where id = $1', [creative.id]);
      return null;
    },
  }),
];
