// Creative QA (docs/builder.md, "Creative QA"): each banner measured in headless Chromium as it will serve
// (creative-qa-measure.ts), as a background job (the `creative-qa` kind), never on a request's path. A run
// is queued when an asset is uploaded, on demand (POST /v1/creative/qa/run) and by a publish that finds no
// run of the current assets; the judging rules are the domain's
// (packages/domain/src/campaigns/creative-qa.ts). Publishing is refused (409, the numbers in the sentence)
// when the last run of the current assets passed a heavy-ad limit, and answered "QA is running" (409)
// while it has not finished; without Chromium on the server (CREATIVE_QA_CHROMIUM) the QA is "not
// measured" and publishing is not blocked.
import {
  ApiError,
  CREATIVE_QA_NOT_MEASURED,
  CREATIVE_QA_RUNNING,
  type Creative,
  type CreativeQa,
  heavyAdProblem,
  MESSAGES,
} from '@adconsole/domain';
import { z } from 'zod';
import type { Context } from '../../context';
import {
  type CreativeQaRow,
  findCreativeQa,
  findLatestCreativeQa,
  finishCreativeQa,
  insertCreativeQa,
} from '../../db/queries/creative-qa';
import { enqueueJob } from '../../db/queries/jobs';
import type { SessionUser } from '../identity/sessions';
import { newId } from '../ids';
import { type JobKind, rowJobKind } from '../jobs/kinds';
import { archiveFile, archivePaths } from '../serving/html5';
import { servedFileUrl } from '../serving/urls';
import { ownCreative } from './access';
import { loadCreatives } from './campaign-loader';
import { assetsHash, drawable, qaAnswer } from './creative-qa-answer';
import { measureCreative, type QaContent } from './creative-qa-measure';

const JOB_KIND = 'creative-qa';
/** A run still "running" after this long was lost (its process stopped): a new one may be queued. */
const LOST_AFTER_MS = 10 * 60_000;
const TEXT_FILE = /\.(html?|js|mjs)$/i;

async function loadOne(ctx: Context, creativeId: string): Promise<Creative | undefined> {
  const [creative] = await loadCreatives(ctx, { creativeIds: [creativeId] }, { counters: false });
  return creative;
}

/** Whether this creative is measured at all: a drawable banner, on a server with Chromium. */
const measurable = (ctx: Context, creative: Creative) =>
  ctx.config.creativeQaChromium !== undefined && drawable(creative);

/** Queues a run of the creative's current assets unless one is running or done for them already. */
async function queueRun(ctx: Context, creative: Creative, ownerId: string, force = false): Promise<void> {
  if (!measurable(ctx, creative)) return;
  const hash = assetsHash(creative);
  const latest = await findLatestCreativeQa(ctx.db, creative.id);
  if (latest && latest.assets_hash === hash && !lost(latest) && (latest.state === 'running' || !force))
    return;
  const id = newId();
  await ctx.db.transaction(async (tx) => {
    await insertCreativeQa(tx, { id, creativeId: creative.id, assetsHash: hash, state: 'running' });
    await enqueueJob(tx, {
      id: newId(),
      kind: JOB_KIND,
      key: `${JOB_KIND}:${id}`,
      payload: { runId: id },
      accountId: ownerId,
    });
  });
}

const lost = (row: CreativeQaRow) =>
  row.state === 'running' && Date.now() - row.queued_at.getTime() > LOST_AFTER_MS;

/**
 * After an upload of the creative's assets or a save of it: a run of what it has now, unless a run of
 * exactly that is there already (errors are logged, not thrown).
 */
export async function queueCreativeQaAfterChange(ctx: Context, user: SessionUser, creativeId: string) {
  if (ctx.config.creativeQaChromium === undefined) return;
  try {
    const creative = await loadOne(ctx, creativeId);
    if (creative) await queueRun(ctx, creative, user.id);
  } catch (error) {
    ctx.log(`Creative QA not queued for ${creativeId}: ${String(error)}`);
  }
}

/** The QA of a creative as the API answers it. */
const answer = (ctx: Context, creative: Creative, row: CreativeQaRow | undefined): CreativeQa =>
  qaAnswer(ctx.config.creativeQaChromium !== undefined, creative, row);

async function ownLoaded(ctx: Context, user: SessionUser, creativeId: string) {
  await ownCreative(ctx.db, user, creativeId);
  const creative = await loadOne(ctx, creativeId);
  if (!creative) throw ApiError.of(404, MESSAGES.creativeNotFound);
  return creative;
}

