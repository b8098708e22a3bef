// Persisted display settings (docs/product.md §3, local storage key 'store', version 0.1.0).
import { LOCAL_STORAGE_KEYS, loadSettings, type PersistedSettings, toggleDarkMode } from '@adconsole/domain';
import { useSyncExternalStore } from 'react';
import { localStore } from '../lib/local-store';

export const settingsStore = localStore<PersistedSettings>(
  LOCAL_STORAGE_KEYS.store,
  loadSettings,
  (settings) => JSON.stringify(settings),
);

export const useSettings = (): PersistedSettings =>
  useSyncExternalStore(settingsStore.subscribe, settingsStore.get);

export const updateSettings = (change: Partial<PersistedSettings>) =>
  settingsStore.set({ ...settingsStore.get(), ...change });

/** Dark mode toggles the document's theme (body styling) and the sidebar type together. */
export const toggleTheme = () => settingsStore.set(toggleDarkMode(settingsStore.get()));

/** Keeps the document's `dark` class in step with the stored setting (portals read it there). */
export function applyTheme(settings: PersistedSettings = settingsStore.get()) {
  document.documentElement.classList.toggle('dark', settings.darkMode);
  document.documentElement.style.colorScheme = settings.darkMode ? 'dark' : 'light';
}
