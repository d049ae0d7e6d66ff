// "2 unread": beside My Family in the header's account menu and the phone's menu while the breeder's messages wait
// (the app reads the count from the messages feature and gives it to the header).
import { ToneBadge } from '../../../lib/client/ToneBadge.tsx';

export function UnreadBadge({ unread }: { unread: number }) {
  return (
    <>
      {' '}
      <ToneBadge tone="red" tt="none">
        {unread} unread
      </ToneBadge>
    </>
  );
}
