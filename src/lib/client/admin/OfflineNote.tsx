// "offline, as of 5:33 AM" (issue 45): a screen read from the phone's last copy says how old that copy is, in the
// phone's own time, while the phone has no connection.
import { useSyncExternalStore } from 'react';
import { Text } from '@mantine/core';

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** False while the phone has no connection (navigator.onLine); true on the server and where unknown. */
export function useOnline() {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** "5:33 AM" on the same day, "Tue 5:33 AM" within the week, "Dec 1, 5:33 AM" before, in the phone's zone. */
export function asOfLabel(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  if (at.toDateString() === now.toDateString()) return time;
  if (now.getTime() - at.getTime() < 6 * 86_400_000) return `${at.toLocaleDateString(undefined, { weekday: 'short' })} ${time}`;
  return `${at.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })}, ${time}`;
}

/** Shown only offline: when the answer on screen was made (the server's time of it, `at`). */
export function OfflineNote({ at }: { at: string | undefined }) {
  const online = useOnline();
  if (online || !at) return null;
  return (
    <Text size="sm" c="dimmed" role="status">
      offline, as of <time dateTime={at}>{asOfLabel(at)}</time>
    </Text>
  );
}
