// The visitor's theme (SPEC §3): light, dark or system, kept in localStorage under 'vite-ui-theme'.
// The page applies it before its first paint with THEME_SCRIPT (inline, allowed by its hash in the CSP);
// Mantine then keeps it through colorSchemeManager (src/lib/client/theme-manager.ts).

export const THEME_STORAGE_KEY = 'vite-ui-theme';
export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

/**
 * Sets data-mantine-color-scheme on <html> from the stored preference: light unless the visitor chose
 * dark, or chose system and the device is dark. Kept tiny: it blocks the first paint.
 */
export const THEME_SCRIPT =
  "(function(){var d=document.documentElement,s='light';try{var t=localStorage.getItem('vite-ui-theme');if(t==='dark'||(t==='system'&&matchMedia('(prefers-color-scheme: dark)').matches))s='dark'}catch(e){}d.setAttribute('data-mantine-color-scheme',s);d.style.colorScheme=s})();";
