// The builder editor's story fixtures: a banner and its animation built through the domain's reducer,
// the file-manager folders the image dialog browses (fixed data), and the editor with its own
// reducer and folder state, as the page holds them.
import {
  type AdBuilderState,
  adBuilderReducer,
  defaultAdBuilderState,
  type FileEntry,
  newCreative,
  newLayer,
} from '@adconsole/domain';
import { useReducer, useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { CampaignChoice, ImageSource } from './builder-dialogs';
import { BuilderEditor } from './builder-editor';
import type { BuilderDraftProps, BuilderExportProps, BuilderImageProps } from './builder-editor-props';

export const campaigns = [
  { id: 'c1', name: 'Trail season 2026' },
  { id: 'c2', name: 'Winter clearance' },
];

/** A banner: a panel, a headline and a button; the headline selected. */
export function banner(): AdBuilderState {
  let state = defaultAdBuilderState();
  const add = (type: 'shape' | 'text' | 'button', id: string, changes = {}) => {
    state = adBuilderReducer(state, { type: 'addLayer', layer: newLayer(state, type, id, changes) });
  };
  add('shape', 'panel', { name: 'Panel', x: 0, y: 170, width: 300, height: 80, background: '#0f766e' });
  add('text', 'headline', { name: 'Headline', text: 'Trail season is here', fontSize: 24 });
  add('button', 'cta', { name: 'Call to action', text: 'Shop now' });
  state = adBuilderReducer(state, { type: 'update', id: 'headline', changes: { x: 20, y: 30, width: 260 } });
  state = adBuilderReducer(state, { type: 'update', id: 'cta', changes: { x: 90, y: 192 } });
  return adBuilderReducer(state, { type: 'select', id: 'headline' });
}

/** The banner with the headline sliding in and fading up over the first 1.5 s, the playhead at 1 s. */
export function animated(): AdBuilderState {
  let state = banner();
  state = adBuilderReducer(state, { type: 'update', id: 'headline', changes: { x: -260, opacity: 0 } });
  state = adBuilderReducer(state, { type: 'addKeyframe', id: 'headline' });
  state = adBuilderReducer(state, { type: 'seek', time: 1500 });
  state = adBuilderReducer(state, { type: 'update', id: 'headline', changes: { x: 20, opacity: 1 } });
  state = adBuilderReducer(state, { type: 'addKeyframe', id: 'cta' });
  return adBuilderReducer(state, { type: 'seek', time: 1000 });
}

const file = (path: string, size: number, contentType: string): FileEntry => ({
  name: path.split('/').pop() ?? path,
  path,
  kind: 'file',
  size,
  contentType,
  modified: '2026-03-02T09:30:00.000Z',
});
const folder = (path: string): FileEntry => ({
  name: path.split('/').at(-2) ?? path,
  path,
  kind: 'folder',
  size: null,
  contentType: null,
  modified: null,
});

/** The user's file-manager space, folder by folder (fixed data), in the default bucket and another. */
const fileTree: Record<string, FileEntry[]> = {
  '': [
    file('logo.png', 18_432, 'image/png'),
    folder('campaigns/'),
    file('brief.pdf', 204_800, 'application/pdf'),
  ],
  'campaigns/': [
    folder('campaigns/trail-2026/'),
    file('campaigns/hero.jpg', 96_256, 'image/jpeg'),
    file('campaigns/spot.mp4', 5_242_880, 'video/mp4'),
    file('campaigns/copy.txt', 512, 'text/plain'),
  ],
  'campaigns/trail-2026/': [],
};
const archiveTree: Record<string, FileEntry[]> = {
  '': [folder('brand/'), file('notes.txt', 120, 'text/plain')],
  'brand/': [file('brand/wordmark.png', 4_096, 'image/png'), file('brand/badge.webp', 2_048, 'image/webp')],
};
const bucketTrees: Record<string, Record<string, FileEntry[]>> = {
  files: fileTree,
  archive: archiveTree,
};

/** The top folder's second page, for a story whose top folder holds more than its first page. */
const nextTopPage: FileEntry[] = [file('wide-banner.png', 40_960, 'image/png'), folder('exports/')];

/** The editor's props as the stories give them: one flat list, grouped by `Editor` for the editor. */
export interface StoryArgs {
  initialState: AdBuilderState;
  draftName: string;
  onDraftNameChange: BuilderDraftProps['onNameChange'];
  drafts: BuilderDraftProps['drafts'];
  currentDraftID?: string | undefined;
  onOpenDraft: BuilderDraftProps['onOpen'];
  onNewDraft: BuilderDraftProps['onNew'];
  onSave: BuilderDraftProps['onSave'];
  saving?: boolean;
  dirty?: boolean;
  saveError?: unknown;
  onDeleteDraft?: BuilderDraftProps['onDelete'];
  deleting?: boolean;
  leaving?: BuilderDraftProps['leaving'];
  campaigns: readonly CampaignChoice[] | undefined;
  draftCampaignID?: string | null | undefined;
  onExport: BuilderExportProps['onExport'];
  exporting?: boolean;
  exported?: BuilderExportProps['exported'];
  exportError?: unknown;
  onUploadImage: BuilderImageProps['onUpload'];
  uploading?: boolean;
  uploadError?: unknown;
  onBrowseImageFiles?: BuilderImageProps['onBrowseFiles'];
  onImageDialogOpen?: BuilderImageProps['onDialogOpen'];
  onFileImage: BuilderImageProps['onFileImage'];
  copyingFile?: boolean;
  fileImageError?: unknown;
  imageSource?: ImageSource | undefined;
  newLayerId?: () => string;
  /** The folder the image dialog's file manager starts in. */
  fileDirectory?: string;
  /** The deployment's buckets (more than one: the file manager's bucket picker is shown). */
  buckets?: string[];
  /** The top folder holds a second page, loaded with "Load more". */
  morePages?: boolean;
}

/** The editor with its own reducer, a file-manager folder and bucket to browse, as the page holds them. */
export function Editor({
  initialState,
  fileDirectory = '',
  buckets = ['files'],
  morePages = false,
  ...args
}: StoryArgs) {
  const [state, dispatch] = useReducer(adBuilderReducer, initialState);
  const [directory, setDirectory] = useState(fileDirectory);
  const [bucket, setBucket] = useState(buckets[0] ?? 'files');
  const [remembered, setRemembered] = useState<string[]>([]);
  const [loaded, setLoaded] = useState(false);
  const more = morePages && directory === '' && !loaded;
  const listed = bucketTrees[bucket]?.[directory];
  const entries = morePages && directory === '' && loaded ? [...(listed ?? []), ...nextTopPage] : listed;
  return (
    <MemoryRouter>
      <BuilderEditor
        state={state}
        dispatch={dispatch}
        draft={{
          name: args.draftName,
          onNameChange: args.onDraftNameChange,
          drafts: args.drafts,
          currentID: args.currentDraftID,
          onOpen: args.onOpenDraft,
          onNew: args.onNewDraft,
          onSave: args.onSave,
          saving: args.saving,
          dirty: args.dirty,
          saveError: args.saveError,
          onDelete: args.onDeleteDraft,
          deleting: args.deleting,
          leaving: args.leaving,
        }}
        campaigns={args.campaigns}
        draftCampaignID={args.draftCampaignID}
        exportTo={{
          onExport: args.onExport,
          exporting: args.exporting,
          exported: args.exported,
          error: args.exportError,
        }}
        images={{
          onUpload: args.onUploadImage,
          uploading: args.uploading,
          uploadError: args.uploadError,
          files: {
            directory,
            entries,
            onDirectoryChange: setDirectory,
            more: more ? { onLoadMore: () => setLoaded(true), loading: false } : undefined,
            bucketPicker:
              buckets.length > 1
                ? {
                    buckets,
                    remembered,
                    region: 'us-east-1',
                    value: bucket,
                    onChange: (choice) => {
                      setBucket(choice);
                      setRemembered((list) => [choice, ...list.filter((name) => name !== choice)]);
                    },
                  }
                : undefined,
          },
          onBrowseFiles: args.onBrowseImageFiles,
          onDialogOpen: args.onImageDialogOpen,
          onFileImage: args.onFileImage,
          copyingFile: args.copyingFile,
          fileError: args.fileImageError,
          source: args.imageSource,
        }}
        newLayerId={args.newLayerId}
      />
    </MemoryRouter>
  );
}

export const exported = {
  ...newCreative('c1', { width: 300, height: 250 }),
  id: 'k9',
  name: 'Trail season banner',
};
/** Two drafts in the history, the first one open. */
export const twoDrafts = [
  { id: 'd1', name: 'Trail season banner' },
  { id: 'd2', name: 'Winter clearance banner' },
];
