// The visual review: what the last story runs found about each story's screenshot (recorded by
// ./reporter.ts), a static HTML page that shows every story that differs from its baseline or has none,
// and accepting the new image of named stories as their baseline.
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import pngjs from 'pngjs';

const { PNG } = pngjs;

/** The screenshot comparison of the story suite; the review counts changed pixels the same way. */
export const screenshotComparison = { threshold: 0.1, allowedMismatchedPixelRatio: 0 } as const;

/** Where Vitest puts the actual, diff and missing-reference images of a failed screenshot. */
export const attachmentsFolder = '.vitest-attachments';
/** The outcome of every story of the latest run of each stories file, beside the images it names. */
export const runRecordFile = `${attachmentsFolder}/visual-run.json`;
/** The known folder the report is written to (git-ignored). */
export const reviewFolder = '.visual-review';

/**
 * - `unchanged`: the screenshot matched its baseline.
 * - `differs`: it did not; `newImage` is the actual screenshot.
 * - `new`: the story had no baseline; `newImage` is its first screenshot.
 * - `failed`: the story failed for another reason (its play function, axe, an unstable screenshot).
 * - `no-screenshot`: it passed without a baseline (tagged `no-visual`).
 */
export type StoryOutcome = 'unchanged' | 'differs' | 'new' | 'failed' | 'no-screenshot';

export type StoryRecord = {
  storyId: string;
  /** The story's name as the test runner shows it ("Dark Disabled And Loading"). */
  name: string;
  /** The component the stories file declares, when it declares one. */
  componentName?: string;
  outcome: StoryOutcome;
  /** Paths relative to the repository root. */
  baseline: string;
  newImage?: string;
  /** For `failed`: the first line of the error. */
  message?: string;
};

export type RunRecord = {
  /** Keyed by stories file (relative to the repository root): its latest run. */
  files: Record<string, { ranAt: string; stories: StoryRecord[] }>;
};

/** The screenshot of one story test as Vitest's browser mode records it (`testCase.artifacts()`). */
export type ScreenshotArtifact = {
  type: string;
  message?: string;
  attachments?: readonly { name?: string; path?: string }[];
};

/**
 * The baseline of a story, as Vitest 4 names it by default: `<stories folder>/__screenshots__/<stories
 * file>/<name>-<browser>-<platform>.png`, where the name is the one given to `toMatchScreenshot` (the
 * story id, see .storybook/vitest.setup.ts) with runs of dashes collapsed (Vitest's `sanitize`; a
 * story id has no other character it changes).
 */
export function baselinePath(storiesFile: string, storyId: string, browser = 'chromium', platform = 'linux') {
  const name = storyId
    .replace(/\s+/g, '-')
    .replace(/[^\w-]+/g, '')
    .replace(/-{2,}/g, '-');
  return path.posix.join(
    path.posix.dirname(storiesFile),
    '__screenshots__',
    path.posix.basename(storiesFile),
    `${name}-${browser}-${platform}.png`,
  );
}

/**
 * What a finished story test says about its screenshot. A passing test matched (its screenshot may have
 * been retried; earlier attempts leave artifacts behind). A failing one carries the artifact of its
 * last attempt: with an `actual` image the screenshot differs; "No existing reference screenshot found"
 * means it had no baseline (locally Vitest has just written the new image there; with `CI=true` it
 * is only attached as `reference`).
 */
export function storyOutcome(test: {
  passed: boolean;
  baselineExists: boolean;
  artifacts: readonly ScreenshotArtifact[];
  error?: string;
}): Pick<StoryRecord, 'outcome' | 'newImage' | 'message'> {
  if (test.passed) return { outcome: test.baselineExists ? 'unchanged' : 'no-screenshot' };
  const screenshot = test.artifacts
    .filter((artifact) => artifact.type === 'internal:toMatchScreenshot')
    .at(-1);
  const attachment = (name: string) => screenshot?.attachments?.find((found) => found.name === name)?.path;
  const actual = attachment('actual');
  if (actual) return { outcome: 'differs', newImage: actual };
  const reference = attachment('reference');
  if (reference && screenshot?.message?.startsWith('No existing reference screenshot found')) {
    return { outcome: 'new', newImage: reference };
  }
  const message = (screenshot?.message ?? test.error ?? 'failed').split('\n')[0];
  return { outcome: 'failed', message };
}

