import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** Shown while a lazy route or guarded data loads. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      {/* The status names itself: a bare span may not carry an aria-label (axe: aria-prohibited-attr). */}
      <Loader aria-hidden />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
