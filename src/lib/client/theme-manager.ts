// Mantine's colour scheme kept under the spec's key and values: 'system' in storage is Mantine's 'auto'.
import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { THEME_STORAGE_KEY, type ThemePreference } from '../shared/theme-preference.ts';

const toMantine = (value: string | null): MantineColorScheme | null =>
  value === 'light' || value === 'dark' ? value : value === 'system' ? 'auto' : null;
export const toPreference = (scheme: MantineColorScheme): ThemePreference => (scheme === 'auto' ? 'system' : scheme);

export function themeManager(): MantineColorSchemeManager {
  let listener: ((event: StorageEvent) => void) | undefined;
  return {
    get: (defaultValue) => {
      try {
        return toMantine(window.localStorage.getItem(THEME_STORAGE_KEY)) ?? defaultValue;
      } catch {
        return defaultValue; // storage disabled
      }
    },
    set: (value) => {
      try {
        window.localStorage.setItem(THEME_STORAGE_KEY, toPreference(value));
      } catch {
        // storage disabled: the choice lasts for this page only
      }
    },
    // Another tab changed it: follow.
    subscribe: (onUpdate) => {
      listener = (event) => {
        if (event.storageArea === window.localStorage && event.key === THEME_STORAGE_KEY) {
          const scheme = toMantine(event.newValue);
          if (scheme) onUpdate(scheme);
        }
      };
      window.addEventListener('storage', listener);
    },
    unsubscribe: () => {
      if (listener) window.removeEventListener('storage', listener);
    },
    clear: () => {
      try {
        window.localStorage.removeItem(THEME_STORAGE_KEY);
      } catch {
        // nothing stored
      }
    },
  };
}
