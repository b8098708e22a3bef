// The builder's dialogs: export the draft as an HTML5 banner creative of a campaign the user picks;
// add an image layer from a URL, an uploaded file (stored as an asset of the draft's creative in the
// picked campaign, through the asset upload) or an image of the file manager (copied into that
// creative with "use in a creative"); and the question before unsaved changes would be lost.
import { type Creative, errorMessage, type FileEntry, MESSAGES } from '@adconsole/domain';
import {
  Alert,
  AlertDescription,
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertTitle,
  Button,
  ChoiceSelect,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  Input,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@adconsole/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { creativePath } from '../creatives/creative-paths';
import { ImageFileBrowser, type ImageFilesProps } from './builder-file-browser';

export interface CampaignChoice {
  id: string;
  name: string;
}

function CampaignSelect({
  campaigns,
  value,
  onChange,
}: {
  campaigns: readonly CampaignChoice[] | undefined;
  value: string;
  onChange: (id: string) => void;
}) {
  return (
    <Field
      label="Campaign"
      description={
        campaigns === undefined
          ? 'Loading your campaigns…'
          : campaigns.length === 0
            ? 'Create a campaign first: a creative belongs to one.'
            : undefined
      }
    >
      {(control) => (
        <ChoiceSelect
          {...control}
          choices={(campaigns ?? []).map((campaign) => ({ value: campaign.id, label: campaign.name }))}
          value={value}
          onValueChange={onChange}
          disabled={!campaigns?.length}
          placeholder="Choose a campaign"
        />
      )}
    </Field>
  );
}

export interface ExportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  campaigns: readonly CampaignChoice[] | undefined;
  /** The campaign the draft exported to last, chosen first. */
  defaultCampaignID?: string | null | undefined;
  onExport: (campaignID: string) => void;
  exporting?: boolean;
  /** The creative the export wrote. */
  exported?: Creative | undefined;
  error?: unknown;
}