export function readRunRecord(root: string): RunRecord | undefined {
  const file = path.join(root, runRecordFile);
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as RunRecord;
}

/** Keeps the latest run of every stories file: running one folder does not forget the others. */
export function recordRun(root: string, files: RunRecord['files']): RunRecord {
  const record: RunRecord = { files: { ...(readRunRecord(root)?.files ?? {}), ...files } };
  mkdirSync(path.join(root, attachmentsFolder), { recursive: true });
  writeFileSync(path.join(root, runRecordFile), `${JSON.stringify(record, null, 2)}\n`);
  return record;
}

const readPng = (file: string) => PNG.sync.read(readFileSync(file));
const diffColor = [255, 0, 0, 255] as const;

/** A rectangle of an image, in pixels. */
export type Area = { x: number; y: number; width: number; height: number };

export type PixelChange = {
  changedPixels: number;
  totalPixels: number;
  diff: InstanceType<typeof PNG>;
  /** The smallest rectangle holding every changed pixel (undefined when none changed). */
  changedArea?: Area;
};

/**
 * Changed pixels between a baseline and a new screenshot, counted as the story suite counts them
 * (pixelmatch, same threshold). When the size changed, every pixel outside the common area counts as
 * changed, out of the larger canvas.
 */
export function pixelChange(baseline: InstanceType<typeof PNG>, next: InstanceType<typeof PNG>): PixelChange {
  const width = Math.max(baseline.width, next.width);
  const height = Math.max(baseline.height, next.height);
  const common = {
    width: Math.min(baseline.width, next.width),
    height: Math.min(baseline.height, next.height),
  };
  const crop = (image: InstanceType<typeof PNG>) => {
    if (image.width === common.width && image.height === common.height) return image.data;
    const cropped = new PNG(common);
    PNG.bitblt(image, cropped, 0, 0, common.width, common.height, 0, 0);
    return cropped.data;
  };
  const commonDiff = new PNG(common);
  let changedPixels = pixelmatch(crop(baseline), crop(next), commonDiff.data, common.width, common.height, {
    threshold: screenshotComparison.threshold,
    diffColor: [diffColor[0], diffColor[1], diffColor[2]],
  });
  const diff = new PNG({ width, height });
  PNG.bitblt(commonDiff, diff, 0, 0, common.width, common.height, 0, 0);
  let changedArea: { left: number; top: number; right: number; bottom: number } | undefined;
  for (let index = 0; index < width * height; index += 1) {
    const x = index % width;
    const y = Math.floor(index / width);
    if (x >= common.width || y >= common.height) {
      diff.data.set(diffColor, index * 4);
      changedPixels += 1;
    }
    // pixelmatch paints a counted pixel in its diff colour and the others in grey (or yellow for
    // anti-aliasing, which it does not count).
    const [red, green, blue] = diff.data.subarray(index * 4, index * 4 + 3);
    if (red !== diffColor[0] || green !== diffColor[1] || blue !== diffColor[2]) continue;
    changedArea = {
      left: Math.min(changedArea?.left ?? x, x),
      top: Math.min(changedArea?.top ?? y, y),
      right: Math.max(changedArea?.right ?? x, x),
      bottom: Math.max(changedArea?.bottom ?? y, y),
    };
  }
  return {
    changedPixels,
    totalPixels: width * height,
    diff,
    ...(changedArea
      ? {
          changedArea: {
            x: changedArea.left,
            y: changedArea.top,
            width: changedArea.right - changedArea.left + 1,
            height: changedArea.bottom - changedArea.top + 1,
          },
        }
      : {}),
  };
}

export function formatShare(changedPixels: number, totalPixels: number): string {
  const percent = (changedPixels / totalPixels) * 100;
  const shown = percent > 0 && percent < 0.01 ? '< 0.01' : percent.toFixed(2);
  return `${shown} % (${changedPixels.toLocaleString('en-US')} of ${totalPixels.toLocaleString('en-US')} pixels)`;
}

/** The published name of the package a stories file belongs to (`packages/ui` → `@adconsole/ui`). */
function packageOf(root: string, storiesFile: string): string {
  const [area, folder] = storiesFile.split('/');
  const manifest = path.join(root, area ?? '', folder ?? '', 'package.json');
  if (existsSync(manifest)) return (JSON.parse(readFileSync(manifest, 'utf8')) as { name: string }).name;
  return `${area}/${folder}`;
}

