// /builder: the creative builder. The open draft is named in the URL (?draft=<id>), so a reload (or a
// shared link to oneself) reopens it from the server; a new canvas has no id until it is saved.
// Unsaved changes are never lost silently: switching drafts or starting a new one asks first (the
// editor), leaving the builder for another screen or draft in the history asks the same (a router
// blocker), and closing or reloading the tab gets the browser's own prompt (beforeunload).
import {
  type AdBuilderState,
  adBuilderReducer,
  type BuilderDraft,
  type BuilderDraftContent,
  builderDocumentOf,
  defaultAdBuilderState,
  draftDeletedMessage,
  hasUnsavedDraftChanges,
  MESSAGES,
  NEW_BUILDER_DRAFT_NAME,
} from '@adconsole/domain';
import { Alert, AlertDescription, notify, Skeleton } from '@adconsole/ui';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useLeaveGuard } from '../../lib/leave-guard';
import { showError } from '../../lib/notify-error';
import { useEveryCampaign } from '../campaigns/campaign-queries';
import { BuilderEditor } from './builder-editor';
import { useImageFiles } from './builder-page-hooks';
import { useBuilderActions, useBuilderDrafts } from './builder-queries';

const freshContent = (): BuilderDraftContent => ({
  name: NEW_BUILDER_DRAFT_NAME,
  document: builderDocumentOf(defaultAdBuilderState()),
});

export function BuilderPage() {
  const [params, setParams] = useSearchParams();
  const draftID = params.get('draft') ?? undefined;
  const drafts = useBuilderDrafts();
  const campaigns = useEveryCampaign('mine');
  const actions = useBuilderActions();
  const [state, dispatch] = useReducer(adBuilderReducer, undefined, defaultAdBuilderState);
  const [name, setName] = useState(NEW_BUILDER_DRAFT_NAME);
  /** The draft the canvas shows, and what it was when opened or last saved. */
  const [opened, setOpened] = useState<{ id: string | undefined; saved: BuilderDraftContent }>(() => ({
    id: undefined,
    saved: freshContent(),
  }));
  const current = drafts.data?.find((draft) => draft.id === opened.id);
  const imageFiles = useImageFiles();

  const open = (draft: BuilderDraft) => {
    dispatch({ type: 'load', document: draft.document });
    setName(draft.name);
    setOpened({ id: draft.id, saved: { name: draft.name, document: draft.document } });
  };
  const startNew = () => {
    const fresh = freshContent();
    dispatch({ type: 'load', document: fresh.document });
    setName(fresh.name);
    setOpened({ id: undefined, saved: fresh });
    setParams({});
  };

  // Open the draft the URL names once the drafts are known (a reload, another draft chosen, the
  // history). Only a change of the URL opens one: the router applies a navigation after the page's
  // own state, so for a moment the URL still names the draft a new canvas just replaced.
  const urlDraftHandled = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!drafts.data || draftID === urlDraftHandled.current) return;
    urlDraftHandled.current = draftID;
    if (draftID === undefined || draftID === opened.id) return;
    const draft = drafts.data.find((candidate) => candidate.id === draftID);
    if (draft) open(draft);
  });

  const document = builderDocumentOf(state);
  const dirty = hasUnsavedDraftChanges(opened.saved, { name, document });
  const toSave = () => ({ id: opened.id, canvas: opened, name: name.trim(), document });

  // Another screen, or another draft in the history, asks first while there are unsaved changes.
  const leaving = useLeaveGuard(dirty).question;

  /** After a save: the URL names the draft (unless the user is leaving) and the canvas counts as saved. */
  const saved = (draft: BuilderDraft, savedState: AdBuilderState = state) => {
    setOpened({ id: draft.id, saved: { name: draft.name, document: builderDocumentOf(savedState) } });
    if (draft.id !== draftID && !leaving) setParams({ draft: draft.id }, { replace: true });
  };

  // Undefined while they load (the dialogs say so); none when they could not be loaded (an alert says why).
  const campaignChoices = useMemo(
    () =>
      campaigns.data?.map((campaign) => ({ id: campaign.id, name: campaign.name })) ??
      (campaigns.isError ? [] : undefined),
    [campaigns.data, campaigns.isError],
  );

  if (drafts.isPending) return <Skeleton className="h-96 w-full" />;
  const missing =
    draftID !== undefined && drafts.data !== undefined && !drafts.data.some((d) => d.id === draftID);

  return (
    <div className="grid grid-cols-1 gap-4">
      <div>
        <h1 className="font-semibold text-2xl">Creative builder</h1>
        <p className="text-muted-foreground">
          Lay out a banner, animate it on the timeline, save it as a draft and export it as an HTML5 creative.
        </p>
      </div>
      {drafts.error ? (
        <Alert variant="danger">
          <AlertDescription>Your drafts could not be loaded: {drafts.error.message}</AlertDescription>
        </Alert>
      ) : null}
      {campaigns.error ? (
        <Alert variant="danger">
          <AlertDescription>Your campaigns could not be loaded: {campaigns.error.message}</AlertDescription>
        </Alert>
      ) : null}
      {missing ? (
        <Alert variant="warning">
          <AlertDescription>
            That draft does not exist (any more). You are working on a new one.
          </AlertDescription>
        </Alert>
      ) : null}
      <BuilderEditor
        state={state}
        dispatch={dispatch}
        draft={{
          name,
          onNameChange: setName,
          drafts: drafts.data ?? [],
          currentID: opened.id,
          onOpen: (id) => setParams({ draft: id }),
          onNew: startNew,
          onSave: () => actions.save.mutateAsync(toSave()).then(saved),
          saving: actions.save.isPending,
          dirty,
          saveError: actions.save.error,
          onDelete: () => {
            const deleted = current;
            if (!deleted) return;
            actions.remove.mutate(deleted.id, {
              onSuccess: () => {
                startNew();
                notify({
                  type: 'success',
                  title: MESSAGES.draftDeleted,
                  text: draftDeletedMessage(deleted.name),
                });
              },
              onError: showError(MESSAGES.draftNotDeleted),
            });
          },
          deleting: actions.remove.isPending,
          leaving,
        }}
        campaigns={campaignChoices}
        draftCampaignID={current?.campaignID}
        exportTo={{
          onExport: (campaignID) =>
            actions.exportDraft.mutate(
              { draft: toSave(), campaignID },
              { onSuccess: ({ draft }) => saved(draft) },
            ),
          exporting: actions.exportDraft.isPending,
          exported: actions.exportDraft.data?.creative,
          error: actions.exportDraft.error,
        }}
        images={{
          onUpload: async (file, campaignID) => {
            const { draft, image } = await actions.uploadImage.mutateAsync({
              draft: toSave(),
              campaignID,
              file,
            });
            saved(draft);
            return image;
          },
          uploading: actions.uploadImage.isPending,
          uploadError: actions.uploadImage.error,
          files: imageFiles.files,
          onBrowseFiles: imageFiles.browse,
          onDialogOpen: () => {
            actions.uploadImage.reset();
            actions.fileImage.reset();
          },
          onFileImage: async (entry, campaignID) => {
            const { draft, image } = await actions.fileImage.mutateAsync({
              draft: toSave(),
              campaignID,
              bucket: imageFiles.bucket,
              entry,
            });
            saved(draft);
            return image;
          },
          copyingFile: actions.fileImage.isPending,
          fileError: actions.fileImage.error,
        }}
      />
    </div>
  );
}
