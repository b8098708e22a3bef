// The browser's half of an upload: the bytes go straight to the presigned URL the API answered.
import type { UploadTicket } from '@adconsole/domain';

/**
 * PUTs a file's bytes to its presigned URL with XMLHttpRequest, whose upload progress events fetch
 * does not give; `onProgress` gets the fraction sent (0 to 1). Rejects with the storage's status.
 */
export function uploadWithProgress(
  ticket: UploadTicket,
  file: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(ticket.method, ticket.url);
    for (const [name, value] of Object.entries(ticket.headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve();
      } else reject(new Error(`The storage refused the upload (HTTP ${request.status}).`));
    };
    request.onerror = () => reject(new Error('The upload could not reach the storage.'));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}
