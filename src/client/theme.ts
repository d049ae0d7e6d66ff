import { createTheme } from '@mantine/core';

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
  },
});
