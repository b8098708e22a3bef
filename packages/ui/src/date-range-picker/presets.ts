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
  return [
    { id: 'today', label: 'Today', range: today },
    {
      id: 'yesterday',
      label: 'Yesterday',
      range: { from: startOfDay(subDays(now, 1)), to: endOfDay(subDays(now, 1)) },
    },
    // "Last 7 days" ends with today: today and the six days before it.
    { id: 'last7', label: 'Last 7 days', range: { from: startOfDay(subDays(now, 6)), to: today.to } },
    { id: 'last30', label: 'Last 30 days', range: { from: startOfDay(subDays(now, 29)), to: today.to } },
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
