// The family's unread count from the breeder: the header's badge and My Family's "Messages (n)". One column of one row,
// fetched again every minute, when the window regains focus, and whenever the conversation changes (FamilyMessages).
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../lib/client/trpc.ts';

export function useUnreadMessages(enabled: boolean): number {
  const q = useQuery({ ...trpc.messages.unreadCount.queryOptions(), enabled, refetchInterval: 60_000, staleTime: 15_000 });
  return enabled ? (q.data?.unread ?? 0) : 0;
}

export const unreadCountKey = () => trpc.messages.unreadCount.queryKey();