/** GET /v1/creative/qa: the creative's last run. */
export async function getCreativeQa(
  ctx: Context,
  user: SessionUser,
  creativeId: string,
): Promise<CreativeQa> {
  const creative = await ownLoaded(ctx, user, creativeId);
  return answer(ctx, creative, await findLatestCreativeQa(ctx.db, creative.id));
}

/** POST /v1/creative/qa/run: a new run of the current assets (a running one is answered as it is). */
export async function runCreativeQa(
  ctx: Context,
  user: SessionUser,
  creativeId: string,
): Promise<CreativeQa> {
  const creative = await ownLoaded(ctx, user, creativeId);
  await queueRun(ctx, creative, user.id, true);
  return answer(ctx, creative, await findLatestCreativeQa(ctx.db, creative.id));
}

/**
 * Before a publish: refuses (409) a creative whose last run of its current assets passed a heavy-ad
 * limit, or that has no finished run of them (one is queued: "QA is running"). Not measured: no refusal.
 */
export async function checkCreativeQaBeforePublish(ctx: Context, creativeId: string, ownerId: string) {
  const creative = await loadOne(ctx, creativeId);
  if (!creative || !measurable(ctx, creative)) return;
  const latest = await findLatestCreativeQa(ctx.db, creative.id);
  const fresh = latest && latest.assets_hash === assetsHash(creative) && !lost(latest);
  if (!fresh) {
    await queueRun(ctx, creative, ownerId);
    throw ApiError.of(409, CREATIVE_QA_RUNNING);
  }
  if (latest.state === 'running') throw ApiError.of(409, CREATIVE_QA_RUNNING);
  const problem = latest.state === 'measured' && latest.results ? heavyAdProblem(latest.results) : undefined;
  if (problem) throw ApiError.of(409, problem);
}

/** The document's content as the runtime draws it (docs/serving.md, "The path of an ad"). */
async function contentOf(
  ctx: Context,
  creative: Creative,
): Promise<{ content: QaContent; clickTag: boolean | null }> {
  const html = creative.html?.trim();
  if (html) return { content: { kind: 'html', html }, clickTag: null };
  const zip = creative.assets.find((asset) => asset.uploadType === 'html5');
  if (zip?.path) {
    const zipKey = zip.path;
    const read = async (path: string) => {
      const file = await archiveFile(ctx, zipKey, path);
      if (!file) return undefined;
      const chunks: Buffer[] = [];
      for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array));
      return { body: Buffer.concat(chunks), contentType: file.contentType };
    };
    let found = false;
    for (const path of [...(await archivePaths(ctx, zipKey))].filter((p) => TEXT_FILE.test(p)).slice(0, 20)) {
      const file = await read(path);
      if (file && /clicktag/i.test(file.body.subarray(0, 1024 * 1024).toString('utf8'))) {
        found = true;
        break;
      }
    }
    return { content: { kind: 'html5', read }, clickTag: found };
  }
  const image = creative.assets.find((asset) => asset.uploadType === 'image');
  if (image?.path)
    return { content: { kind: 'image', url: servedFileUrl(ctx, { path: image.path }) }, clickTag: null };
  return { content: { kind: 'none' }, clickTag: null };
}

/** The `creative-qa` job: measures the run's creative as it is now and keeps what it found. */
export const creativeQaJobs: JobKind = rowJobKind({
  kind: JOB_KIND,
  payload: z.object({ runId: z.string() }),
  // A run that failed is kept as an error; "Run again" queues a new one.
  retryDelaysMs: [],
  run: async (ctx, job) => {
    const run = await findCreativeQa(ctx.db, job.payload.runId);
    if (run?.state !== 'running') return { skipped: true };
    const creative = await loadOne(ctx, run.creative_id);
    const chromium = ctx.config.creativeQaChromium;
    if (!creative || chromium === undefined) {
      await finishCreativeQa(ctx.db, run.id, {
        state: 'not_measured',
        results: null,
        reason: creative ? CREATIVE_QA_NOT_MEASURED : 'The creative was deleted.',
      });
      return { measured: false };
    }
    try {
      const { content, clickTag } = await contentOf(ctx, creative);
      const measurement = await measureCreative({
        chromium,
        servingOrigin: ctx.config.adServingUrl,
        name: creative.id,
        width: creative.width,
        height: creative.height,
        content,
        clickTagFound: clickTag,
      });
      await finishCreativeQa(ctx.db, run.id, {
        state: 'measured',
        results: measurement,
        reason: null,
        // What was measured: the creative as it is now (an upload since the run was queued included).
        assetsHash: assetsHash(creative),
      });
      return { measured: true, stoppedAt: measurement.stoppedAt };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await finishCreativeQa(ctx.db, run.id, { state: 'error', results: null, reason: reason.slice(0, 500) });
      return { measured: false, reason };
    }
  },
});
