// The visual review built from fixture PNGs: one story that differs, one new, one unchanged.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pngjs from 'pngjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  acceptStories,
  baselinePath,
  pixelChange,
  type RunRecord,
  readRunRecord,
  recordRun,
  type ScreenshotArtifact,
  storyOutcome,
  writeReview,
} from './review';

const { PNG } = pngjs;

/** A white image with the given pixels painted black. */
function png(width: number, height: number, black: [number, number][] = []) {
  const image = new PNG({ width, height });
  image.data.fill(255);
  for (const [x, y] of black) image.data.set([0, 0, 0, 255], (y * width + x) * 4);
  return image;
}

const uiStories = 'packages/ui/src/widget/widget.stories.tsx';
const chartsStories = 'packages/charts/src/gauge/gauge.stories.tsx';
// Seven pixels of a 10 × 10 screenshot: 7.00 % changed.
const sevenPixels: [number, number][] = [0, 1, 2, 3, 4, 5, 6].map((x) => [x, 3]);

/** The artifact Vitest 4 records for a failed `toMatchScreenshot` (shapes taken from a real run). */
const mismatch = (actual: string): ScreenshotArtifact => ({
  type: 'internal:toMatchScreenshot',
  message: 'Screenshot does not match the stored reference.\n7 pixels (ratio 0.07) differ.',
  attachments: [
    { name: 'reference', path: '/x/reference.png' },
    { name: 'actual', path: actual },
    { name: 'diff', path: '/x/diff.png' },
  ],
});
const missing = (reference: string, local = false): ScreenshotArtifact => ({
  type: 'internal:toMatchScreenshot',
  message: local
    ? 'No existing reference screenshot found; a new one was created. Review it before running tests again.'
    : 'No existing reference screenshot found.',
  attachments: [{ name: 'reference', path: reference }],
});

