// The campaign page's "Bulk upload" button and its dialog (docs/console.md, "Campaigns").
import { Button } from '@adconsole/ui';
import { useState } from 'react';
import { BulkUploadDialog } from './bulk-upload-dialog';
import { useBulkUpload } from './bulk-upload-queries';

export function BulkUploadAction({ campaignID }: { campaignID: string }) {
  const [open, setOpen] = useState(false);
  const upload = useBulkUpload(campaignID);
  return (
    <>
      <Button variant="outline" type="button" onClick={() => setOpen(true)}>
        Bulk upload
      </Button>
      <BulkUploadDialog open={open} onOpenChange={setOpen} onUpload={(files) => upload.mutateAsync(files)} />
    </>
  );
}
