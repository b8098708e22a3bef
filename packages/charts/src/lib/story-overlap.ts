// Stories only: the chart's drawn labels (its SVG text) measured where the browser put them, so a
// story fails when two of them overlap or come closer than `gap` pixels: axis ticks crowding on a
// phone, a tick running into a name.
import { expect } from 'storybook/test';

type Box = { text: string; left: number; right: number; top: number; bottom: number };

/** Every pair of the labels in `root`'s chart that overlap (each box grown by half of `gap`). */
function overlappingLabels(root: Element, gap = 2): string[] {
  const boxes: Box[] = [...root.querySelectorAll('[data-slot="chart-image"] svg text')]
    .map((element) => {
      const box = element.getBoundingClientRect();
      return { text: element.textContent ?? '', ...box.toJSON() } as Box;
    })
    .filter((box) => box.text.trim() !== '' && box.right > box.left);
  const pairs: string[] = [];
  boxes.forEach((a, index) => {
    for (const b of boxes.slice(index + 1)) {
      const apart =
        a.right + gap / 2 <= b.left - gap / 2 ||
        b.right + gap / 2 <= a.left - gap / 2 ||
        a.bottom <= b.top ||
        b.bottom <= a.top;
      if (!apart) pairs.push(`"${a.text}" and "${b.text}"`);
    }
  });
  return pairs;
}

/** Fails with the labels that overlap, if any. */
export async function expectLabelsApart(root: Element, gap = 2): Promise<void> {
  await expect(overlappingLabels(root, gap)).toEqual([]);
}