let root: string;
const write = (relative: string, image: InstanceType<typeof PNG>) => {
  mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  writeFileSync(path.join(root, relative), PNG.sync.write(image));
};
const bytes = (relative: string) => readFileSync(path.join(root, relative));
const listed = (html: string) => [...html.matchAll(/data-story-id="([^"]+)"/g)].map((match) => match[1]);

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'visual-review-'));
  for (const [folder, name] of [
    ['packages/ui', '@adconsole/ui'],
    ['packages/charts', '@adconsole/charts'],
  ] as const) {
    mkdirSync(path.join(root, folder), { recursive: true });
    writeFileSync(path.join(root, folder, 'package.json'), JSON.stringify({ name }));
  }
  write(baselinePath(uiStories, 'ui-widget--changed'), png(10, 10));
  write('.vitest-attachments/changed-actual.png', png(10, 10, sevenPixels));
  write(baselinePath(uiStories, 'ui-widget--same'), png(10, 10));
  write('.vitest-attachments/added-reference.png', png(8, 8, [[1, 1]]));
  recordRun(root, {
    [uiStories]: {
      ranAt: '2026-11-22T12:00:00.000Z',
      stories: [
        {
          storyId: 'ui-widget--changed',
          name: 'Changed',
          componentName: 'Widget',
          baseline: baselinePath(uiStories, 'ui-widget--changed'),
          ...storyOutcome({
            passed: false,
            baselineExists: true,
            artifacts: [mismatch('.vitest-attachments/changed-actual.png')],
          }),
        },
        {
          storyId: 'ui-widget--same',
          name: 'Same',
          componentName: 'Widget',
          baseline: baselinePath(uiStories, 'ui-widget--same'),
          ...storyOutcome({ passed: true, baselineExists: true, artifacts: [] }),
        },
      ],
    },
    [chartsStories]: {
      ranAt: '2026-11-22T12:00:00.000Z',
      stories: [
        {
          storyId: 'charts-gauge--added',
          name: 'Added',
          baseline: baselinePath(chartsStories, 'charts-gauge--added'),
          ...storyOutcome({
            passed: false,
            baselineExists: false,
            artifacts: [missing('.vitest-attachments/added-reference.png')],
          }),
        },
      ],
    },
  });
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the visual review page', () => {
  it('lists the story that differs with its changed-pixel share and the new story, not the unchanged one', () => {
    const review = writeReview(root, readRunRecord(root) as RunRecord);
    const html = readFileSync(review.report, 'utf8');
    expect(review.report).toBe(path.join(root, '.visual-review/index.html'));
    expect(listed(html)).toEqual(['ui-widget--changed', 'charts-gauge--added']);
    expect(html).toContain('Changed pixels: 7.00 % (7 of 100 pixels)');
    expect(html).toContain('1 story differs from its baseline, 1 new story has no baseline, 1 unchanged.');
    expect(review.differs.map((story) => story.share)).toEqual(['7.00 % (7 of 100 pixels)']);
  });

  it('shows baseline, new and diff side by side from copies beside the page, with an overlay slider', () => {
    const review = writeReview(root, readRunRecord(root) as RunRecord);
    const html = readFileSync(review.report, 'utf8');
    const out = path.dirname(review.report);
    const card = html.slice(html.indexOf('data-story-id="ui-widget--changed"'));
    for (const image of ['baseline', 'new', 'diff']) {
      expect(card).toContain(`src="images/ui-widget--changed-${image}.png"`);
      expect(existsSync(path.join(out, `images/ui-widget--changed-${image}.png`))).toBe(true);
    }
    expect(card).toMatch(/class="overlay"[\s\S]*type="range"/);
    // The page's own diff marks exactly the seven changed pixels.
    const diff = PNG.sync.read(readFileSync(path.join(out, 'images/ui-widget--changed-diff.png')));
    const red = [...Array(100).keys()].filter(
      (pixel) => diff.data[pixel * 4] === 255 && diff.data[pixel * 4 + 1] === 0,
    );
    expect(red).toEqual([30, 31, 32, 33, 34, 35, 36]);
    // The new story has only its new image.
    expect(existsSync(path.join(out, 'images/charts-gauge--added-new.png'))).toBe(true);
    expect(existsSync(path.join(out, 'images/charts-gauge--added-baseline.png'))).toBe(false);
  });

  it('groups the stories by package and component', () => {
    const html = readFileSync(writeReview(root, readRunRecord(root) as RunRecord).report, 'utf8');
    const ui = html.indexOf('<h2>@adconsole/ui</h2>');
    const widget = html.indexOf(`<h3>Widget <small>${uiStories}</small></h3>`);
    const charts = html.indexOf('<h2>@adconsole/charts</h2>');
    const gauge = html.indexOf(`<h3>gauge <small>${chartsStories}</small></h3>`);
    expect([ui, widget, charts, gauge].every((index) => index >= 0)).toBe(true);
    expect(ui < widget && widget < html.indexOf('data-story-id="ui-widget--changed"')).toBe(true);
    expect(charts < gauge && gauge < html.indexOf('data-story-id="charts-gauge--added"')).toBe(true);
  });

  it('links each story to the built Storybook by its id', () => {
    const html = readFileSync(writeReview(root, readRunRecord(root) as RunRecord).report, 'utf8');
    expect(html).toContain('href="../storybook-static/index.html?path=/story/ui-widget--changed"');
    expect(html).toContain('href="../storybook-static/iframe.html?id=charts-gauge--added&viewMode=story"');
  });

  it('says so when the run changed nothing', () => {
    const unchanged: RunRecord = {
      files: {
        [uiStories]: {
          ranAt: '2026-11-22T12:00:00.000Z',
          stories: [
            {
              storyId: 'ui-widget--same',
              name: 'Same',
              baseline: baselinePath(uiStories, 'ui-widget--same'),
              outcome: 'unchanged',
            },
          ],
        },
      },
    };
    const review = writeReview(root, unchanged);
    const html = readFileSync(review.report, 'utf8');
    expect(listed(html)).toEqual([]);
    expect(html).toContain(
      "Unchanged: no story's screenshot differs from its baseline and no story lacks one (1 screenshots matched).",
    );
  });

  it('counts every pixel outside the common area as changed when the size changed', () => {
    const change = pixelChange(png(10, 10), png(10, 12));
    expect(change).toMatchObject({ changedPixels: 20, totalPixels: 120 });
    expect([change.diff.width, change.diff.height]).toEqual([10, 12]);
  });
});

