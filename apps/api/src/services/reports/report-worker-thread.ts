// The worker threads' handle: starts the thread that builds report files for downloads and scheduled
// mails (report-worker.ts), hands it each build and answers the file's bytes; and the thread that
// computes inventory forecasts (forecast-worker.ts). Never on the API's event loop; one build at a time
// per process, in the order they were asked for; a forecast never waits behind a file. From source
// (tests, `pnpm dev`) a worker loads through tsx; the bundled server ships them as dist/report-worker.js
// and dist/forecast-worker.js beside main.js. Each starts when first asked for.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type {
  BillingStatement,
  ForecastInput,
  InventoryForecast,
  ReportFileFormat,
  StatementFileFormat,
} from '@adconsole/domain';
import type {
  FiguresWithRows,
  ForecastWorkRequest,
  ReportBuildRequest,
  ReportDetail,
  StatementBuildRequest,
} from './build-input';

type WorkerScript = 'report-worker' | 'forecast-worker';

function startWorker(script: WorkerScript): Worker {
  if (import.meta.url.endsWith('.ts')) {
    // tsx's ESM entry (require.resolve would find its CommonJS one).
    const tsxDir = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
    const tsx = pathToFileURL(path.join(tsxDir, 'dist/esm/api/index.mjs')).href;
    const target = new URL(`./${script}.ts`, import.meta.url).href;
    const boot = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(target)});`;
    return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`));
  }
  return new Worker(new URL(`./${script}.js`, import.meta.url));
}

/** What a worker answers: a file's bytes, a forecast, or why it could not. */
interface WorkerAnswer {
  id: number;
  bytes?: Uint8Array;
  forecast?: InventoryForecast;
  error?: string;
}

interface Waiting {
  resolve: (answer: WorkerAnswer) => void;
  reject: (error: Error) => void;
}

/** One worker thread, started when first asked, answering messages by their id. */
class WorkerHandle {
  private worker: Worker | undefined;
  private readonly waiting = new Map<number, Waiting>();
  private sequence = 0;

  constructor(private readonly script: WorkerScript) {}

  ask(
    message: (id: number) => ReportBuildRequest | StatementBuildRequest | ForecastWorkRequest,
  ): Promise<WorkerAnswer> {
    const worker = this.ensureWorker();
    this.sequence += 1;
    const id = this.sequence;
    return new Promise<WorkerAnswer>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage(message(id));
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker(this.script);
    worker.on('message', (message: WorkerAnswer) => {
      const waiting = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      // An idle worker does not keep the process alive.
      if (this.waiting.size === 0) worker.unref();
      waiting?.resolve(message);
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiting of this.waiting.values()) waiting.reject(error);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The ${this.script} thread stopped (exit code ${code}).`)));
    this.worker = worker;
    return worker;
  }
}

export class ReportWorkerThread {
  private readonly files = new WorkerHandle('report-worker');
  private readonly forecasts = new WorkerHandle('forecast-worker');

  /** The file's bytes, built in the worker. */
  async build(
    rows: FiguresWithRows,
    format: ReportFileFormat,
    detail: ReportDetail = 'full',
  ): Promise<Buffer> {
    const answer = await this.files.ask((id) => ({ id, rows, format, detail }) satisfies ReportBuildRequest);
    if (!answer.bytes) throw new Error(answer.error ?? 'The report file could not be built.');
    return Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength);
  }

  /** A billing statement file's bytes (statement-files.ts), built in the same worker as the reports. */
  async buildStatement(statement: BillingStatement, format: StatementFileFormat): Promise<Buffer> {
    const answer = await this.files.ask(
      (id) => ({ id, statement, statementFormat: format }) satisfies StatementBuildRequest,
    );
    if (!answer.bytes) throw new Error(answer.error ?? 'The statement file could not be built.');
    return Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength);
  }

  /** The inventory forecast of `input`, computed in the forecast worker. */
  async forecast(input: ForecastInput): Promise<InventoryForecast> {
    const answer = await this.forecasts.ask((id) => ({ id, forecast: input }) satisfies ForecastWorkRequest);
    if (!answer.forecast) throw new Error(answer.error ?? 'The forecast could not be computed.');
    return answer.forecast;
  }

  async close(): Promise<void> {
    await Promise.all([this.files.close(), this.forecasts.close()]);
  }
}