export function ExportDialog({
  open,
  onOpenChange,
  campaigns,
  defaultCampaignID,
  onExport,
  exporting = false,
  exported,
  error,
}: ExportDialogProps) {
  const [campaignID, setCampaignID] = useState(defaultCampaignID ?? '');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Export as HTML5 banner</DialogTitle>
          <DialogDescription>
            The draft is saved, then written as a Banner creative (index.html with its images) of the campaign
            you choose. Exporting again updates the same creative.
          </DialogDescription>
        </DialogHeader>
        <CampaignSelect campaigns={campaigns} value={campaignID} onChange={setCampaignID} />
        {error ? (
          <Alert variant="danger">
            <AlertTitle>Export failed</AlertTitle>
            <AlertDescription>{errorMessage(error, MESSAGES.bannerNotExported)}</AlertDescription>
          </Alert>
        ) : null}
        {exported ? (
          <Alert variant="success">
            <AlertTitle>Exported to “{exported.name}”</AlertTitle>
            <AlertDescription>
              <span>
                Add its landing page and publish it in the creative editor to get its ad tags.{' '}
                <Link className="underline" to={creativePath(exported.campaignID, exported.id)}>
                  Open the creative
                </Link>
              </span>
            </AlertDescription>
          </Alert>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button disabled={campaignID === ''} loading={exporting} onClick={() => onExport(campaignID)}>
            Export
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export type ImageSource = 'url' | 'upload' | 'files';

export interface ImageDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  campaigns: readonly CampaignChoice[] | undefined;
  defaultCampaignID?: string | null | undefined;
  /** The choice shown first. */
  defaultSource?: ImageSource | undefined;
  /** Adds an image layer showing the URL. */
  onAddUrl: (url: string) => void;
  /** Uploads the file as an asset of the draft's creative in the campaign, then adds the layer. */
  onUpload: (file: File, campaignID: string) => void;
  uploading?: boolean;
  error?: unknown;
  /** The user's file-manager folder the "File manager" choice shows. */
  files: ImageFilesProps;
  /** Called when the "File manager" choice is opened (the page lists the files from then on). */
  onBrowseFiles?: (() => void) | undefined;
  /** Copies the image into the draft's creative in the campaign, then adds the layer. */
  onPickFile: (entry: FileEntry, campaignID: string) => void;
  copying?: boolean;
  fileError?: unknown;
}

export function ImageDialog({
  open,
  onOpenChange,
  campaigns,
  defaultCampaignID,
  defaultSource = 'url',
  onAddUrl,
  onUpload,
  uploading = false,
  error,
  files,
  onBrowseFiles,
  onPickFile,
  copying = false,
  fileError,
}: ImageDialogProps) {
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | undefined>();
  const [file, setFile] = useState<File | undefined>();
  const [picked, setPicked] = useState<FileEntry | undefined>();
  const [campaignID, setCampaignID] = useState(defaultCampaignID ?? '');
  const addUrl = () => {
    if (!/^https?:\/\/\S+$/i.test(url.trim())) {
      setUrlError('Enter an image URL starting with https:// or http://');
      return;
    }
    setUrlError(undefined);
    onAddUrl(url.trim());
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add an image</DialogTitle>
          <DialogDescription>
            From a URL, an upload or your file manager: uploads and files are stored with the draft’s
            creative.
          </DialogDescription>
        </DialogHeader>
        <Tabs
          defaultValue={defaultSource}
          onValueChange={(source) => (source === 'files' ? onBrowseFiles?.() : undefined)}
        >
          <TabsList aria-label="Image from">
            <TabsTrigger value="url">URL</TabsTrigger>
            <TabsTrigger value="upload">Upload</TabsTrigger>
            <TabsTrigger value="files">File manager</TabsTrigger>
          </TabsList>
          <TabsContent value="url" className="grid gap-2">
            <Field label="Image URL" error={urlError}>
              <Input
                type="url"
                value={url}
                placeholder="https://"
                onChange={(event) => setUrl(event.target.value)}
              />
            </Field>
            <Button variant="outline" className="justify-self-start" onClick={addUrl}>
              Add from URL
            </Button>
          </TabsContent>
          <TabsContent value="upload" className="grid gap-2">
            <Field label="Image file" description="PNG, JPEG, GIF or WebP, at most 10 MB.">
              <Input
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                onChange={(event) => setFile(event.target.files?.[0])}
              />
            </Field>
            <CampaignSelect campaigns={campaigns} value={campaignID} onChange={setCampaignID} />
            {error ? (
              <Alert variant="danger">
                <AlertTitle>Upload failed</AlertTitle>
                <AlertDescription>{errorMessage(error, MESSAGES.imageNotUploaded)}</AlertDescription>
              </Alert>
            ) : null}
            <Button
              className="justify-self-start"
              disabled={!file || campaignID === ''}
              loading={uploading}
              onClick={() => file && onUpload(file, campaignID)}
            >
              Upload and add
            </Button>
          </TabsContent>
          <TabsContent value="files" className="grid gap-2">
            <ImageFileBrowser files={files} selected={picked?.path} onSelect={setPicked} />
            <CampaignSelect campaigns={campaigns} value={campaignID} onChange={setCampaignID} />
            {fileError ? (
              <Alert variant="danger">
                <AlertTitle>The image was not added</AlertTitle>
                <AlertDescription>
                  {errorMessage(fileError, MESSAGES.fileNotCopiedIntoCreative)}
                </AlertDescription>
              </Alert>
            ) : null}
            <Button
              className="justify-self-start"
              disabled={!picked || campaignID === ''}
              loading={copying}
              onClick={() => picked && onPickFile(picked, campaignID)}
            >
              {picked ? `Add ${picked.name}` : 'Choose an image'}
            </Button>
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}

export interface UnsavedChangesDialogProps {
  open: boolean;
  /** The draft's name as typed (empty: it cannot be saved until it has one). */
  draftName: string;
  /** What would replace the canvas, as a sentence: "Opening “Winter clearance” replaces the canvas." */
  consequence: string;
  onSave: () => void;
  onDiscard: () => void;
  onCancel: () => void;
  saving?: boolean;
  /** Why the save failed (the dialog stays open). */
  error?: unknown;
}

/**
 * Asked before unsaved changes would be lost (another draft opened, a new one started, the builder
 * left): Save (then go on), Discard changes (go on without saving) or Cancel (stay, nothing changes).
 */
export function UnsavedChangesDialog({
  open,
  draftName,
  consequence,
  onSave,
  onDiscard,
  onCancel,
  saving = false,
  error,
}: UnsavedChangesDialogProps) {
  const name = draftName.trim();
  return (
    <AlertDialog open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Unsaved changes</AlertDialogTitle>
          <AlertDialogDescription>
            {consequence}{' '}
            {name === ''
              ? 'The draft has no name yet: cancel and name it to save your changes, or discard them.'
              : `Save your changes to “${name}” first, or discard them.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {error ? <DraftNotSaved error={error} /> : null}
        <AlertDialogFooter>
          <Button variant="danger" className="sm:mr-auto" onClick={onDiscard} disabled={saving}>
            Discard changes
          </Button>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <Button onClick={onSave} disabled={name === ''} loading={saving}>
            Save
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** Why a draft was not saved: under the toolbar, and in the unsaved-changes question. */
export function DraftNotSaved({ error }: { error: unknown }) {
  return (
    <Alert variant="danger">
      <AlertTitle>The draft was not saved</AlertTitle>
      <AlertDescription>{errorMessage(error, MESSAGES.draftNotSaved)}</AlertDescription>
    </Alert>
  );
}
