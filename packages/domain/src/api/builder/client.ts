// The ad builder's calls: a user's saved drafts, the creative a draft exports to, and the export.
import type { BuilderDraft } from '../../ad-builder/ad-builder-state';
import type { Creative } from '../../campaigns/creative';
import { validate } from '../../validation/validation-error';
import type { Http } from '../http';
import { type CallInput, send, sendOnly } from '../send';
import { builderContract } from './contract';

const {
  listBuilderDrafts,
  createBuilderDraft,
  updateBuilderDraft,
  deleteBuilderDraft,
  builderDraftCreative,
  exportBuilderDraft,
} = builderContract;

export const BUILDER_PATHS = {
  drafts: listBuilderDrafts.path,
  creative: builderDraftCreative.path,
  export: exportBuilderDraft.path,
} as const;

export function builderCalls(http: Http) {
  return {
    /** The signed-in user's drafts, the most recently saved first. */
    listBuilderDrafts: (): Promise<BuilderDraft[]> =>
      send(http, listBuilderDrafts, undefined, { emptyAnswer: [] }),
    createBuilderDraft: (draft: CallInput<typeof createBuilderDraft>): Promise<BuilderDraft> =>
      send(http, createBuilderDraft, draft),
    /** The whole draft is checked; its id, name and document are sent (its creative and time are the server's). */
    updateBuilderDraft(draft: CallInput<typeof updateBuilderDraft>): Promise<BuilderDraft> {
      const { id, name, document } = validate(updateBuilderDraft.input, draft);
      return send(http, updateBuilderDraft, { id, name, document });
    },
    async deleteBuilderDraft(id: string): Promise<null> {
      await sendOnly(http, deleteBuilderDraft, { id });
      return null;
    },
    /** The draft's creative in a campaign (made on first use): uploaded images become its assets. */
    builderDraftCreative: (target: CallInput<typeof builderDraftCreative>): Promise<Creative> =>
      send(http, builderDraftCreative, target),
    /** Writes the draft as an HTML5 banner (index.html and its images) into its creative in a campaign. */
    exportBuilderDraft: (target: CallInput<typeof exportBuilderDraft>): Promise<Creative> =>
      send(http, exportBuilderDraft, target),
  };
}
