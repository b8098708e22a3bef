import { describe, expect, it } from 'vitest';
import { defaultSettings, LOCAL_STORAGE_KEYS, loadSettings, toggleDarkMode } from './settings';

describe('persisted settings (docs/product.md §3, §4 and §9)', () => {
  it("defaults to version '0.1.0', light mode, campaign grouping 'list' and the UTC (+00:00) timezone", () => {
    expect(loadSettings(undefined)).toEqual({
      version: '0.1.0',
      darkMode: false,
      sidebarType: 'light',
      layout: 'dashboard',
      activeReportingDates: null,
      activeReportingTimezone: { label: '(GMT+00:00) UTC', offset: '+00:00', tzCode: 'UTC' },
      campaignGrouping: 'list',
      fileManager: null,
    });
  });

  it("reuses stored settings only when their version is '0.1.0'", () => {
    const stored = { ...defaultSettings(), darkMode: true, sidebarType: 'dark' };
    expect(loadSettings(stored).darkMode).toBe(true);
    expect(loadSettings(JSON.stringify(stored)).darkMode).toBe(true);
    expect(loadSettings({ ...stored, version: '0.0.9' })).toEqual(defaultSettings());
    expect(loadSettings({ ...stored, version: undefined })).toEqual(defaultSettings());
  });

  it('falls back to the defaults for unreadable stored settings', () => {
    expect(loadSettings('{not json')).toEqual(defaultSettings());
    expect(loadSettings({ version: '0.1.0', campaignGrouping: 'tree' })).toEqual(defaultSettings());
    expect(loadSettings({ version: '0.1.0' })).toEqual(defaultSettings());
  });

  it('toggles dark mode together with the sidebar type', () => {
    const dark = toggleDarkMode(defaultSettings());
    expect(dark).toMatchObject({ darkMode: true, sidebarType: 'dark' });
    expect(toggleDarkMode(dark)).toMatchObject({ darkMode: false, sidebarType: 'light' });
  });

  it('keeps user, location, campaigns and store in local storage', () => {
    expect(Object.values(LOCAL_STORAGE_KEYS)).toEqual(['user', 'location', 'campaigns', 'store']);
  });
});
