// The creative builder's editor: toolbar (draft, undo/redo, save with its status, export, delete), the
// layers to add and arrange, the artboard, the selected layer's properties and the timeline. It holds
// no server state: the page passes the drafts and campaigns and does the saving, deleting and
// exporting. Before unsaved changes would be lost (another draft, a new one, leaving) it asks first.
import {
  type AdBuilderAction,
  type AdBuilderState,
  artboardOf,
  type Creative,
  type FileEntry,
  imageLayerSize,
  newLayer,
} from '@adconsole/domain';
import { Badge, Button, Card, CardContent, ChoiceSelect, Field, IconButton, Input } from '@adconsole/ui';
import {
  CheckIcon,
  CircleDotIcon,
  FilePlusIcon,
  ImageIcon,
  MousePointerClickIcon,
  Redo2Icon,
  SaveIcon,
  SquareIcon,
  TypeIcon,
  Undo2Icon,
  UploadIcon,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDelete } from '../../components/confirm-delete';
import { BuilderCanvas } from './builder-canvas';
import {
  type CampaignChoice,
  DraftNotSaved,
  ExportDialog,
  ImageDialog,
  type ImageSource,
  UnsavedChangesDialog,
} from './builder-dialogs';
import type { ImageFilesProps } from './builder-file-browser';
import { builderShortcut, isFieldTarget } from './builder-keys';
import { BuilderLayers } from './builder-layers';
import { BuilderProperties } from './builder-properties';
import type { BuilderImage } from './builder-queries';
import { BuilderTimeline } from './builder-timeline';

/** The artboard is shown at most this large (px); larger IAB sizes are scaled down. */
const VIEW = { width: 640, height: 480 };

let layerCounter = 0;
const defaultLayerId = () => {
  layerCounter += 1;
  return `layer-${Date.now().toString(36)}-${layerCounter}`;
};

interface DraftChoice {
  id: string;
  name: string;
}

/** A change that replaces the canvas, waiting on the unsaved-changes question. */
type CanvasChange = { kind: 'open'; id: string } | { kind: 'new' };

/** A navigation away from the builder that waits on the unsaved-changes question. */
interface LeaveRequest {
  /** Go on (after saving, or discarding the changes). */
  onLeave: () => void;
  /** Stay on the builder with the changes. */
  onStay: () => void;
}

export interface BuilderEditorProps {
  state: AdBuilderState;
  dispatch: (action: AdBuilderAction) => void;
  draftName: string;
  onDraftNameChange: (name: string) => void;
  /** The user's saved drafts, to open one. */
  drafts: readonly DraftChoice[];
  currentDraftID?: string | undefined;
  /** Opens a draft (asked first when there are unsaved changes). */
  onOpenDraft: (id: string) => void;
  /** Starts a fresh canvas (asked first when there are unsaved changes). */
  onNewDraft: () => void;
  /** Saves the draft; rejects when the save fails (shown by `saveError`). */
  onSave: () => Promise<unknown>;
  saving?: boolean;
  /** Unsaved changes since the draft was opened or saved (`hasUnsavedDraftChanges`). */
  dirty?: boolean;
  saveError?: unknown;
  /** Deletes the open draft, after the user confirms (only a saved draft can be deleted). */
  onDeleteDraft?: (() => void) | undefined;
  deleting?: boolean;
  /** A navigation away from the builder waits on the unsaved-changes question. */
  leaving?: LeaveRequest | undefined;
  campaigns: readonly CampaignChoice[];
  /** The campaign of the draft's creative, if it has one. */
  draftCampaignID?: string | null | undefined;
  onExport: (campaignID: string) => void;
  exporting?: boolean;
  exported?: Creative | undefined;
  exportError?: unknown;
  onUploadImage: (file: File, campaignID: string) => Promise<BuilderImage>;
  uploading?: boolean;
  uploadError?: unknown;
  /** The file-manager folder the image dialog browses. */
  imageFiles: ImageFilesProps;
  onBrowseImageFiles?: (() => void) | undefined;
  /** The image dialog opens (the page forgets an earlier upload's or copy's failure). */
  onImageDialogOpen?: (() => void) | undefined;
  /** Copies a file-manager image into the draft's creative; answers it as stored there. */
  onFileImage: (entry: FileEntry, campaignID: string) => Promise<BuilderImage>;
  copyingFile?: boolean;
  fileImageError?: unknown;
  /** The image dialog's first choice (stories). */
  imageSource?: ImageSource | undefined;
  /** Makes layer ids (fixed in stories). */
  newLayerId?: () => string;
}

