// Creative calls (spec section 7): create, read, update, HTML, duplicate (copy-name rule), publish
// (an immutable live creative) and delete. Every call checks the creative's campaign is the caller's.
import {
  campaignIdQuerySchema,
  copyName,
  creativeBodySchema,
  creativeSchema,
  idQuerySchema,
  isTemporaryId,
  MESSAGES,
  publishCreativeRequestSchema,
} from '@adconsole/domain';
import { z } from 'zod';
import type { Queryable } from '../db/database';
import { ApiError } from '../http/errors';
import { defineRoute } from '../http/routes';
import {
  type CreativeBodyJson,
  type CreativeRow,
  loadCreatives,
  oneCreative,
  ownCampaign,
  ownCreative,
} from '../services/campaigns';
import { newId } from '../services/ids';
import type { SessionUser } from '../services/sessions';
import { removeUnusedFiles } from './campaigns';

type CreativeBody = z.output<typeof creativeBodySchema>;

const signedIn = (user: SessionUser | undefined): SessionUser => {
  if (!user) throw new ApiError(401, 'You are not signed in.');
  return user;
};

/** The id of a saved creative: a missing or temporary ('new_...') id has no server copy yet. */
const savedId = (id: string | undefined): string => {
  if (id === undefined || isTemporaryId(id)) throw new ApiError(404, MESSAGES.noCreativeFoundYet);
  return id;
};

/** The body fields a request sets; fields it leaves out keep their stored value. */
function mergeBody(stored: CreativeBodyJson, input: CreativeBody): CreativeBodyJson {
  const next: CreativeBodyJson = { ...stored, width: input.width, height: input.height };
  if (input.fluid !== undefined) next.fluid = input.fluid;
  if (input.platform !== undefined) next.platform = input.platform;
  if (input.trackers !== undefined) next.trackers = input.trackers;
  if (input.settings !== undefined) next.settings = input.settings;
  if (input.layout !== undefined) next.layout = input.layout;
  if (input.html !== undefined) next.html = input.html;
  return next;
}

async function insertCreative(
  db: Queryable,
  campaignId: string,
  name: string,
  type: string,
  body: CreativeBodyJson,
) {
  const id = newId();
  await db.query('insert into creatives (id, campaign_id, name, type, body) values ($1, $2, $3, $4, $5)', [
    id,
    campaignId,
    name,
    type,
    body,
  ]);
  return id;
}

/** The saved creative named by the body, checked to be the caller's and to stay in its campaign. */
async function editableCreative(db: Queryable, user: SessionUser, input: CreativeBody): Promise<CreativeRow> {
  const creative = await ownCreative(db, user, savedId(input.id));
  if (creative.campaign_id !== input.campaignID) {
    throw new ApiError(400, 'A creative cannot move to another campaign.', [
      'A creative cannot move to another campaign.',
    ]);
  }
  return creative;
}

