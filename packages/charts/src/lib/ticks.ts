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

/** How many labels fit across `width` pixels when each needs about `labelWidth` pixels. */
export const ticksThatFit = (width: number, labelWidth: number): number =>
  Math.max(2, Math.floor(width / labelWidth));