describe("a story's outcome, from what Vitest recorded", () => {
  it('tells "differs" (an actual image) from "no baseline" (only the new reference), locally and in CI', () => {
    expect(storyOutcome({ passed: false, baselineExists: true, artifacts: [mismatch('/a.png')] })).toEqual({
      outcome: 'differs',
      newImage: '/a.png',
    });
    for (const local of [false, true]) {
      expect(
        storyOutcome({ passed: false, baselineExists: local, artifacts: [missing('/r.png', local)] }),
      ).toEqual({ outcome: 'new', newImage: '/r.png' });
    }
  });

  it('takes a passing test as matched, even when an earlier attempt of its screenshot recorded a mismatch', () => {
    expect(storyOutcome({ passed: true, baselineExists: true, artifacts: [mismatch('/a.png')] })).toEqual({
      outcome: 'unchanged',
    });
    expect(storyOutcome({ passed: true, baselineExists: false, artifacts: [] })).toEqual({
      outcome: 'no-screenshot',
    });
  });

  it('keeps a failure that is not about the screenshot apart, with its first line', () => {
    expect(
      storyOutcome({
        passed: false,
        baselineExists: true,
        artifacts: [],
        error: 'Unable to find role="button"\n\n<body>…',
      }),
    ).toEqual({ outcome: 'failed', message: 'Unable to find role="button"' });
  });

  it("names a story's baseline as Vitest does: dashes of the story id collapsed", () => {
    expect(baselinePath('packages/ui/src/button/button.stories.tsx', 'ui-button--all-variants')).toBe(
      'packages/ui/src/button/__screenshots__/button.stories.tsx/ui-button-all-variants-chromium-linux.png',
    );
  });
});

describe('accepting new images as baselines', () => {
  const changedBaseline = baselinePath(uiStories, 'ui-widget--changed');
  const sameBaseline = baselinePath(uiStories, 'ui-widget--same');
  const addedBaseline = baselinePath(chartsStories, 'charts-gauge--added');

  it('copies the new image over the named baseline only, and says which file it changed', () => {
    const same = bytes(sameBaseline);
    const result = acceptStories(root, { names: ['ui-widget--changed'] });
    expect(result).toEqual({ changed: [changedBaseline], alreadyInPlace: [] });
    expect(bytes(changedBaseline).equals(bytes('.vitest-attachments/changed-actual.png'))).toBe(true);
    expect(bytes(sameBaseline).equals(same)).toBe(true);
    expect(existsSync(path.join(root, addedBaseline))).toBe(false);
    // The page no longer lists the accepted story.
    const review = writeReview(root, readRunRecord(root) as RunRecord);
    expect(listed(readFileSync(review.report, 'utf8'))).toEqual(['charts-gauge--added']);
  });

  it('accepts every reviewed story under a named folder, relative to where the command was typed', () => {
    const result = acceptStories(root, { names: ['charts'], cwd: path.join(root, 'packages') });
    expect(result.changed).toEqual([addedBaseline]);
    expect(bytes(addedBaseline).equals(bytes('.vitest-attachments/added-reference.png'))).toBe(true);
    expect(bytes(changedBaseline).equals(PNG.sync.write(png(10, 10)))).toBe(true);
  });

  it('needs --all to accept everything, and the repository root is not a folder to accept', () => {
    const before = bytes(changedBaseline);
    expect(() => acceptStories(root, { names: [] })).toThrow(/--all/);
    expect(() => acceptStories(root, { names: ['.'] })).toThrow('Nothing to accept for "."');
    expect(bytes(changedBaseline).equals(before)).toBe(true);
    expect(acceptStories(root, { names: [], all: true }).changed).toEqual([addedBaseline, changedBaseline]);
  });

  it('accepts nothing when one of the names matches no reviewed story', () => {
    const before = bytes(changedBaseline);
    expect(() => acceptStories(root, { names: ['ui-widget--changed', 'ui-widget--same'] })).toThrow(
      'Nothing to accept for "ui-widget--same"',
    );
    expect(bytes(changedBaseline).equals(before)).toBe(true);
  });
});
