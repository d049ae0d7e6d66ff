import { createTheme } from '@mantine/core';
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
    DrawerHeader: { defaultProps: { component: 'div' } },
    // Focus ring, error and toast text contrast, and a name for every toast's close button.
    Input: { classNames: { input: a11y.input } },
    InputWrapper: { classNames: { error: a11y.error, required: a11y.required } },
    Notification: { classNames: { description: a11y.toastBody }, defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } } },
  },
});
