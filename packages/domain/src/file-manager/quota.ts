// The storage quota of a user's space.
import { uploadQuotaMessage } from '../validation/messages';

/**
 * The storage quota of a user's space: whether a file of `size` bytes still fits beside the `used`
 * bytes (the files stored, plus uploads that have their URL and have not arrived yet). A file that
 * ends exactly at the quota fits. Answers the message to show, or undefined when it fits.
 */
export function uploadQuotaProblem(upload: {
  name: string;
  size: number;
  used: number;
  quotaBytes: number;
}): string | undefined {
  if (upload.used + upload.size <= upload.quotaBytes) return undefined;
  return uploadQuotaMessage(upload);
}
