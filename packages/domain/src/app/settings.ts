// Settings the console persists in local storage (docs/product.md §3) and the rule for reusing them.
// Built with `zod/mini`: every page reads them on its first load (docs/console.md).
import { z } from 'zod/mini';
import { dateRangeSchema } from '../common';
import { SETTINGS_VERSION } from '../constants';
import { fileManagerSettingsSchema } from '../file-manager/settings';
import { defaultTimezone, timezoneSchema } from '../timezones/timezones';

/** Local storage keys the console uses. */
export const LOCAL_STORAGE_KEYS = {
  user: 'user',
  location: 'location',
  campaigns: 'campaigns',
  store: 'store',
} as const;

export const SIDEBAR_TYPES = ['light', 'dark'] as const;
export const CAMPAIGN_GROUPINGS = ['list', 'grid'] as const;
export const LAYOUTS = ['dashboard', 'page'] as const;

export const persistedSettingsSchema = z.object({
  version: z.string(),
  darkMode: z._default(z.boolean(), false),
  sidebarType: z._default(z.enum(SIDEBAR_TYPES), 'light'),
  layout: z._default(z.enum(LAYOUTS), 'dashboard'),
  activeReportingDates: z._default(z.nullable(dateRangeSchema), null),
  activeReportingTimezone: z._default(timezoneSchema, defaultTimezone),
  campaignGrouping: z._default(z.enum(CAMPAIGN_GROUPINGS), 'list'),
  /**
   * The file manager's settings (docs/product.md §3), null until a bucket is chosen. Unreadable ones are
   * dropped on their own, so they never cost the other settings.
   */
  fileManager: z.catch(z._default(z.nullable(fileManagerSettingsSchema), null), null),
});
export type PersistedSettings = z.infer<typeof persistedSettingsSchema>;

export const defaultSettings = (): PersistedSettings => ({
  version: SETTINGS_VERSION,
  darkMode: false,
  sidebarType: 'light',
  layout: 'dashboard',
  activeReportingDates: null,
  activeReportingTimezone: { ...defaultTimezone },
  campaignGrouping: 'list',
  fileManager: null,
});

/**
 * Settings to start with: the stored ones (an object or its JSON text) only when written by settings
 * version '0.1.0' and still readable; anything else gives the defaults.
 */
export function loadSettings(stored: unknown): PersistedSettings {
  let value = stored;
  if (typeof stored === 'string') {
    try {
      value = JSON.parse(stored);
    } catch {
      return defaultSettings();
    }
  }
  const parsed = persistedSettingsSchema.safeParse(value);
  if (!parsed.success || parsed.data.version !== SETTINGS_VERSION) return defaultSettings();
  return parsed.data;
}

/** Dark mode switches both the body styling flag and the sidebar type. */
export const toggleDarkMode = (settings: PersistedSettings): PersistedSettings => ({
  ...settings,
  darkMode: !settings.darkMode,
  sidebarType: settings.darkMode ? 'light' : 'dark',
});
