// Vitest browser commands (Node side) for stories whose content lives in a sandboxed, cross-origin
// frame (the ad runtime's ads): the story's own script cannot reach into it, Playwright can.
import type {} from '@vitest/browser-playwright';
import type { BrowserCommand } from 'vitest/node';

/** Runs `source` (a function's text) with `arg` inside the frame of the `<iframe>` matching `selector`. */
export const evaluateInFrame: BrowserCommand<[selector: string, source: string, arg: unknown]> = async (
  context,
  selector,
  source,
  arg,
) => {
  const tester = await context.frame();
  const element = await tester.waitForSelector(selector, { state: 'attached' });
  const frame = await element.contentFrame();
  if (!frame) throw new Error(`${selector} is not a frame with a document`);
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
