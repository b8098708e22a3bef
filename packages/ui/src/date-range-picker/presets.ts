import { endOfDay, endOfMonth, isSameDay, startOfDay, startOfMonth, subDays, subMonths } from 'date-fns';

export type DateRange = { from: Date; to: Date };

export type DateRangePresetId =
  | 'today'
  | 'yesterday'
  | 'last7'
  | 'last30'
  | 'thisMonth'
  | 'lastMonth'
  | 'custom';

export type DateRangePreset = { id: DateRangePresetId; label: string; range: DateRange | null };

/** A preset of the app's own (say, a campaign's flight), listed before Custom. */
export type ExtraDateRangePreset = { id: string; label: string; range: DateRange };

/** The picker's presets relative to `now`, each from 00:00 of its first day to the end of its last. */
export function dateRangePresets(now: Date): DateRangePreset[] {
  const today = { from: startOfDay(now), to: endOfDay(now) };
  const lastMonth = subMonths(now, 1);
  const yesterday = endOfDay(subDays(now, 1));
  return [
    { id: 'today', label: 'Today', range: today },
    {
      id: 'yesterday',
      label: 'Yesterday',
      range: { from: startOfDay(subDays(now, 1)), to: yesterday },
    },
    // "Last 7 days" is the seven whole days before today, as in Google Analytics and Ad Manager: today
    // is not over, and its figures against whole days read as a fall. Today and This month hold it.
    { id: 'last7', label: 'Last 7 days', range: { from: startOfDay(subDays(now, 7)), to: yesterday } },
    { id: 'last30', label: 'Last 30 days', range: { from: startOfDay(subDays(now, 30)), to: yesterday } },
    { id: 'thisMonth', label: 'This month', range: { from: startOfMonth(now), to: today.to } },
    {
      id: 'lastMonth',
      label: 'Last month',
      range: { from: startOfMonth(lastMonth), to: endOfMonth(lastMonth) },
    },
    { id: 'custom', label: 'Custom', range: null },
  ];
}

/** Which preset a range equals (by calendar day; the standard ones first), or 'custom'. */
export function matchPreset(
  range: DateRange | undefined,
  now: Date,
  extraPresets: readonly ExtraDateRangePreset[] = [],
): DateRangePresetId | (string & {}) {
  if (!range) return 'custom';
  const match = [...dateRangePresets(now), ...extraPresets].find(
    (preset) =>
      preset.range && isSameDay(preset.range.from, range.from) && isSameDay(preset.range.to, range.to),
  );
  return match?.id ?? 'custom';
}
