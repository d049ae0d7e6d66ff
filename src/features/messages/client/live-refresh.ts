// What a page does with the conversation's live stream: refetch on every event (a change, or `resync` when the
// server may have missed some), and again whenever the stream has reconnected (it ended at a server's shutdown,
// or the connection dropped): nothing that happened in between is left unseen (decision 139).
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
