import { createTheme, type CSSVariablesResolver } from '@mantine/core';
import a11y from './theme.module.css';

export const theme = createTheme({
  primaryColor: 'amber',
  colors: {
    // Warm golden tones; shade 8 passes WCAG AA on white for text and filled buttons.
    amber: ['#fff8e1', '#ffecb3', '#ffe082', '#ffd54f', '#e8b23a', '#c98d1a', '#a86f12', '#8a5a0e', '#6f470a', '#553607'],
  },
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'Georgia, "Times New Roman", serif' },
  defaultRadius: 'md',
  components: {
    // A <header> inside a dialog counts as a second page banner for assistive technology.
    ModalHeader: { defaultProps: { component: 'div' } },
    // Every dialog's close button has a name (axe: button-name; Mantine's has none by default).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    DrawerHeader: { defaultProps: { component: 'div' } },
    // Focus ring, error and toast text contrast, and a name for every toast's close button.
    Input: { classNames: { input: a11y.input } },
    InputWrapper: { classNames: { error: a11y.error, required: a11y.required } },
    // Links are underlined, not told apart by colour alone (WCAG 1.4.1); navigation opts out where position says it.
    Anchor: { defaultProps: { underline: 'always' } },
    Typography: { classNames: { root: a11y.prose } },
    // Dropdowns are positioned fixed: one opened at the foot of a page on a phone otherwise grew the page
    // below it, the page scrolled to follow, the field left the view and the list hid itself.
    Combobox: { defaultProps: { floatingStrategy: 'fixed' } },
    // An alert's title in the text colour: Mantine's coloured title on its own light tint is under 4.5:1 in the light
    // theme for green, teal, yellow and orange (the verify page's "Genuine", the waitlist's "matched" alert).
    Alert: { classNames: { title: a11y.alertTitle } },
    Notification: {
      classNames: { description: a11y.toastBody },
      defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } },
    },
  },
});

/**
 * Per-scheme colours Mantine's defaults get wrong for WCAG AA: dimmed text (gray-6 is 3.3:1 on white), placeholders
 * (gray-5 on white, dark-3 on a dark input: under 4.5:1, e.g. the verify page's "Choose a PDF", issue 45) and the error
 * red, plus the alternate section background. One place, both themes.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  // White on red-8 (Mantine's filled red at primaryShade 8) is 4.48:1; red-9 is 5.4:1. Danger buttons in both themes.
  variables: { '--mantine-color-red-filled': 'var(--mantine-color-red-9)', '--mantine-color-red-filled-hover': '#a61e1e' },
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--surface-alt': 'var(--mantine-color-gray-0)',
    '--surface-warm': 'var(--mantine-color-amber-0)',
    '--surface-warm-border': 'var(--mantine-color-amber-2)',
    '--surface-highlight': 'var(--mantine-color-blue-0)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--surface-alt': 'var(--mantine-color-dark-8)',
    '--surface-warm': '#2a2419',
    '--surface-warm-border': '#4a3f2c',
    '--surface-highlight': '#1a2636',
  },
});
