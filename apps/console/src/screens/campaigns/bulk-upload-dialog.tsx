// The campaign page's "Bulk upload" (docs/console.md, "Campaigns"; docs/product.md §7, "Bulk upload"): drop
// many images, videos and HTML5 ZIPs, or one ZIP holding them; they are sent together, and the summary says
// which creatives were made (name, size, type) and which files were refused and why. A file the server
// refuses makes nothing: the dialog says which, and the files can be chosen again.
import {
  BULK_MESSAGES,
  type BulkUploadAnswer,
  bulkBatchProblem,
  errorMessage,
  MAX_BULK_BYTES,
} from '@adconsole/domain';
import {
  Alert,
  AlertDescription,
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FileDropzone,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@adconsole/ui';
import { useState } from 'react';

/** What bulk upload takes: images, videos and ZIPs (an HTML5 ad, or a batch of files). */
const ACCEPT = ['.png', '.jpg', '.jpeg', '.gif', '.webp', '.mp4', '.webm', '.zip'];

const KIND_NAMES = { image: 'Image', video: 'Video', html5: 'HTML5' } as const;

type Step =
  | { name: 'choosing'; files: File[]; error?: string }
  | { name: 'uploading'; files: File[] }
  | { name: 'summary'; answer: BulkUploadAnswer };

export interface BulkUploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Sends the batch; rejects with the server's error (nothing made), shown in the dialog. */
  onUpload: (files: File[]) => Promise<BulkUploadAnswer>;
}

export function BulkUploadDialog({ open, onOpenChange, onUpload }: BulkUploadDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Bulk upload</DialogTitle>
          <DialogDescription>{BULK_MESSAGES.hint}</DialogDescription>
        </DialogHeader>
        {/* Inside the content: each opening starts with no files. */}
        <BulkUploadSteps onUpload={onUpload} />
      </DialogContent>
    </Dialog>
  );
}

function BulkUploadSteps({ onUpload }: Pick<BulkUploadDialogProps, 'onUpload'>) {
  const [step, setStep] = useState<Step>({ name: 'choosing', files: [] });
  if (step.name === 'summary')
    return <Summary answer={step.answer} onMore={() => setStep({ name: 'choosing', files: [] })} />;
  const { files } = step;
  const uploading = step.name === 'uploading';
  const problem = bulkBatchProblem(files);
  const upload = async () => {
    setStep({ name: 'uploading', files });
    try {
      setStep({ name: 'summary', answer: await onUpload(files) });
    } catch (error) {
      setStep({ name: 'choosing', files, error: errorMessage(error, BULK_MESSAGES.notUploaded) });
    }
  };
  return (
    <>
      <FileDropzone
        label="Files to upload"
        accept={ACCEPT}
        maxSize={MAX_BULK_BYTES}
        hint="PNG, JPEG, GIF, WebP, MP4, WebM or ZIP"
        disabled={uploading}
        files={files.map((file, index) => ({
          id: `${index}-${file.name}`,
          name: file.name,
          size: file.size,
        }))}
        onFilesAccepted={(accepted) => setStep({ name: 'choosing', files: [...files, ...accepted] })}
      />
      {problem || (step.name === 'choosing' && step.error) ? (
        <Alert variant="danger">
          <AlertDescription>
            {problem ?? (step.name === 'choosing' ? step.error : undefined)}
          </AlertDescription>
        </Alert>
      ) : null}
      {uploading ? (
        <p role="status" className="flex items-center gap-2 text-muted-foreground text-sm">
          <Spinner /> Uploading {files.length} {files.length === 1 ? 'file' : 'files'} and making the
          creatives…
        </p>
      ) : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" type="button">
            Cancel
          </Button>
        </DialogClose>
        <Button
          type="button"
          disabled={files.length === 0 || problem !== undefined || uploading}
          onClick={() => void upload()}
        >
          {files.length === 0 ? 'Upload' : `Upload ${files.length} ${files.length === 1 ? 'file' : 'files'}`}
        </Button>
      </DialogFooter>
    </>
  );
}

function Summary({ answer, onMore }: { answer: BulkUploadAnswer; onMore: () => void }) {
  const { made, refused } = answer;
  return (
    <>
      <p role="status" className="font-medium text-sm">
        {made.length} {made.length === 1 ? 'creative' : 'creatives'} made
        {refused.length > 0 ? `, ${refused.length} ${refused.length === 1 ? 'file' : 'files'} refused` : ''}.
      </p>
      <div className="max-h-72 overflow-y-auto">
        <Table aria-label="Creatives made">
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Size</TableHead>
              <TableHead>Type</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {made.map((creative) => (
              <TableRow key={creative.creativeID}>
                <TableCell className="font-medium">{creative.name}</TableCell>
                <TableCell className="tabular-nums">
                  {creative.width}×{creative.height}
                </TableCell>
                <TableCell>
                  {creative.type} ({KIND_NAMES[creative.kind]})
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {refused.length > 0 ? (
        <section aria-label="Files refused" className="grid gap-1">
          <h3 className="font-medium text-sm">Refused</h3>
          <ul className="grid gap-1 text-sm">
            {refused.map((file) => (
              <li key={file.file}>
                <span className="font-medium">{file.file}</span>:{' '}
                <span className="text-muted-foreground">{file.reason}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <DialogFooter>
        <Button variant="outline" type="button" onClick={onMore}>
          Upload more
        </Button>
        <DialogClose asChild>
          <Button type="button">Done</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}
