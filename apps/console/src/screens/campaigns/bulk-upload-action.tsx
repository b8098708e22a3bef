// The campaign page's "Bulk upload" button and its dialog (docs/console.md, "Campaigns"). The dialog's
// code is fetched when the reader comes to the button, and at the latest when it opens (docs/console.md,
// "The campaign pages' first load").
import { Button } from '@adconsole/ui';
import { lazy, Suspense, useState } from 'react';
import { loadChunk } from '../../routes/lazy-screen';
import { useBulkUpload } from './bulk-upload-queries';

const loadDialog = () => loadChunk(() => import('./bulk-upload-dialog'));
const BulkUploadDialog = lazy(() => loadDialog().then((module) => ({ default: module.BulkUploadDialog })));

export function BulkUploadAction({ campaignID }: { campaignID: string }) {
  const [open, setOpen] = useState(false);
  // Asked for once the reader comes to the button (or it opens); then it stays, and closes as it opened.
  const [wanted, setWanted] = useState(false);
  const want = () => setWanted(true);
  const upload = useBulkUpload(campaignID);
  return (
    <>
      <Button
        variant="outline"
        type="button"
        onPointerEnter={want}
        onFocus={want}
        onClick={() => {
          want();
          setOpen(true);
        }}
      >
        Bulk upload
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <BulkUploadDialog
            open={open}
            onOpenChange={setOpen}
            onUpload={(files) => upload.mutateAsync(files)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
