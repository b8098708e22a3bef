// Campaign calls (spec section 7): users see and change only their own campaigns; admins see all.
import {
  campaignBodySchema,
  campaignIdQuerySchema,
  campaignListQuerySchema,
  campaignSchema,
  campaignUpdateBodySchema,
} from '@adconsole/domain';
import { z } from 'zod';
import type { Database } from '../db/database';
import { ApiError } from '../http/errors';
import { defineRoute, WithExtras } from '../http/routes';
import { type CampaignRow, loadCampaigns, oneCampaign, ownCampaign } from '../services/campaigns';
import { newId } from '../services/ids';
import type { SessionUser } from '../services/sessions';
import type { Storage } from '../services/storage';

export const CAMPAIGNS_PER_PAGE = 20;

const paginationSchema = z.object({
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});

const signedIn = (user: SessionUser | undefined): SessionUser => {
  if (!user) throw new ApiError(401, 'You are not signed in.');
  return user;
};

function listRoute(view: 'mine' | 'all') {
  return defineRoute({
    method: 'GET',
    path: `/v1/campaign/${view}`,
    summary:
      view === 'mine'
        ? 'Your campaigns, newest first, 20 a page.'
        : 'Every campaign (admins only), newest first, 20 a page.',
    tag: 'Campaigns',
    access: view === 'mine' ? 'user' : 'admin',
    input: campaignListQuerySchema,
    answer: z.array(campaignSchema),
    answerExtras: { pagination: paginationSchema },
    handler: async ({ input, user, ctx }) => {
      const me = signedIn(user);
      const offset = (input.page - 1) * CAMPAIGNS_PER_PAGE;
      const mineOnly = view === 'mine';
      const where = mineOnly ? 'where owner_id = $3' : '';
      const params = mineOnly ? [CAMPAIGNS_PER_PAGE, offset, me.id] : [CAMPAIGNS_PER_PAGE, offset];
      const rows = await ctx.db.query<CampaignRow>(
        `select * from campaigns ${where} order by created_at desc, id desc limit $1 offset $2`,
        params,
      );
      const [{ total } = { total: 0 }] = await ctx.db.query<{ total: number }>(
        `select count(*)::int as total from campaigns ${mineOnly ? 'where owner_id = $1' : ''}`,
        mineOnly ? [me.id] : [],
      );
      const campaigns = await loadCampaigns(ctx.db, rows, ctx.config.publicUrl);
      return new WithExtras(campaigns, {
        pagination: {
          page: input.page,
          perPage: CAMPAIGNS_PER_PAGE,
          total,
          pages: Math.max(1, Math.ceil(total / CAMPAIGNS_PER_PAGE)),
        },
      });
    },
  });
}

export const campaignRoutes = [
  defineRoute({
    method: 'GET',
    path: '/v1/campaign/get',
    summary: 'One campaign with its creatives, live creatives and assets.',
    tag: 'Campaigns',
    access: 'user',
    input: campaignIdQuerySchema,
    answer: campaignSchema,
    errors: { 404: 'Campaign not found! (also for a campaign that is not yours)' },
    handler: async ({ input, user, ctx }) => {
      const row = await ownCampaign(ctx.db, signedIn(user), input.campaignID);
      return oneCampaign(ctx.db, row, ctx.config.publicUrl);
    },
  }),
  listRoute('mine'),
  listRoute('all'),
  defineRoute({
    method: 'POST',
    path: '/v1/campaign/new',
    summary: 'Create a campaign (no creatives, zeroed data).',
    tag: 'Campaigns',
    access: 'user',
    input: campaignBodySchema,
    answer: campaignSchema,
    handler: async ({ input, user, ctx }) => {
      const me = signedIn(user);
      const [row] = await ctx.db.query<CampaignRow>(
        'insert into campaigns (id, owner_id, name, body) values ($1, $2, $3, $4) returning *',
        [
          newId(),
          me.id,
          input.name,
          { data: { start: input.data?.start ?? null, end: input.data?.end ?? null } },
        ],
      );
      if (!row) throw new Error('insert returned no row');
      return oneCampaign(ctx.db, row, ctx.config.publicUrl);
    },
  }),
  defineRoute({
    method: 'PUT',
    path: '/v1/campaign/update',
    summary: 'Rename a campaign or change its flight dates; answers the campaign.',
    tag: 'Campaigns',
    access: 'user',
    input: campaignUpdateBodySchema,
    answer: campaignSchema,
    errors: { 404: 'Campaign not found!' },
    handler: async ({ input, user, ctx }) => {
      const existing = await ownCampaign(ctx.db, signedIn(user), input.id);
      const data = { ...(existing.body.data ?? {}) };
      if (input.data?.start !== undefined) data.start = input.data.start;
      if (input.data?.end !== undefined) data.end = input.data.end;
      const [row] = await ctx.db.query<CampaignRow>(
        'update campaigns set name = $2, body = $3, updated_at = now() where id = $1 returning *',
        [existing.id, input.name, { ...existing.body, data }],
      );
      if (!row) throw new ApiError(404, 'Campaign not found!');
      return oneCampaign(ctx.db, row, ctx.config.publicUrl);
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/v1/campaign/delete',
    summary: 'Delete a campaign with its creatives, live creatives and assets.',
    description: 'campaignID in the query (or a JSON body).',
    tag: 'Campaigns',
    access: 'user',
    input: campaignIdQuerySchema,
    answer: z.null(),
    errors: { 404: 'Campaign not found!' },
    handler: async ({ input, user, ctx }) => {
      const existing = await ownCampaign(ctx.db, signedIn(user), input.campaignID);
      const files = await ctx.db.transaction(async (tx) => {
        const assetFiles = await tx.query<{ file_name: string }>(
          'select a.file_name from assets a join creatives c on c.id = a.creative_id where c.campaign_id = $1',
          [existing.id],
        );
        await tx.query('delete from campaigns where id = $1', [existing.id]);
        return assetFiles.map((f) => f.file_name);
      });
      await removeUnusedFiles(ctx, files);
      return null;
    },
  }),
];

/** Deletes stored files no asset refers to any more (a duplicated creative shares its files). */
export async function removeUnusedFiles(ctx: { db: Database; storage: Storage }, names: string[]) {
  for (const name of [...new Set(names)]) {
    const [used] = await ctx.db.query('select 1 from assets where file_name = $1 limit 1', [name]);
    if (used) continue;
    await ctx.db.query('delete from files where name = $1', [name]);
    await ctx.storage.delete(name);
  }
}
