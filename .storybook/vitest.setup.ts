// Vitest-only: turns every story into a screenshot test compared with a committed baseline.
// Stories stay free of `vitest` imports because Storybook's own UI loads them too.
import { configure } from 'storybook/test';
import { beforeAll, beforeEach, expect } from 'vitest';
import { commands, page } from 'vitest/browser';

// Testing Library gives `findBy…` and `waitFor` one second by default. Beside the API suites on two cores
// a lazily loaded chunk (the calendar, a chart) can take longer than that to arrive, and the story failed
// on a spinner it was about to see replaced (a clean-clone CI run). Ten seconds catches a story that never
// gets there and waits out a busy machine; a quiet run finds the element as soon as it is drawn.
configure({ asyncUtilTimeout: 10_000 });

/** Whether the real pointer moved since it was last parked (only `__frameTools` moves it). */
let pointerMoved = true;
async function resetWindow(): Promise<void> {
  const moved = pointerMoved;
  pointerMoved = false;
  await commands.resetWindow(moved);
}

/**
 * The story files share one page and their modules (`isolate: false`, docs/testing.md rule 10), so
 * what a file's stories leave on the document outside their canvas would reach the next file's
 * stories. What the decorators set and never take back is the theme on <html> (its class and colour
 * scheme, `withTheme` in preview.tsx), and a chart's bars resolve the theme's colours against <html>
 * when they are first drawn: a dark story drawn after a file that ended dark got other bar colours
 * than after one that ended light. So each file starts as on a page just loaded, as it did when each
 * file had its own page: the <html> and <body> attributes the page had when it loaded (kept on the
 * window, as this setup runs again for every file), scrolled to the top, nothing focused. Between the
 * stories of one file nothing changes: their baselines were made in their file's order. The previous
 * story's canvas and portals go when the next one renders (Storybook's cleanup).
 */
type PageAttributes = { root: [string, string][]; body: [string, string][] };
const attributesOf = (element: Element): [string, string][] =>
  [...element.attributes].map((attribute) => [attribute.name, attribute.value]);
const kept = globalThis as { __freshPage?: PageAttributes };
kept.__freshPage ??= { root: attributesOf(document.documentElement), body: attributesOf(document.body) };
const freshPage = kept.__freshPage;
function restoreAttributes(element: Element, attributes: [string, string][]): void {
  for (const name of element.getAttributeNames())
    if (!attributes.some(([kept]) => kept === name)) element.removeAttribute(name);
  for (const [name, value] of attributes)
    if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}
beforeAll(() => {
  restoreAttributes(document.documentElement, freshPage.root);
  restoreAttributes(document.body, freshPage.body);
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  window.scrollTo(0, 0);
});

// Each story starts in the front window with the pointer parked outside it (see resetWindow).
beforeEach(resetWindow);

globalThis.__visualSnapshot = async ({ canvasElement, id, tags }) => {
  if (tags.includes('no-visual')) return;
  // The play function may have left the real pointer over an element (a click in an ad's frame): a
  // hover state would then depend on when the browser re-evaluates it after the layout moved.
  await resetWindow();
  await document.fonts.ready;
  const target = canvasElement.firstElementChild ?? canvasElement;
  // The tester's frame only paints its viewport: a story taller than it is shot in a viewport grown to
  // its height (then given back), or everything below the fold would be blank in the baseline.
  const { innerWidth: width, innerHeight: height } = window;
  const bottom = Math.ceil(target.getBoundingClientRect().bottom + window.scrollY);
  const tall = bottom > height;
  if (tall) {
    await commands.setWindowHeight(bottom + 116);
    await page.viewport(width, bottom + 16);
  }
  try {
    // Fifteen seconds to settle, not five: beside the API suites on two cores a frame can take that long.
    await expect.element(page.elementLocator(target)).toMatchScreenshot(`${id}.png`, { timeout: 15_000 });
  } finally {
    if (tall) {
      await page.viewport(width, height);
      await commands.setWindowHeight(1000);
    }
  }
};

declare module 'vitest/browser' {
  interface BrowserCommands {
    evaluateInFrame: (selector: string, source: string, arg: unknown, nested?: string) => Promise<unknown>;
    movePointer: (selector: string, inside: boolean) => Promise<void>;
    setWindowHeight: (height: number) => Promise<void>;
    resetWindow: (pointerMoved: boolean) => Promise<void>;
  }
}

let probes = 0;
/** A selector the Node side can find the element by. */
function probe(element: Element): string {
  const id = element.getAttribute('data-frame-probe') ?? String(++probes);
  element.setAttribute('data-frame-probe', id);
  return `[data-frame-probe="${id}"]`;
}

/** The tester frame's size in the storybook project (vitest.config.ts, `viewport`): a phone story's is given back. */
const DEFAULT_VIEWPORT = { width: 1200, height: 900 };
/** Resizes the tester's frame for a story (phone-viewport.ts); without a size, back to the default. */
globalThis.__storyViewport = async (size) => {
  const { width, height } = size ?? DEFAULT_VIEWPORT;
  if (window.innerWidth !== width || window.innerHeight !== height) await page.viewport(width, height);
};

/** Real input (Playwright's mouse) and code run inside child frames, for stories of sandboxed frames. */
globalThis.__frameTools = {
  hover: (element) => {
    pointerMoved = true;
    return commands.movePointer(probe(element), true);
  },
  unhover: (element) => {
    pointerMoved = true;
    return commands.movePointer(probe(element), false);
  },
  click: (frame, role, name) => {
    pointerMoved = true;
    return page.frameLocator(page.elementLocator(frame)).getByRole(role, { name, exact: true }).click();
  },
  evaluate: <Arg, Result>(
    frame: HTMLIFrameElement,
    callback: (arg: Arg) => Result | Promise<Result>,
    arg?: Arg,
    nested?: string,
  ) => commands.evaluateInFrame(probe(frame), callback.toString(), arg ?? null, nested) as Promise<Result>,
};
