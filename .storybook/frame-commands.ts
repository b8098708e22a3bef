// Vitest browser commands (Node side) for stories whose content lives in a sandboxed, cross-origin
// frame (the ad runtime's ads): the story's own script cannot reach into it, Playwright can.
import type {} from '@vitest/browser-playwright';
import type { BrowserCommand } from 'vitest/node';

/**
 * Runs `source` (a function's text) with `arg` inside the frame of the `<iframe>` matching `selector`, or
 * of the `<iframe>` matching `nested` inside that frame (the ad's frame inside the creative preview's page).
 */
export const evaluateInFrame: BrowserCommand<
  [selector: string, source: string, arg: unknown, nested?: string | undefined]
> = async (context, selector, source, arg, nested) => {
  const tester = await context.frame();
  const element = await tester.waitForSelector(selector, { state: 'attached' });
  let frame = await element.contentFrame();
  if (frame && nested)
    frame = await (await frame.waitForSelector(nested, { state: 'attached' })).contentFrame();
  if (!frame) throw new Error(`${selector} ${nested ?? ''} is not a frame with a document`);
  return frame.evaluate(`(${source})(${JSON.stringify(arg ?? null)})`);
};

/**
 * Moves the real pointer in steps, as a hand does, to the centre of the element matching `selector`
 * (inside) or to 40 px right of it (outside): every document on the way gets its boundary events
 * (a single jump into a nested frame would leave the frame's ancestors none).
 */
export const movePointer: BrowserCommand<[selector: string, inside: boolean]> = async (
  context,
  selector,
  inside,
) => {
  const tester = await context.frame();
  const box = await tester.locator(selector).boundingBox();
  if (!box) throw new Error(`${selector} is not visible`);
  const x = inside ? box.x + box.width / 2 : box.x + box.width + 40;
  await context.page.mouse.move(x, box.y + box.height / 2, { steps: 8 });
};

/**
 * Sets the browser window's height (its width stays 1280, as in the config): a story taller than the
 * tester's frame is shot in a frame grown to its height, and the window must hold that frame unscaled.
 */
export const setWindowHeight: BrowserCommand<[height: number]> = async (context, height) => {
  await context.page.setViewportSize({ width: 1280, height });
};

/** Per tester page: whether a window opened since the page was last brought to the front. */
const openedSinceFront = new WeakMap<object, boolean>();

/**
 * Between stories: closes any window a story opened (a real click on an ad opens its landing page in a
 * new tab, which sends the tester's page to the background, where Chromium throttles its frames and
 * every later screenshot waits), brings the tester's page back to the front and parks the pointer in
 * the window's bottom-right corner, outside the story's frame, so no chart shows a hover tooltip it was not asked for.
 *
 * Each step is a round trip to Chromium, and this runs twice per story, so it does only what is needed:
 * the page comes to the front again only when a window opened since it last did (the context's `page`
 * event, seen here in Node, counts every window, closed since or not), and the pointer moves only when
 * `pointerMoved` says the story moved it (the setup file's `__frameTools`, the only real pointer input
 * a story has) or the page has not been parked yet.
 */
export const resetWindow: BrowserCommand<[pointerMoved: boolean]> = async (context, pointerMoved) => {
  const { page } = context;
  const browserContext = page.context();
  const seen = openedSinceFront.has(page);
  if (!seen) {
    browserContext.on('page', (opened) => {
      if (opened !== page) openedSinceFront.set(page, true);
    });
  }
  for (const other of browserContext.pages()) {
    if (other !== page) await other.close();
  }
  if (!seen || openedSinceFront.get(page)) {
    await page.bringToFront();
    openedSinceFront.set(page, false);
  }
  if (!seen || pointerMoved) {
    const size = page.viewportSize();
    await page.mouse.move((size?.width ?? 1280) - 1, (size?.height ?? 1000) - 1);
  }
};
