// The worker thread that builds report files (CSV, XLSX, XLSX with a pivot) off the API's event loop:
// a ten-year pivot takes seconds of CPU, during which the main thread keeps answering. The figures
// come in as a message (structured clone); the file's bytes go back, transferred, not copied.
import { parentPort } from 'node:worker_threads';
import type { ReportBuildRequest, StatementBuildRequest } from './build-input';
import { reportFileBytes } from './downloads';
import { statementFileBytes } from './statement-files';

/** One build at a time, in order (a build awaits inside ExcelJS; the next waits for it to end). */
let queue: Promise<void> = Promise.resolve();

parentPort?.on('message', (request: ReportBuildRequest | StatementBuildRequest) => {
  queue = queue.then(() => build(request));
});

async function build(request: ReportBuildRequest | StatementBuildRequest) {
  try {
    const bytes =
      'statement' in request
        ? await statementFileBytes(request.statement, request.statementFormat)
        : await reportFileBytes(request.rows, request.format, request.detail);
    // A copy of its own (a small Buffer may be a slice of the shared pool, which must not move).
    const own = new Uint8Array(bytes);
    parentPort?.postMessage({ id: request.id, bytes: own }, [own.buffer]);
  } catch (error) {
    parentPort?.postMessage({
      id: request.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
