// The report worker thread's handle: starts the thread that builds report files for downloads and
// scheduled mails (report-worker.ts), hands it each build and answers the file's bytes. Never on the
// API's event loop; one build at a time per process, in the order they were asked for. From source (tests, `pnpm dev`) the
// worker loads through tsx; the bundled server ships it as dist/report-worker.js beside main.js.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ReportFileFormat } from '@adconsole/domain';
import type { FiguresWithRows, ReportBuildRequest, ReportDetail } from './build-input';

function startWorker(): Worker {
  if (import.meta.url.endsWith('.ts')) {
    // tsx's ESM entry (require.resolve would find its CommonJS one).
    const tsxDir = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
    const tsx = pathToFileURL(path.join(tsxDir, 'dist/esm/api/index.mjs')).href;
    const target = new URL('./report-worker.ts', import.meta.url).href;
    const boot = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(target)});`;
    return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`));
  }
  return new Worker(new URL('./report-worker.js', import.meta.url));
}

interface Waiting {
  resolve: (bytes: Buffer) => void;
  reject: (error: Error) => void;
}

export class ReportWorkerThread {
  private worker: Worker | undefined;
  private readonly waiting = new Map<number, Waiting>();
  private sequence = 0;

  /** The file's bytes, built in the worker. */
  build(rows: FiguresWithRows, format: ReportFileFormat, detail: ReportDetail = 'full'): Promise<Buffer> {
    const worker = this.ensureWorker();
    this.sequence += 1;
    const id = this.sequence;
    return new Promise<Buffer>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, rows, format, detail } satisfies ReportBuildRequest);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker();
    worker.on('message', (message: { id: number; bytes?: Uint8Array; error?: string }) => {
      const waiting = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      // An idle worker does not keep the process alive.
      if (this.waiting.size === 0) worker.unref();
      if (!waiting) return;
      if (message.bytes)
        waiting.resolve(
          Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength),
        );
      else waiting.reject(new Error(message.error ?? 'The report file could not be built.'));
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiting of this.waiting.values()) waiting.reject(error);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The report worker stopped (exit code ${code}).`)));
    this.worker = worker;
    return worker;
  }
}
