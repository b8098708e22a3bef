// Server state of the creative builder: the user's drafts, saving and deleting them, the draft's creative (where an
// uploaded image or one taken from the file manager goes) and the export, all through the domain's
// API client.
import {
  type Asset,
  type BuilderDocument,
  type BuilderDraft,
  builderCalls,
  type FileEntry,
  isBuilderImageName,
  notAnImageMessage,
} from '@adconsole/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { areaCalls } from '../../lib/api';
import { creativesApi } from '../creatives/creative-queries';
import { filesApi } from '../files/file-queries';

const builderApi = areaCalls(builderCalls);

import { campaignKeys } from '../campaigns/campaign-queries';
import { creativeKey } from '../creatives/creative-queries';

const builderKeys = { drafts: ['builder', 'drafts'] as const };

export const useBuilderDrafts = () =>
  useQuery({ queryKey: builderKeys.drafts, queryFn: () => builderApi().listBuilderDrafts() });

export interface DraftToSave {
  id?: string | undefined;
  /**
   * The canvas it was taken from (the page's opened draft): saves of one new canvas sent before its
   * first answer came (Save draft, then Export or an image) make one draft, not one each.
   */
  canvas?: object | undefined;
  name: string;
  document: BuilderDocument;
}

/** An image stored with the draft's creative: its URL and, when the server read it, its size. */
export interface BuilderImage {
  url: string;
  width?: number | null | undefined;
  height?: number | null | undefined;
}

const imageOf = (asset: Asset): BuilderImage => ({
  url: asset.url,
  width: asset.width,
  height: asset.height,
});

export function useBuilderActions() {
  const queryClient = useQueryClient();
  const stored = (draft: BuilderDraft) => {
    queryClient.setQueryData<BuilderDraft[]>(builderKeys.drafts, (drafts = []) => [
      draft,
      ...drafts.filter((candidate) => candidate.id !== draft.id),
    ]);
    return draft;
  };
  // Each new canvas's first save while it is on its way.
  const creating = useRef(new WeakMap<object, Promise<BuilderDraft>>());
  const saveDraft = async (draft: DraftToSave): Promise<BuilderDraft> => {
    if (draft.id !== undefined) {
      return stored(
        await builderApi().updateBuilderDraft({ id: draft.id, name: draft.name, document: draft.document }),
      );
    }
    const { canvas } = draft;
    const first = canvas && creating.current.get(canvas);
    if (first) {
      // Saved under the id the first save is given (or, when that one failed, tried again).
      const made = await first.catch(() => undefined);
      return saveDraft(made ? { ...draft, id: made.id } : draft);
    }
    const made = builderApi().createBuilderDraft({ name: draft.name, document: draft.document }).then(stored);
    if (canvas) {
      creating.current.set(canvas, made);
      made.catch(() => creating.current.delete(canvas));
    }
    return made;
  };
  const refreshCampaign = (campaignID: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: campaignKeys.detail(campaignID) }),
      queryClient.invalidateQueries({ queryKey: builderKeys.drafts }),
    ]);
  /** Saves the draft and makes sure it has its creative in the campaign (made on first use). */
  const draftCreative = async (draft: DraftToSave, campaignID: string) => {
    const saved = await saveDraft(draft);
    const creative = await builderApi().builderDraftCreative({ id: saved.id, campaignID });
    return { saved, creative };
  };
  return {
    save: useMutation({ mutationFn: saveDraft }),
    /** Deletes a draft (a creative it exported stays) and drops it from the list of drafts. */
    remove: useMutation({
      mutationFn: (id: string) => builderApi().deleteBuilderDraft(id),
      onSuccess: (_answer, id) =>
        queryClient.setQueryData<BuilderDraft[]>(builderKeys.drafts, (drafts = []) =>
          drafts.filter((draft) => draft.id !== id),
        ),
    }),
    /** Saves the draft, then writes it as an HTML5 banner creative of the campaign. */
    exportDraft: useMutation({
      mutationFn: async ({ draft, campaignID }: { draft: DraftToSave; campaignID: string }) => {
        const saved = await saveDraft(draft);
        const creative = await builderApi().exportBuilderDraft({ id: saved.id, campaignID });
        queryClient.setQueryData(creativeKey(creative.id), creative);
        await refreshCampaign(campaignID);
        return { draft: saved, creative };
      },
    }),
    /** Saves the draft, uploads the image to its creative in the campaign; answers the image. */
    uploadImage: useMutation({
      mutationFn: async ({
        draft,
        campaignID,
        file,
      }: {
        draft: DraftToSave;
        campaignID: string;
        file: File;
      }) => {
        const { saved, creative } = await draftCreative(draft, campaignID);
        const uploaded = await creativesApi().uploadAssets({
          campaignID,
          creativeID: creative.id,
          files: [file],
        });
        await refreshCampaign(campaignID);
        return { draft: saved, image: imageOf(uploaded.asset) };
      },
    }),
    /**
     * Saves the draft and copies a file of the file manager into its creative in the campaign ("use in
     * a creative"); answers the copy, which the export packs like an uploaded image.
     */
    fileImage: useMutation({
      mutationFn: async ({
        draft,
        campaignID,
        bucket,
        entry,
      }: {
        draft: DraftToSave;
        campaignID: string;
        bucket: string | undefined;
        entry: FileEntry;
      }) => {
        // Refused before anything is written: a creative keeps no copy of a file the layer cannot show.
        if (entry.kind !== 'file' || !isBuilderImageName(entry.name))
          throw new Error(notAnImageMessage(entry.name));
        const { saved, creative } = await draftCreative(draft, campaignID);
        const asset = await filesApi().useFileInCreative({
          bucket,
          path: entry.path,
          creativeID: creative.id,
        });
        await refreshCampaign(campaignID);
        return { draft: saved, image: imageOf(asset) };
      },
    }),
  };
}
