// The builder editor's props, grouped by the part of the editor that uses them: the draft (the
// toolbar and the unsaved-changes question), the export dialog and the image dialog.
import type { AdBuilderAction, AdBuilderState, Creative, FileEntry } from '@adconsole/domain';
import type { CampaignChoice, ImageSource } from './builder-dialogs';
import type { ImageFilesProps } from './builder-file-browser';
import type { BuilderImage } from './builder-queries';

interface DraftChoice {
  id: string;
  name: string;
}

/** A navigation away from the builder that waits on the unsaved-changes question. */
interface LeaveRequest {
  /** Go on (after saving, or discarding the changes). */
  onLeave: () => void;
  /** Stay on the builder with the changes. */
  onStay: () => void;
}

/** The open draft: its name, the saved drafts to open, saving and deleting (the toolbar). */
export interface BuilderDraftProps {
  name: string;
  onNameChange: (name: string) => void;
  /** The user's saved drafts, to open one. */
  drafts: readonly DraftChoice[];
  currentID?: string | undefined;
  /** Opens a draft (asked first when there are unsaved changes). */
  onOpen: (id: string) => void;
  /** Starts a fresh canvas (asked first when there are unsaved changes). */
  onNew: () => void;
  /** Saves the draft; rejects when the save fails (shown by `saveError`). */
  onSave: () => Promise<unknown>;
  saving?: boolean | undefined;
  /** Unsaved changes since the draft was opened or saved (`hasUnsavedDraftChanges`). */
  dirty?: boolean | undefined;
  saveError?: unknown;
  /** Deletes the open draft, after the user confirms (only a saved draft can be deleted). */
  onDelete?: (() => void) | undefined;
  deleting?: boolean | undefined;
  /** A navigation away from the builder waits on the unsaved-changes question. */
  leaving?: LeaveRequest | undefined;
}

/** The export dialog: the draft exported as an HTML5 creative of a campaign. */
export interface BuilderExportProps {
  onExport: (campaignID: string) => void;
  exporting?: boolean | undefined;
  exported?: Creative | undefined;
  error?: unknown;
}

/** The image dialog: an image from a URL, an upload or the file manager. */
export interface BuilderImageProps {
  onUpload: (file: File, campaignID: string) => Promise<BuilderImage>;
  uploading?: boolean | undefined;
  uploadError?: unknown;
  /** The file-manager folder the image dialog browses. */
  files: ImageFilesProps;
  onBrowseFiles?: (() => void) | undefined;
  /** The image dialog opens (the page forgets an earlier upload's or copy's failure). */
  onDialogOpen?: (() => void) | undefined;
  /** Copies a file-manager image into the draft's creative; answers it as stored there. */
  onFileImage: (entry: FileEntry, campaignID: string) => Promise<BuilderImage>;
  copyingFile?: boolean | undefined;
  fileError?: unknown;
  /** The image dialog's first choice (stories). */
  source?: ImageSource | undefined;
}

export interface BuilderEditorProps {
  state: AdBuilderState;
  dispatch: (action: AdBuilderAction) => void;
  draft: BuilderDraftProps;
  /** The campaigns a creative can go to (export, image uploads); undefined while they load. */
  campaigns: readonly CampaignChoice[] | undefined;
  /** The campaign of the draft's creative, if it has one. */
  draftCampaignID?: string | null | undefined;
  exportTo: BuilderExportProps;
  images: BuilderImageProps;
  /** Makes layer ids (fixed in stories). */
  newLayerId?: (() => string) | undefined;
}