export const creativeRoutes = [
  defineRoute({
    method: 'GET',
    path: '/v1/campaign/creative',
    summary: 'One creative with its assets and live creatives.',
    tag: 'Creatives',
    access: 'user',
    input: idQuerySchema,
    answer: creativeSchema,
    errors: { 404: 'Creative not found! (also for a creative that is not yours)' },
    handler: async ({ input, user, ctx }) => {
      await ownCreative(ctx.db, signedIn(user), savedId(input.id));
      return oneCreative(ctx.db, input.id, ctx.config.publicUrl);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/campaign/creatives',
    summary: "A campaign's creatives, oldest first.",
    tag: 'Creatives',
    access: 'user',
    input: campaignIdQuerySchema,
    answer: z.array(creativeSchema),
    errors: { 404: 'Campaign not found!' },
    handler: async ({ input, user, ctx }) => {
      const campaign = await ownCampaign(ctx.db, signedIn(user), input.campaignID);
      return loadCreatives(ctx.db, { campaignIds: [campaign.id] }, ctx.config.publicUrl);
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/campaign/creatives',
    summary: 'Create a creative in one of your campaigns; a temporary id is replaced by the server id.',
    tag: 'Creatives',
    access: 'user',
    input: creativeBodySchema,
    answer: creativeSchema,
    errors: { 404: 'Campaign not found!' },
    handler: async ({ input, user, ctx }) => {
      const campaign = await ownCampaign(ctx.db, signedIn(user), input.campaignID);
      const id = await insertCreative(
        ctx.db,
        campaign.id,
        input.name,
        input.type,
        mergeBody({ fluid: false, platform: null, trackers: {}, settings: [], layout: null }, input),
      );
      return oneCreative(ctx.db, id, ctx.config.publicUrl);
    },
  }),
  defineRoute({
    method: 'PUT',
    path: '/v1/campaign/creatives',
    summary: 'Update a creative; fields left out keep their value.',
    tag: 'Creatives',
    access: 'user',
    input: creativeBodySchema,
    answer: creativeSchema,
    errors: { 404: `${MESSAGES.noCreativeFoundYet} (temporary or missing id) or Creative not found!` },
    handler: async ({ input, user, ctx }) => {
      const creative = await editableCreative(ctx.db, signedIn(user), input);
      await ctx.db.query(
        'update creatives set name = $2, type = $3, body = $4, updated_at = now() where id = $1',
        [creative.id, input.name, input.type, mergeBody(creative.body, input)],
      );
      return oneCreative(ctx.db, creative.id, ctx.config.publicUrl);
    },
  }),
  defineRoute({
    method: 'PUT',
    path: '/v1/campaign/creatives/html',
    summary: "Save a creative's HTML (the layout injection result); other fields are left as stored.",
    tag: 'Creatives',
    access: 'user',
    input: creativeBodySchema,
    answer: creativeSchema,
    errors: { 404: `${MESSAGES.noCreativeFoundYet} or Creative not found!` },
    handler: async ({ input, user, ctx }) => {
      const creative = await editableCreative(ctx.db, signedIn(user), input);
      await ctx.db.query('update creatives set body = $2, updated_at = now() where id = $1', [
        creative.id,
        { ...creative.body, html: input.html ?? null },
      ]);
      return oneCreative(ctx.db, creative.id, ctx.config.publicUrl);
    },
  }),
  defineRoute({
    method: 'PUT',
    path: '/v1/campaign/creatives/duplicate',
    summary:
      "Copy a creative (and its assets) in the same campaign, named by the copy rule: ' (Copy)', ' (Copy 2)', ...",
    description: 'The copy has no live creatives; publish it to get tags.',
    tag: 'Creatives',
    access: 'user',
    input: creativeBodySchema,
    answer: creativeSchema,
    errors: { 404: `${MESSAGES.noCreativeFoundYet} or Creative not found!` },
    handler: async ({ input, user, ctx }) => {
      const creative = await editableCreative(ctx.db, signedIn(user), input);
      const id = await ctx.db.transaction(async (tx) => {
        const copyId = await insertCreative(
          tx,
          creative.campaign_id,
          copyName(creative.name),
          creative.type,
          creative.body,
        );
        await tx.query(
          `insert into assets (id, creative_id, file_name, filename, name, upload_type, width, height, duration)
           select md5(random()::text || id)::varchar(24), $2, file_name, filename, name, upload_type, width, height, duration
             from assets where creative_id = $1`,
          [creative.id, copyId],
        );
        return copyId;
      });
      return oneCreative(ctx.db, id, ctx.config.publicUrl);
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/campaign/creatives/publish',
    summary:
      'Publish a creative: a new live creative (an immutable snapshot with its own id) that tags and reports use.',
    description:
      'Publishing again adds another live creative; earlier ones keep serving until removed (DELETE /v1/campaign/creatives/live). A given platform is saved on the creative first.',
    tag: 'Creatives',
    access: 'user',
    input: publishCreativeRequestSchema,
    answer: creativeSchema,
    errors: { 404: `${MESSAGES.noCreativeFoundYet} or Creative not found!` },
    handler: async ({ input, user, ctx }) => {
      const creative = await ownCreative(ctx.db, signedIn(user), savedId(input.id));
      await ctx.db.transaction(async (tx) => {
        if (input.platform !== undefined) {
          await tx.query('update creatives set body = $2, updated_at = now() where id = $1', [
            creative.id,
            { ...creative.body, platform: input.platform },
          ]);
        }
        const [current] = await loadCreatives(tx, { creativeIds: [creative.id] }, ctx.config.publicUrl);
        if (!current) throw new ApiError(404, 'Creative not found!');
        const { liveCreatives: _earlier, ...snapshot } = current;
        await tx.query(
          'insert into live_creatives (id, creative_id, campaign_id, snapshot) values ($1, $2, $3, $4)',
          [newId(), creative.id, creative.campaign_id, snapshot],
        );
      });
      return oneCreative(ctx.db, creative.id, ctx.config.publicUrl);
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/v1/campaign/creatives/live',
    summary: 'Remove a live creative: its tags stop serving. The creative and other live creatives stay.',
    tag: 'Creatives',
    access: 'user',
    input: idQuerySchema,
    answer: z.null(),
    errors: { 404: 'Live creative not found!' },
    handler: async ({ input, user, ctx }) => {
      const me = signedIn(user);
      const [live] = await ctx.db.query<{ owner_id: string }>(
        `select p.owner_id from live_creatives l join campaigns p on p.id = l.campaign_id
          where l.id = $1 and l.removed_at is null`,
        [input.id],
      );
      if (!live || (live.owner_id !== me.id && me.role !== 'admin'))
        throw new ApiError(404, 'Live creative not found!');
      await ctx.db.query('update live_creatives set removed_at = now() where id = $1', [input.id]);
      return null;
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/v1/campaign/creatives/delete',
    summary: 'Delete a creative and its assets; its live creatives stop serving.',
    description: 'id in the query (or a JSON body). Answers an empty data.',
    tag: 'Creatives',
    access: 'user',
    input: idQuerySchema,
    answer: z.null(),
    errors: { 404: `${MESSAGES.noCreativeFoundYet} or Creative not found!` },
    handler: async ({ input, user, ctx }) => {
      const creative = await ownCreative(ctx.db, signedIn(user), savedId(input.id));
      const files = await ctx.db.transaction(async (tx) => {
        const assetFiles = await tx.query<{ file_name: string }>(
          'select file_name from assets where creative_id = $1',
          [creative.id],
        );
        await tx.query(
          'update live_creatives set removed_at = now() where creative_id = $1 and removed_at is null',
          [creative.id],
        );
        await tx.query('delete from creatives where id = $1', [creative.id]);
        return assetFiles.map((f) => f.file_name);
      });
      await removeUnusedFiles(ctx, files);
      return null;
    },
  }),
];
