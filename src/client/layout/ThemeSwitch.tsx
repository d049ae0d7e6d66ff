// The theme switch (SPEC §3, §4): Light, Dark or System, remembered under 'vite-ui-theme'.
import { useSyncExternalStore } from 'react';
import { VisuallyHidden, useMantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { SegmentedRadios } from '../../lib/client/SegmentedRadios.tsx';
import { toPreference } from '../../lib/client/theme-manager.ts';
import type { ThemePreference } from '../../lib/shared/theme-preference.ts';
import classes from './ThemeSwitch.module.css';

const OPTIONS: Array<{ value: ThemePreference; label: string; Icon: typeof IconSun }> = [
  { value: 'light', label: 'Light', Icon: IconSun },
  { value: 'dark', label: 'Dark', Icon: IconMoon },
  { value: 'system', label: 'System', Icon: IconDeviceDesktop },
];

// The scheme reaches the switch through Mantine's context; there is nothing more to subscribe to.
const noChanges = () => () => undefined;

/** Compact (icons, with the names for screen readers and as tooltips) in the header; labelled in the phone menu. */
export function ThemeSwitch({ withLabels = false }: { withLabels?: boolean }) {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  // The server cannot know the stored choice: the page hydrates showing Light, and React renders the switch
  // again only when the stored choice differs (the page's colours were already right, set by the theme
  // script before the first paint).
  const preference = useSyncExternalStore(
    noChanges,
    () => toPreference(colorScheme),
    () => 'light' as const,
  );
  return (
    <SegmentedRadios
      label="Theme"
      size="xs"
      classNames={withLabels ? undefined : { option: classes.option }}
      value={preference}
      onChange={(value) => setColorScheme(value === 'system' ? 'auto' : value)}
      options={OPTIONS.map(({ value, label, Icon }) => ({
        value,
        label: withLabels ? (
          <>
            <Icon size={16} aria-hidden />
            <span>{label}</span>
          </>
        ) : (
          <>
            <Icon size={16} aria-hidden />
            <VisuallyHidden>{label}</VisuallyHidden>
            <span className={classes.tip} aria-hidden>
              {label}
            </span>
          </>
        ),
      }))}
    />
  );
}