type ReviewedStory = StoryRecord & {
  file: string;
  package: string;
  share?: string;
  /** The changed area with a margin: what the side-by-side images show at their real size. */
  focus?: Area;
  images: { baseline?: string; new: string; diff?: string };
};

export type Review = {
  /** Absolute path of the written index.html. */
  report: string;
  differs: ReviewedStory[];
  added: ReviewedStory[];
  failed: (StoryRecord & { file: string; package: string })[];
  unchanged: number;
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * Writes `<out>/index.html` and the images it shows (copied beside it, so the folder opens from disk
 * and can be kept as a CI artifact). A story whose baseline now equals its new image (accepted since
 * the run) is no longer listed.
 */
export function writeReview(
  root: string,
  record: RunRecord,
  options: { out?: string; storybook?: string } = {},
): Review {
  const out = path.resolve(root, options.out ?? reviewFolder);
  const storybook = path.resolve(root, options.storybook ?? 'storybook-static');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(path.join(out, 'images'), { recursive: true });

  const review: Review = {
    report: path.join(out, 'index.html'),
    differs: [],
    added: [],
    failed: [],
    unchanged: 0,
  };
  for (const [file, run] of Object.entries(record.files).sort(([a], [b]) => a.localeCompare(b))) {
    const owner = packageOf(root, file);
    for (const story of run.stories) {
      if (story.outcome === 'unchanged') review.unchanged += 1;
      if (story.outcome === 'failed') review.failed.push({ ...story, file, package: owner });
      if ((story.outcome !== 'differs' && story.outcome !== 'new') || !story.newImage) continue;
      const newFile = path.join(root, story.newImage);
      if (!existsSync(newFile)) continue;
      const slug = story.storyId;
      const images: ReviewedStory['images'] = { new: `images/${slug}-new.png` };
      copyFileSync(newFile, path.join(out, images.new));
      const baselineFile = path.join(root, story.baseline);
      if (story.outcome === 'new') {
        // Locally Vitest writes a missing baseline itself: the new image is then that very file.
        review.added.push({ ...story, file, package: owner, images });
        continue;
      }
      if (!existsSync(baselineFile)) continue;
      const change = pixelChange(readPng(baselineFile), readPng(newFile));
      if (change.changedPixels === 0) {
        review.unchanged += 1;
        continue;
      }
      images.baseline = `images/${slug}-baseline.png`;
      images.diff = `images/${slug}-diff.png`;
      copyFileSync(baselineFile, path.join(out, images.baseline));
      writeFileSync(path.join(out, images.diff), PNG.sync.write(change.diff));
      const share = formatShare(change.changedPixels, change.totalPixels);
      const focus = change.changedArea && withMargin(change.changedArea, change.diff, 24);
      review.differs.push({ ...story, file, package: owner, share, images, ...(focus ? { focus } : {}) });
    }
  }
  const storybookLink = path.relative(out, storybook).split(path.sep).join('/');
  writeFileSync(review.report, reviewHtml(review, storybookLink, existsSync(storybook)));
  return review;
}

function withMargin(area: Area, image: { width: number; height: number }, margin: number): Area {
  const x = Math.max(0, area.x - margin);
  const y = Math.max(0, area.y - margin);
  return {
    x,
    y,
    width: Math.min(image.width, area.x + area.width + margin) - x,
    height: Math.min(image.height, area.y + area.height + margin) - y,
  };
}

function storyCard(story: ReviewedStory, storybook: string): string {
  const open = `${storybook}/index.html?path=/story/${encodeURIComponent(story.storyId)}`;
  const frame = `${storybook}/iframe.html?id=${encodeURIComponent(story.storyId)}&viewMode=story`;
  // Side by side, each image shows the changed area at its real size; a click opens the whole image.
  const focus = story.focus;
  const view = focus
    ? ` class="focus" style="width: ${focus.width}px; height: ${focus.height}px; object-position: -${focus.x}px -${focus.y}px"`
    : '';
  const figure = (label: string, src: string | undefined) =>
    src
      ? `<figure><figcaption>${label}</figcaption><a href="${src}"><img src="${src}"${view} alt="${label}: ${escapeHtml(story.name)}"></a></figure>`
      : '';
  const area = focus
    ? `<p class="meta">Side by side: the changed area (${focus.width} × ${focus.height} px at ${focus.x}, ${focus.y}); click an image for all of it. The slider lays the new image over the baseline.</p>`
    : '';
  const slider = story.images.baseline
    ? `<div class="overlay" style="--reveal: 50%">
        <img src="${story.images.baseline}" alt="">
        <img class="top" src="${story.images.new}" alt="">
        <input type="range" min="0" max="100" value="50" aria-label="Baseline ◀ ▶ new: ${escapeHtml(story.name)}">
      </div>`
    : '';
  return `<article class="story" data-story-id="${escapeHtml(story.storyId)}" data-outcome="${story.outcome}">
    <h4>${escapeHtml(story.name)} <code>${escapeHtml(story.storyId)}</code></h4>
    <p class="meta">${story.share ? `<span class="share">Changed pixels: ${story.share}</span> · ` : '<span class="share">New story: no baseline yet</span> · '}<a href="${open}">Open in Storybook</a> · <a href="${frame}">story alone</a> · <code>${escapeHtml(story.baseline)}</code></p>
    ${area}
    <div class="images">${figure('Baseline', story.images.baseline)}${figure('New', story.images.new)}${figure('Diff', story.images.diff)}</div>
    ${slider}
  </article>`;
}

/** Groups by package, then by stories file (the component). */
function grouped(stories: ReviewedStory[], storybook: string): string {
  const packages = new Map<string, Map<string, ReviewedStory[]>>();
  for (const story of stories) {
    const files = packages.get(story.package) ?? new Map<string, ReviewedStory[]>();
    packages.set(story.package, files);
    files.set(story.file, [...(files.get(story.file) ?? []), story]);
  }
  return [...packages]
    .map(
      ([name, files]) =>
        `<section class="package"><h2>${escapeHtml(name)}</h2>${[...files]
          .map(([file, list]) => {
            const component =
              list[0]?.componentName ?? path.posix.basename(file).replace(/\.stories\.\w+$/, '');
            return `<section class="component"><h3>${escapeHtml(component)} <small>${escapeHtml(file)}</small></h3>${list
              .map((story) => storyCard(story, storybook))
              .join('')}</section>`;
          })
          .join('')}</section>`,
    )
    .join('');
}

function reviewHtml(review: Review, storybook: string, storybookBuilt: boolean): string {
  const nothing = review.differs.length === 0 && review.added.length === 0;
  const summary = nothing
    ? `<p class="verdict unchanged">Unchanged: no story's screenshot differs from its baseline and no story lacks one (${review.unchanged} screenshots matched).</p>`
    : `<p class="verdict">${review.differs.length} ${review.differs.length === 1 ? 'story differs' : 'stories differ'} from ${review.differs.length === 1 ? 'its baseline' : 'their baselines'}, ${review.added.length} new ${review.added.length === 1 ? 'story has' : 'stories have'} no baseline, ${review.unchanged} unchanged.</p>`;
  const failed =
    review.failed.length === 0
      ? ''
      : `<section class="failed"><h2>Failed for another reason (${review.failed.length})</h2><ul>${review.failed
          .map(
            (story) =>
              `<li><code>${escapeHtml(story.storyId)}</code> (${escapeHtml(story.file)}): ${escapeHtml(story.message ?? '')}</li>`,
          )
          .join('')}</ul></section>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Visual review</title>
<style>
  body { font: 14px/1.5 system-ui, sans-serif; margin: 24px; color: #1f2328; background: #fff; }
  h1 { font-size: 22px; margin: 0 0 8px; }
  h2 { font-size: 18px; border-bottom: 1px solid #d0d7de; padding-bottom: 4px; margin-top: 32px; }
  h3 { font-size: 15px; margin: 20px 0 8px; } h3 small { color: #59636e; font-weight: normal; }
  h4 { margin: 0 0 4px; font-size: 14px; } code { font-size: 12px; color: #59636e; }
  .verdict { font-size: 16px; padding: 8px 12px; border-radius: 6px; background: #fff8c5; }
  .verdict.unchanged { background: #dafbe1; }
  .story { border: 1px solid #d0d7de; border-radius: 6px; padding: 12px; margin: 12px 0; }
  .meta { margin: 0 0 8px; color: #59636e; } .share { color: #1f2328; font-weight: 600; }
  .images { display: flex; gap: 12px; align-items: flex-start; overflow-x: auto; }
  figure { margin: 0; flex: 0 1 auto; min-width: 0; overflow-x: auto; } figcaption { font-weight: 600; margin-bottom: 4px; }
  img.focus { max-width: none; object-fit: none; }
  figure img, .overlay img { max-width: 100%; border: 1px solid #d0d7de; background: repeating-conic-gradient(#f6f8fa 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
  .overlay { position: relative; display: inline-block; margin-top: 12px; max-width: 100%; }
  .overlay img { display: block; } .overlay .top { position: absolute; inset: 0; clip-path: inset(0 calc(100% - var(--reveal)) 0 0); }
  .overlay input { width: 100%; margin: 4px 0 0; }
</style>
</head>
<body>
<h1>Visual review</h1>
${summary}
<p>Each story links to the built Storybook (<code>${escapeHtml(storybook)}/</code>${storybookBuilt ? '' : ', not built yet: <code>pnpm build-storybook</code>'}), whose pages run only over HTTP: <code>pnpm visual:review --serve</code> serves both. Accept a new image as the baseline with <code>pnpm visual:accept &lt;story id | folder&gt;</code>.</p>
${review.differs.length > 0 ? `<h2 class="group">Differs from its baseline</h2>${grouped(review.differs, storybook)}` : ''}
${review.added.length > 0 ? `<h2 class="group">New: no baseline</h2>${grouped(review.added, storybook)}` : ''}
${failed}
<script>
  for (const slider of document.querySelectorAll('.overlay input')) {
    slider.addEventListener('input', () => slider.parentElement.style.setProperty('--reveal', slider.value + '%'));
  }
</script>
</body>
</html>
`;
}

/**
 * Makes the new image of the named stories their baseline: a story id names one story, a folder or
 * file every story under it. Only stories the last run found to differ or to be new are accepted, and
 * nothing is written unless every name matches one. Copying the reviewed image is exact: it is the
 * very image the reviewer saw, and no other story's baseline is touched (re-running `vitest -u` on a
 * folder would re-render and rewrite every story in it).
 */
export function acceptStories(
  root: string,
  targets: { names: string[]; all?: boolean; cwd?: string },
): { changed: string[]; alreadyInPlace: string[] } {
  const record = readRunRecord(root);
  if (!record) throw new Error('No story run is recorded: run the stories first (pnpm test:stories).');
  if (targets.names.length === 0 && !targets.all) {
    throw new Error(
      'Name the stories to accept (a story id or a folder), or pass --all to accept every one.',
    );
  }
  const pending = Object.entries(record.files).flatMap(([file, run]) =>
    run.stories
      .filter((story) => (story.outcome === 'differs' || story.outcome === 'new') && story.newImage)
      .map((story) => ({ file, story })),
  );
  const cwd = targets.cwd ?? root;
  const chosen = new Set<(typeof pending)[number]>();
  if (targets.all) for (const entry of pending) chosen.add(entry);
  for (const name of targets.names) {
    // The repository root is not a folder to accept: everything takes an explicit --all.
    const folder = path.relative(root, path.resolve(cwd, name)).split(path.sep).join('/');
    const inFolder = (file: string) =>
      folder !== '' && !folder.startsWith('..') && (file === folder || file.startsWith(`${folder}/`));
    const matches = pending.filter(({ file, story }) => story.storyId === name || inFolder(file));
    if (matches.length === 0) {
      throw new Error(
        `Nothing to accept for "${name}": no story that differs or is new in the last run matches it.`,
      );
    }
    for (const match of matches) chosen.add(match);
  }
  const changed: string[] = [];
  const alreadyInPlace: string[] = [];
  for (const { story } of chosen) {
    const source = path.join(root, story.newImage as string);
    const target = path.join(root, story.baseline);
    if (existsSync(target) && readFileSync(target).equals(readFileSync(source)))
      alreadyInPlace.push(story.baseline);
    else {
      mkdirSync(path.dirname(target), { recursive: true });
      copyFileSync(source, target);
      changed.push(story.baseline);
    }
    story.outcome = 'unchanged';
    delete story.newImage;
  }
  writeFileSync(path.join(root, runRecordFile), `${JSON.stringify(record, null, 2)}\n`);
  return { changed: changed.sort(), alreadyInPlace: alreadyInPlace.sort() };
}
