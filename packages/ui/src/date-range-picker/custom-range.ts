// How a click on the calendar moves a custom range: as in the pickers a trafficker knows (Google
// Analytics, Ad Manager, Campaign Manager 360), the first click always starts a new range.
import { isBefore, startOfDay } from 'date-fns';

/** A range being picked: its first day, and its last once the second day is clicked. */
export type CustomRangeDraft = { from: Date | undefined; to?: Date | undefined };

/**
 * The range after a click on `day`: a complete range (or none) starts afresh at the day, with its end
 * unset; a range with only a first day ends at the day, or, when the day is before it, runs from the
 * day to that first day. The same day twice is a range of one day.
 */
export function pickRangeDay(draft: CustomRangeDraft | undefined, day: Date): CustomRangeDraft {
  const clicked = startOfDay(day);
  if (!draft?.from || draft.to) return { from: clicked, to: undefined };
  const first = startOfDay(draft.from);
  return isBefore(clicked, first) ? { from: clicked, to: first } : { from: first, to: clicked };
}
