import { Center, Loader } from '@mantine/core';

/** Shown while a lazy route or guarded data loads. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Loader aria-label={label} />
    </Center>
  );
}
