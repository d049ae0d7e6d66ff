// Stands in for @mantine/hooks' `useId` in the browser and server-rendering bundles (vite.config.ts,
// decision 104). Mantine's hook starts from React's id and then, in a layout effect, swaps it for a random
// one: on a server-rendered page every Mantine input, accordion and radio group set state as it hydrated,
// and React rendered them all a second time, synchronously, in the hydration's commit (about 40 ms of a
// throttled phone's blocking time on the home page). React's own `useId` is already unique and the same on
// the server and in the browser, which is all the labels and `aria-*` links need.
import { useId as useReactId } from 'react';

export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