export function BuilderEditor({
  state,
  dispatch,
  draftName,
  onDraftNameChange,
  drafts,
  currentDraftID,
  onOpenDraft,
  onNewDraft,
  onSave,
  saving = false,
  dirty = false,
  saveError,
  onDeleteDraft,
  deleting = false,
  leaving,
  campaigns,
  draftCampaignID,
  onExport,
  exporting,
  exported,
  exportError,
  onUploadImage,
  uploading,
  uploadError,
  imageFiles,
  onBrowseImageFiles,
  onImageDialogOpen,
  onFileImage,
  copyingFile,
  fileImageError,
  imageSource,
  newLayerId = defaultLayerId,
}: BuilderEditorProps) {
  const [playing, setPlaying] = useState(false);
  const [dialog, setDialog] = useState<'export' | 'image' | undefined>();
  const [pending, setPending] = useState<CanvasChange | undefined>();
  /** Save was chosen in the unsaved-changes question (its failure is shown there, not an older one). */
  const [savingFromQuestion, setSavingFromQuestion] = useState(false);
  /** The open draft as saved (its name in the list of drafts). */
  const savedDraft = drafts.find((draft) => draft.id === currentDraftID);
  const artboard = artboardOf(state);
  const scale = Math.min(1, VIEW.width / artboard.width, VIEW.height / artboard.height);
  const nameMissing = draftName.trim() === '';

  // Shortcuts anywhere on the page, except while typing in a field or inside a dialog.
  const latest = useRef({ state, dispatch });
  latest.current = { state, dispatch };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isFieldTarget(event.target)) return;
      const action = builderShortcut(event, latest.current.state.selectedLayer);
      if (!action) return;
      event.preventDefault();
      latest.current.dispatch(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  // The preview: the playhead runs from where it stands (or from the start) to the end.
  useEffect(() => {
    if (!playing) return;
    const { state: current, dispatch: send } = latest.current;
    const from = current.playhead >= current.duration ? 0 : current.playhead;
    const started = performance.now();
    let frame = 0;
    const tick = (now: number) => {
      const time = Math.min(latest.current.state.duration, from + (now - started));
      send({ type: 'seek', time });
      if (time >= latest.current.state.duration) setPlaying(false);
      else frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing]);

  const change = (next: CanvasChange) => (next.kind === 'open' ? onOpenDraft(next.id) : onNewDraft());
  /** Replaces the canvas, or first asks what to do with the unsaved changes. */
  const guarded = (next: CanvasChange) => (dirty ? setPending(next) : change(next));
  const question = pending ?? (leaving ? 'leave' : undefined);
  const consequence =
    question === undefined
      ? ''
      : question === 'leave'
        ? 'Leaving this draft closes the canvas.'
        : question.kind === 'new'
          ? 'Starting a new draft replaces the canvas.'
          : `Opening “${drafts.find((draft) => draft.id === question.id)?.name ?? 'the draft'}” replaces the canvas.`;
  /** The question is answered: go on with what was asked (Discard, or Save once it succeeded). */
  const goOn = () => {
    setSavingFromQuestion(false);
    if (pending) {
      setPending(undefined);
      change(pending);
    } else leaving?.onLeave();
  };
  const stay = () => {
    setSavingFromQuestion(false);
    if (pending) setPending(undefined);
    else leaving?.onStay();
  };

  const add = (type: 'text' | 'shape' | 'button') =>
    dispatch({ type: 'addLayer', layer: newLayer(state, type, newLayerId()) });
  /** An image layer at the image's own size, fitted to the artboard (an image from a URL: the default). */
  const addImage = (image: BuilderImage) => {
    const { url: src, ...natural } = image;
    const size = imageLayerSize(latest.current.state, natural);
    dispatch({
      type: 'addLayer',
      layer: newLayer(latest.current.state, 'image', newLayerId(), { src, ...size }),
    });
    setDialog(undefined);
  };

  return (
    <div className="grid gap-4" data-slot="builder-editor">
      <div className="flex flex-wrap items-end gap-2" role="toolbar" aria-label="Draft">
        <Field label="Draft name" className="w-56" error={nameMissing ? 'Give the draft a name' : undefined}>
          <Input size="sm" value={draftName} onChange={(event) => onDraftNameChange(event.target.value)} />
        </Field>
        <Field label="Open draft" className="w-48">
          {(control) => (
            <ChoiceSelect
              {...control}
              size="sm"
              choices={drafts.map((draft) => ({ value: draft.id, label: draft.name }))}
              value={currentDraftID}
              onValueChange={(id) => guarded({ kind: 'open', id })}
              disabled={drafts.length === 0}
              placeholder={drafts.length === 0 ? 'No saved drafts' : 'Choose a draft'}
            />
          )}
        </Field>
        <Button size="sm" variant="outline" onClick={() => guarded({ kind: 'new' })}>
          <FilePlusIcon aria-hidden="true" />
          New
        </Button>
        <IconButton
          size="sm"
          variant="outline"
          aria-label="Undo"
          title="Undo (Ctrl+Z)"
          disabled={state.history.length === 0}
          onClick={() => dispatch({ type: 'undo' })}
        >
          <Undo2Icon aria-hidden="true" />
        </IconButton>
        <IconButton
          size="sm"
          variant="outline"
          aria-label="Redo"
          title="Redo (Ctrl+Shift+Z)"
          disabled={state.future.length === 0}
          onClick={() => dispatch({ type: 'redo' })}
        >
          <Redo2Icon aria-hidden="true" />
        </IconButton>
        <Button
          size="sm"
          onClick={() => onSave().catch(() => undefined)}
          disabled={nameMissing}
          loading={saving}
        >
          {saving ? null : <SaveIcon aria-hidden="true" />}
          Save draft
        </Button>
        {/* Always there, so a screen reader hears it change. */}
        <span role="status" className="flex h-8 items-center" data-slot="builder-save-status">
          {dirty ? (
            <Badge variant="warning" data-dirty="">
              <CircleDotIcon aria-hidden="true" />
              Unsaved changes
            </Badge>
          ) : currentDraftID ? (
            <Badge variant="outline" className="text-muted-foreground">
              <CheckIcon aria-hidden="true" />
              All changes saved
            </Badge>
          ) : null}
        </span>
        <Button size="sm" variant="secondary" onClick={() => setDialog('export')} disabled={nameMissing}>
          <UploadIcon aria-hidden="true" />
          Export
        </Button>
        {savedDraft && onDeleteDraft ? (
          <div className="ml-auto">
            <ConfirmDelete
              name={savedDraft.name}
              what="draft"
              label="Delete draft"
              ariaLabel={`Delete draft ${savedDraft.name}`}
              consequence="The draft is deleted for good, with any unsaved changes, and a new canvas opens. A creative it exported stays in its campaign."
              variant="outline"
              disabled={deleting}
              onConfirm={onDeleteDraft}
            />
          </div>
        ) : null}
      </div>

      {saveError ? <DraftNotSaved error={saveError} /> : null}

      <div className="grid items-start gap-4 lg:grid-cols-[14rem_1fr_16rem]">
        <Card>
          <CardContent className="grid gap-4 pt-4">
            <div role="group" aria-label="Add a layer" className="grid gap-1 *:justify-start">
              <Button size="sm" variant="outline" onClick={() => add('text')}>
                <TypeIcon aria-hidden="true" />
                Text
              </Button>
              <Button size="sm" variant="outline" onClick={() => add('shape')}>
                <SquareIcon aria-hidden="true" />
                Rectangle
              </Button>
              <Button size="sm" variant="outline" onClick={() => add('button')}>
                <MousePointerClickIcon aria-hidden="true" />
                Button
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => {
                  onImageDialogOpen?.();
                  setDialog('image');
                }}
              >
                <ImageIcon aria-hidden="true" />
                Image
              </Button>
            </div>
            <BuilderLayers state={state} dispatch={dispatch} />
          </CardContent>
        </Card>

        <div className="grid min-w-0 justify-items-center gap-2 overflow-auto rounded-lg bg-muted p-6">
          <BuilderCanvas state={state} dispatch={dispatch} scale={scale} />
          <p className="text-muted-foreground text-xs">
            {artboard.width}×{artboard.height}
            {scale < 1 ? ` shown at ${Math.round(scale * 100)} %` : ''} · Arrow keys move the selected layer
            (Shift: 10 px), Delete removes it
          </p>
        </div>

        <Card>
          <CardContent className="pt-4">
            <BuilderProperties state={state} dispatch={dispatch} />
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardContent className="pt-4">
          <BuilderTimeline state={state} dispatch={dispatch} playing={playing} onPlayingChange={setPlaying} />
        </CardContent>
      </Card>

      <UnsavedChangesDialog
        open={question !== undefined}
        draftName={draftName}
        consequence={consequence}
        onSave={() => {
          setSavingFromQuestion(true);
          onSave().then(goOn, () => undefined);
        }}
        onDiscard={goOn}
        onCancel={stay}
        saving={saving}
        error={savingFromQuestion ? saveError : undefined}
      />
      <ExportDialog
        key={`export-${dialog === 'export'}`}
        open={dialog === 'export'}
        onOpenChange={(open) => setDialog(open ? 'export' : undefined)}
        campaigns={campaigns}
        defaultCampaignID={draftCampaignID}
        onExport={onExport}
        exporting={exporting}
        exported={exported}
        error={exportError}
      />
      <ImageDialog
        key={`image-${dialog === 'image'}`}
        open={dialog === 'image'}
        onOpenChange={(open) => setDialog(open ? 'image' : undefined)}
        campaigns={campaigns}
        defaultCampaignID={draftCampaignID}
        defaultSource={imageSource}
        onAddUrl={(url) => addImage({ url })}
        onUpload={(file, campaignID) => {
          onUploadImage(file, campaignID).then(addImage, () => undefined);
        }}
        uploading={uploading}
        error={uploadError}
        files={imageFiles}
        onBrowseFiles={onBrowseImageFiles}
        onPickFile={(entry, campaignID) => {
          onFileImage(entry, campaignID).then(addImage, () => undefined);
        }}
        copying={copyingFile}
        fileError={fileImageError}
      />
    </div>
  );
}
