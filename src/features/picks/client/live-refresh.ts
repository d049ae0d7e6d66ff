// What a pick-day screen does with its live stream: refetch on every event (a change, or `resync` when the server may
// have missed some), and again whenever the stream has reconnected, so nothing in between is left unseen (decision 139).
import { useRef } from 'react';

export function useLiveRefresh(refresh: () => void) {
  const started = useRef(false);
  return {
    onData: () => refresh(),
    onStarted: () => {
      // The first start is the page's own load, which fetched already.
      if (started.current) refresh();
      started.current = true;
    },
  };
}
