// The bulk upload call (docs/product.md §7, "Bulk upload") for the console's `*-queries.ts`.
import type { Http } from '../http';
import { readData, sendRaw } from '../send';
import type { BulkUploadAnswer } from './bulk-requests';
import { creativesContract } from './contract';

export function bulkUploadCalls(http: Http) {
  const { bulkUploadCreatives } = creativesContract;
  return {
    /** Sends the campaign and the files (or one ZIP of them); answers what was made and what was refused. */
    async bulkUpload(campaignID: string, files: readonly File[]): Promise<BulkUploadAnswer> {
      const form = new FormData();
      form.append('campaignID', campaignID);
      for (const file of files) form.append('files[]', file, file.name);
      const answer = await sendRaw(http, bulkUploadCreatives, form);
      return readData(bulkUploadCreatives.answer, answer.data);
    },
  };
}
