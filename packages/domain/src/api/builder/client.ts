// The ad builder's calls: a user's saved drafts, the creative a draft exports to, and the export.
import type { z } from 'zod';
import type { BuilderDraft } from '../../entities/ad-builder';
import type { Creative } from '../../entities/creative';
import { validate } from '../../validation/validation-error';
import { idQuerySchema } from '../common/requests';
import type { Http } from '../http';
import { readData } from '../responses';
import { builderContract } from './contract';
import { builderDraftCreateSchema, builderDraftUpdateSchema, builderTargetSchema } from './requests';

export const BUILDER_PATHS = {
  drafts: builderContract.listBuilderDrafts.path,
  creative: builderContract.builderDraftCreative.path,
  export: builderContract.exportBuilderDraft.path,
} as const;

export function builderCalls(http: Http) {
  return {
    /** The signed-in user's drafts, the most recently saved first. */
    async listBuilderDrafts(): Promise<BuilderDraft[]> {
      const answer = await http({ method: 'GET', path: BUILDER_PATHS.drafts });
      return readData(builderContract.listBuilderDrafts.answer, answer.data ?? []);
    },
    async createBuilderDraft(draft: z.input<typeof builderDraftCreateSchema>): Promise<BuilderDraft> {
      const json = validate(builderDraftCreateSchema, draft);
      return readData(
        builderContract.createBuilderDraft.answer,
        (await http({ method: 'POST', path: BUILDER_PATHS.drafts, json })).data,
      );
    },
    async updateBuilderDraft(draft: z.input<typeof builderDraftUpdateSchema>): Promise<BuilderDraft> {
      const { id, name, document } = validate(builderDraftUpdateSchema, draft);
      return readData(
        builderContract.updateBuilderDraft.answer,
        (await http({ method: 'PUT', path: BUILDER_PATHS.drafts, json: { id, name, document } })).data,
      );
    },
    async deleteBuilderDraft(id: string): Promise<null> {
      const query = validate(idQuerySchema, { id });
      await http({ method: 'DELETE', path: BUILDER_PATHS.drafts, query });
      return null;
    },
    /** The draft's creative in a campaign (made on first use): uploaded images become its assets. */
    async builderDraftCreative(target: z.input<typeof builderTargetSchema>): Promise<Creative> {
      const json = validate(builderTargetSchema, target);
      return readData(
        builderContract.builderDraftCreative.answer,
        (await http({ method: 'POST', path: BUILDER_PATHS.creative, json })).data,
      );
    },
    /** Writes the draft as an HTML5 banner (index.html and its images) into its creative in a campaign. */
    async exportBuilderDraft(target: z.input<typeof builderTargetSchema>): Promise<Creative> {
      const json = validate(builderTargetSchema, target);
      return readData(
        builderContract.exportBuilderDraft.answer,
        (await http({ method: 'POST', path: BUILDER_PATHS.export, json })).data,
      );
    },
  };
}
