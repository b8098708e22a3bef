// Which tick labels an axis shows: a 365-day axis cannot label every day.

/**
 * At most `maxTicks` values spread evenly over `values`, always the first and, when room allows,
 * the last. For day series the step snaps to whole weeks once it passes 7 days, so labels fall on
 * the same weekday.
 */
export function thinTicks<T>(values: readonly T[], maxTicks: number): T[] {
  if (values.length <= maxTicks) return [...values];
  if (maxTicks <= 1) return values.slice(0, 1);
  let step = Math.ceil((values.length - 1) / (maxTicks - 1));
  if (step > 7) step = Math.ceil(step / 7) * 7;
  const ticks: T[] = [];
  for (let index = 0; index < values.length; index += step) ticks.push(values[index] as T);
  const last = values[values.length - 1] as T;
  // Add the last value when there is room and it is far enough from the previous label (labels are
  // centred on their tick, so a shorter gap would make the two overlap).
  const gap = (values.length - 1) % step;
  if (ticks.length < maxTicks && gap >= step * 0.75) ticks.push(last);
  return ticks;
}

/** An axis label placed: where its anchor stands, how wide it is drawn, and how it hangs from the anchor. */
export interface PlacedLabel {
  x: number;
  width: number;
  anchor: 'middle' | 'end';
}

/**
 * The labels that can all be drawn without touching (at least `gap` pixels apart), the last one always
 * kept: walking back from it, a label is dropped when it would reach into the next one kept. An axis
 * whose last label hangs left of its tick (text-anchor end, so it stays inside the chart) needs this:
 * thinning by count alone assumes centred labels, and its last two overlapped.
 */
export function labelsApart<T extends PlacedLabel>(labels: readonly T[], gap = 6): T[] {
  const kept: T[] = [];
  let limit = Number.POSITIVE_INFINITY;
  for (let index = labels.length - 1; index >= 0; index -= 1) {
    const label = labels[index] as T;
    const right = label.anchor === 'end' ? label.x : label.x + label.width / 2;
    if (right + gap > limit) continue;
    kept.unshift(label);
    limit = right - label.width;
  }
  return kept;
}

/** How many labels fit across `width` pixels when each needs about `labelWidth` pixels. */
export const ticksThatFit = (width: number, labelWidth: number): number =>
  Math.max(2, Math.floor(width / labelWidth));

/**
 * About how wide `text` is drawn at `fontSize` pixels in a sans-serif face, rounded up: axis labels are
 * placed before anything is measured (and on a server, where nothing can be), so a label's width is an
 * estimate erring wide (the widths of DejaVu Sans, the widest of the usual faces): digits and lower
 * case 0.64 em, capitals 0.76 em, '%' 0.95 em, narrow marks 0.34 em, CJK characters 1 em.
 */
export function labelWidth(text: string, fontSize = 11): number {
  let ems = 0;
  for (const char of text) {
    if (/[\s:.,'’-]/.test(char)) ems += 0.34;
    else if (char === '%') ems += 0.95;
    else if (/[A-Z]/.test(char)) ems += 0.76;
    else if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(char)) ems += 1;
    else ems += 0.64;
  }
  return Math.ceil(ems * fontSize);
}

/** The space kept between two neighbouring axis labels, in pixels. */
export const LABEL_GAP = 8;

/**
 * Labels for `count` evenly spaced slots across `width` pixels, one every `step` slots from the first:
 * the first of `steps` (densest first) at which one of `labelSets` (preferred first, each a label per
 * slot) fits without two labels coming closer than `LABEL_GAP`; else the last step with the narrowest set.
 */
export function spacedLabels(
  labelSets: readonly (readonly string[])[],
  count: number,
  width: number,
  steps: readonly number[],
  fontSize = 11,
): { step: number; labels: readonly string[] } {
  const slot = width / count;
  const widest = (labels: readonly string[]) =>
    Math.max(0, ...labels.map((label) => labelWidth(label, fontSize)));
  for (const step of steps) {
    for (const labels of labelSets) {
      if (step * slot >= widest(labels) + LABEL_GAP) return { step, labels };
    }
  }
  const narrowest = [...labelSets].sort((a, b) => widest(a) - widest(b))[0] ?? [];
  return { step: steps[steps.length - 1] ?? 1, labels: narrowest };
}
