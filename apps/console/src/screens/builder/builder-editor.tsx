// The creative builder's editor: toolbar (draft, undo/redo, save with its status, export, delete), the
// layers to add and arrange, the artboard, the selected layer's properties and the timeline. It holds
// no server state: the page passes the drafts and campaigns and does the saving, deleting and
// exporting. Before unsaved changes would be lost (another draft, a new one, leaving) it asks first.
import {
  type AdBuilderAction,
  type AdBuilderState,
  artboardOf,
  imageLayerSize,
  newLayer,
} from '@adconsole/domain';
import { Button, Card, CardContent } from '@adconsole/ui';
import { ImageIcon, MousePointerClickIcon, SquareIcon, TypeIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { BuilderCanvas } from './builder-canvas';
import { DraftNotSaved, ExportDialog, ImageDialog, UnsavedChangesDialog } from './builder-dialogs';
import { useBuilderShortcuts, usePreviewPlayback, useUnsavedQuestion } from './builder-editor-hooks';
import type { BuilderEditorProps } from './builder-editor-props';
import { BuilderLayers } from './builder-layers';
import { BuilderProperties } from './builder-properties';
import type { BuilderImage } from './builder-queries';
import { BuilderTimeline } from './builder-timeline';
import { BuilderToolbar } from './builder-toolbar';

/** The artboard is shown at most this large (px); larger IAB sizes are scaled down. */
const VIEW = { width: 640, height: 480 };

let layerCounter = 0;
const defaultLayerId = () => {
  layerCounter += 1;
  return `layer-${Date.now().toString(36)}-${layerCounter}`;
};

export function BuilderEditor({
  state,
  dispatch,
  draft,
  campaigns,
  draftCampaignID,
  exportTo,
  images,
  newLayerId = defaultLayerId,
}: BuilderEditorProps) {
  const [dialog, setDialog] = useState<'export' | 'image' | undefined>();
  const latest = useRef({ state, dispatch });
  latest.current = { state, dispatch };
  useBuilderShortcuts(latest);
  const { playing, setPlaying } = usePreviewPlayback(latest);
  const question = useUnsavedQuestion(draft);

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
      <BuilderToolbar
        state={state}
        dispatch={dispatch}
        draft={draft}
        onChange={question.guarded}
        onExport={() => setDialog('export')}
      />

      {draft.saveError ? <DraftNotSaved error={draft.saveError} /> : null}

      <div className="grid items-start gap-4 lg:grid-cols-[14rem_1fr_16rem]">
        <Card>
          <CardContent className="grid gap-4 pt-4">
            <AddLayer
              state={state}
              dispatch={dispatch}
              newLayerId={newLayerId}
              onImage={() => {
                images.onDialogOpen?.();
                setDialog('image');
              }}
            />
            <BuilderLayers state={state} dispatch={dispatch} />
          </CardContent>
        </Card>

        <Artboard state={state} dispatch={dispatch} />

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
        open={question.open}
        draftName={draft.name}
        consequence={question.consequence}
        onSave={question.save}
        onDiscard={question.goOn}
        onCancel={question.stay}
        saving={draft.saving ?? false}
        error={question.savingFromQuestion ? draft.saveError : undefined}
      />
      <ExportDialog
        key={`export-${dialog === 'export'}`}
        open={dialog === 'export'}
        onOpenChange={(open) => setDialog(open ? 'export' : undefined)}
        campaigns={campaigns}
        defaultCampaignID={draftCampaignID}
        onExport={exportTo.onExport}
        exporting={exportTo.exporting}
        exported={exportTo.exported}
        error={exportTo.error}
      />
      <ImageDialog
        key={`image-${dialog === 'image'}`}
        open={dialog === 'image'}
        onOpenChange={(open) => setDialog(open ? 'image' : undefined)}
        campaigns={campaigns}
        defaultCampaignID={draftCampaignID}
        defaultSource={images.source}
        onAddUrl={(url) => addImage({ url })}
        onUpload={(file, campaignID) => {
          images.onUpload(file, campaignID).then(addImage, () => undefined);
        }}
        uploading={images.uploading}
        error={images.uploadError}
        files={images.files}
        onBrowseFiles={images.onBrowseFiles}
        onPickFile={(entry, campaignID) => {
          images.onFileImage(entry, campaignID).then(addImage, () => undefined);
        }}
        copying={images.copyingFile}
        fileError={images.fileError}
      />
    </div>
  );
}

/** The buttons that add a layer: text, a rectangle, a button, or an image (through its dialog). */
function AddLayer({
  state,
  dispatch,
  newLayerId,
  onImage,
}: {
  state: AdBuilderState;
  dispatch: (action: AdBuilderAction) => void;
  newLayerId: () => string;
  onImage: () => void;
}) {
  const add = (type: 'text' | 'shape' | 'button') =>
    dispatch({ type: 'addLayer', layer: newLayer(state, type, newLayerId()) });
  return (
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
      <Button size="sm" variant="outline" onClick={onImage}>
        <ImageIcon aria-hidden="true" />
        Image
      </Button>
    </div>
  );
}

/** The artboard, scaled down to the view when it is larger, with its size and the keys that move layers. */
function Artboard({
  state,
  dispatch,
}: {
  state: AdBuilderState;
  dispatch: (action: AdBuilderAction) => void;
}) {
  const artboard = artboardOf(state);
  const scale = Math.min(1, VIEW.width / artboard.width, VIEW.height / artboard.height);
  return (
    <div className="grid min-w-0 justify-items-center gap-2 overflow-auto rounded-lg bg-muted p-6">
      <BuilderCanvas state={state} dispatch={dispatch} scale={scale} />
      <p className="text-muted-foreground text-xs">
        {artboard.width}×{artboard.height}
        {scale < 1 ? ` shown at ${Math.round(scale * 100)} %` : ''} · Arrow keys move the selected layer
        (Shift: 10 px), Delete removes it
      </p>
    </div>
  );
}
