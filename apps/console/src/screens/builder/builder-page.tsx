// /builder: the creative builder. The open draft is named in the URL (?draft=<id>), so a reload (or a
// shared link to oneself) reopens it from the server; a new canvas has no id until it is saved.
import {
  type AdBuilderState,
  adBuilderReducer,
  type BuilderDocument,
  type BuilderDraft,
  builderDocumentOf,
  defaultAdBuilderState,
  errorMessage,
} from '@adconsole/domain';
import { Alert, AlertDescription, Skeleton } from '@adconsole/ui';
import { useEffect, useMemo, useReducer, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCampaignList } from '../campaigns/campaign-queries';
import { useFileBuckets, useFileListing } from '../files/file-queries';
import { BuilderEditor } from './builder-editor';
import { useBuilderActions, useBuilderDrafts } from './builder-queries';

const NEW_DRAFT_NAME = 'Untitled banner';

/** What is compared to tell unsaved changes: the name and the document. */
const fingerprint = (name: string, document: BuilderDocument) => JSON.stringify([name.trim(), document]);

export function BuilderPage() {
  const [params, setParams] = useSearchParams();
  const draftID = params.get('draft') ?? undefined;
  const drafts = useBuilderDrafts();
  const campaigns = useCampaignList('mine', 1);
  const actions = useBuilderActions();
  const [state, dispatch] = useReducer(adBuilderReducer, undefined, defaultAdBuilderState);
  const [name, setName] = useState(NEW_DRAFT_NAME);
  /** The draft the canvas shows, and what it was when opened or last saved. */
  const [opened, setOpened] = useState<{ id: string | undefined; saved: string }>(() => ({
    id: undefined,
    saved: fingerprint(NEW_DRAFT_NAME, builderDocumentOf(defaultAdBuilderState())),
  }));
  const current = drafts.data?.find((draft) => draft.id === opened.id);
  // The file-manager folder the image dialog browses: none is listed until the user opens that choice.
  // The builder browses the deployment's first bucket (the user's own space in it).
  const [fileDirectory, setFileDirectory] = useState<string | undefined>();
  const fileBuckets = useFileBuckets(fileDirectory !== undefined);
  const fileBucket = fileDirectory === undefined ? undefined : fileBuckets.data?.buckets[0];
  const fileListing = useFileListing(fileBucket, fileDirectory ?? '');

  const open = (draft: BuilderDraft) => {
    dispatch({ type: 'load', document: draft.document });
    setName(draft.name);
    setOpened({ id: draft.id, saved: fingerprint(draft.name, draft.document) });
  };

  // Open the draft the URL names once the drafts are known (a reload, or another draft chosen).
  useEffect(() => {
    if (draftID === undefined || draftID === opened.id || !drafts.data) return;
    const draft = drafts.data.find((candidate) => candidate.id === draftID);
    if (draft) open(draft);
  });

  const document = builderDocumentOf(state);
  const dirty = fingerprint(name, document) !== opened.saved;
  const toSave = () => ({ id: opened.id, name: name.trim(), document });
  /** After a save: the URL names the draft and the canvas counts as saved. */
  const saved = (draft: BuilderDraft, savedState: AdBuilderState = state) => {
    setOpened({ id: draft.id, saved: fingerprint(draft.name, builderDocumentOf(savedState)) });
    if (draft.id !== draftID) setParams({ draft: draft.id }, { replace: true });
  };

  const campaignChoices = useMemo(
    () => (campaigns.data?.campaigns ?? []).map((campaign) => ({ id: campaign.id, name: campaign.name })),
    [campaigns.data],
  );

  if (drafts.isPending) return <Skeleton className="h-96 w-full" />;
  const missing =
    draftID !== undefined && drafts.data !== undefined && !drafts.data.some((d) => d.id === draftID);

  return (
    <div className="grid gap-4">
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
        draftName={name}
        onDraftNameChange={setName}
        drafts={drafts.data ?? []}
        currentDraftID={opened.id}
        onOpenDraft={(id) => setParams({ draft: id })}
        onNewDraft={() => {
          const fresh = defaultAdBuilderState();
          dispatch({ type: 'load', document: builderDocumentOf(fresh) });
          setName(NEW_DRAFT_NAME);
          setOpened({ id: undefined, saved: fingerprint(NEW_DRAFT_NAME, builderDocumentOf(fresh)) });
          setParams({});
        }}
        onSave={() => actions.save.mutate(toSave(), { onSuccess: (draft) => saved(draft) })}
        saving={actions.save.isPending}
        dirty={dirty}
        saveError={actions.save.error}
        campaigns={campaignChoices}
        draftCampaignID={current?.campaignID}
        onExport={(campaignID) =>
          actions.exportDraft.mutate(
            { draft: toSave(), campaignID },
            { onSuccess: ({ draft }) => saved(draft) },
          )
        }
        exporting={actions.exportDraft.isPending}
        exported={actions.exportDraft.data?.creative}
        exportError={actions.exportDraft.error}
        onUploadImage={async (file, campaignID) => {
          const { draft, image } = await actions.uploadImage.mutateAsync({
            draft: toSave(),
            campaignID,
            file,
          });
          saved(draft);
          return image;
        }}
        uploading={actions.uploadImage.isPending}
        uploadError={actions.uploadImage.error}
        imageFiles={{
          directory: fileDirectory ?? '',
          entries: fileListing.data?.entries,
          listError:
            fileListing.isError || fileBuckets.isError
              ? errorMessage(fileListing.error ?? fileBuckets.error, 'Your files could not be listed.')
              : null,
          onDirectoryChange: setFileDirectory,
        }}
        onBrowseImageFiles={() => setFileDirectory((directory) => directory ?? '')}
        onImageDialogOpen={() => {
          actions.uploadImage.reset();
          actions.fileImage.reset();
        }}
        onFileImage={async (entry, campaignID) => {
          const { draft, image } = await actions.fileImage.mutateAsync({
            draft: toSave(),
            campaignID,
            bucket: fileBucket,
            entry,
          });
          saved(draft);
          return image;
        }}
        copyingFile={actions.fileImage.isPending}
        fileImageError={actions.fileImage.error}
      />
    </div>
  );
}
