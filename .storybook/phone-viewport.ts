// A story seen on a 390 px wide phone (844 px tall), not only in a narrow box: the tester's frame itself is
// resized, so media queries (`sm:`), a dialog's `fixed` box and its overlay are a phone's, and the baseline
// is 390 px wide. Used as a story's `beforeEach`; the frame goes back to the config's size (vitest.config.ts,
// the storybook project's `viewport`) before the next story renders (Storybook runs the cleanup then). In
// Storybook's own UI (no tester) it does nothing: use the toolbar's viewport there.

/** The phone the console's phone-width stories and journeys are made for (e2e's too). */
export const PHONE_VIEWPORT = { width: 390, height: 844 } as const;

declare global {
  // Defined by the Vitest setup file only (vitest.setup.ts): resizes the tester's frame; no size: the default.
  var __storyViewport: ((size?: { width: number; height: number }) => Promise<void>) | undefined;
}

/** `beforeEach: phoneViewport`: the story renders on a 390 px phone. */
export async function phoneViewport(): Promise<() => Promise<void>> {
  await globalThis.__storyViewport?.(PHONE_VIEWPORT);
  return async () => {
    await globalThis.__storyViewport?.();
  };
}
