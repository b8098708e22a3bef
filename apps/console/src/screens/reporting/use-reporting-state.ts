// The reporting page's state in its URL (bookmarkable) and in the persisted settings (the last range and
// zone), read and written by the domain's rules. The Breakdown tab lives in the URL only.
import {
  type ReportingState,
  readReportingState,
  reportingQueryOf,
  reportingSearch,
} from '@adconsole/domain';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { updateSettings, useSettings } from '../../settings/settings';

/**
 * `campaignTimezone`: the campaign's zone, read when the URL names none (the domain's reportTimezone);
 * a share page passes 'UTC', as the server's first view reads it (its address names the campaign's zone
 * otherwise: http/server-view.ts in the API).
 */
export function useReportingState(now: Date = new Date(), campaignTimezone?: string | undefined) {
  const [params, setParams] = useSearchParams();
  const settings = useSettings();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the state follows the URL and the stored choice; `now` moves on every render
  const state = useMemo(
    () => readReportingState(reportingQueryOf(params), settings, now, campaignTimezone),
    [key, settings.activeReportingDates, settings.activeReportingTimezone, campaignTimezone],
  );

  /** Moves the page to another state: a new history entry, and the stored choice for next time. */
  const change = (next: Partial<ReportingState>) => {
    const merged = { ...state, ...next };
    setParams(reportingSearch(merged));
    updateSettings({
      activeReportingDates: { start: merged.dates.start.toISOString(), end: merged.dates.end.toISOString() },
      activeReportingTimezone: merged.timezone,
    });
  };
  return { state, change, search: `?${new URLSearchParams(reportingSearch(state)).toString()}` };
}
