// Vitest-only: turns every story into a screenshot test compared with a committed baseline.
// Stories stay free of `vitest` imports because Storybook's own UI loads them too.
import { expect } from 'vitest';
import { page } from 'vitest/browser';

globalThis.__visualSnapshot = async ({ canvasElement, id, tags }) => {
  if (tags.includes('no-visual')) return;
  await document.fonts.ready;
  const target = canvasElement.firstElementChild ?? canvasElement;
  await expect.element(page.elementLocator(target)).toMatchScreenshot(`${id}.png`);
};
