// The family's "Messages" card on /account: the conversation with the breeder, live, and the e-mail switch.
import '@mantine/core/styles/Switch.layer.css';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Card, Stack, Switch, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { errorMessage, trpc } from '../../../lib/client/trpc.ts';
import { toast } from '../../../lib/client/toast.ts';
import { Thread } from './Thread.tsx';
import { Compose } from './Compose.tsx';
import { AttachFiles } from './AttachFiles.tsx';
import { useLiveRefresh } from './live-refresh.ts';
import { unreadCountKey } from './unread.ts';
import type { MessageUploadDto } from '../messages.schema.ts';

export function FamilyMessages() {
  const queryClient = useQueryClient();
  const listKey = trpc.messages.list.pathKey();
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: listKey }), queryClient.invalidateQueries({ queryKey: unreadCountKey() })]);
  const list = useInfiniteQuery(trpc.messages.list.infiniteQueryOptions({}, { getNextPageParam: (last) => last.nextCursor ?? undefined }));
  useSubscription(
    trpc.messages.live.subscriptionOptions(
      undefined,
      useLiveRefresh(() => void refresh()),
    ),
  );
  const markRead = useMutation(trpc.messages.markRead.mutationOptions({ onSuccess: () => void refresh() }));
  const unread = list.data?.pages[0]?.unread ?? 0;
  // Read once the family has the thread on its screen, not when My Family opens: the header's badge and "Messages (n)"
  // stay until then.
  const card = useRef<HTMLElement>(null);
  const seen = useOnScreen(card);
  useEffect(() => {
    if (seen && unread > 0 && !markRead.isPending) markRead.mutate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unread, seen]);
  const send = useMutation(trpc.messages.send.mutationOptions({ onSuccess: () => void refresh() }));
  const [files, setFiles] = useState<MessageUploadDto[]>([]);
  const [uploading, setUploading] = useState(false);

  return (
    <Card withBorder padding="lg" id="messages" component="section" aria-labelledby="messages-title" ref={card}>
      <Stack gap="md">
        <Title order={2} size="h3" id="messages-title">
          Messages
        </Title>
        {list.isError ? (
          <Text c="red">{errorMessage(list.error, 'Your messages could not be loaded. Please try again later.')}</Text>
        ) : list.isPending ? (
          <Text c="dimmed">Loading messages…</Text>
        ) : (
          <Thread
            pages={list.data.pages}
            reader="family"
            hasOlder={list.hasNextPage}
            loadingOlder={list.isFetchingNextPage}
            onLoadOlder={() => void list.fetchNextPage()}
            empty="No messages yet. Write to us here: questions, visits, anything about your puppy."
            label="Messages with the breeder, oldest first"
          />
        )}
        <Compose
          label="Your message"
          sending={send.isPending || uploading}
          attachmentCount={files.length}
          onSend={async (text) => {
            await send.mutateAsync({ text, attachments: files.map((f) => f.url) });
            setFiles([]);
          }}
          extra={<AttachFiles files={files} onChange={setFiles} onBusy={setUploading} />}
        />
        <EmailSwitch />
      </Stack>
    </Card>
  );
}

/** Whether any part of the element is on the screen (true where the browser cannot say). */
function useOnScreen(ref: RefObject<HTMLElement | null>): boolean {
  const [onScreen, setOnScreen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return setOnScreen(true);
    const observer = new IntersectionObserver((entries) => setOnScreen(entries.some((e) => e.isIntersecting)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return onScreen;
}

function EmailSwitch() {
  const queryClient = useQueryClient();
  const pref = useQuery(trpc.messages.emailPreference.queryOptions());
  const set = useMutation(
    trpc.messages.setEmailPreference.mutationOptions({
      onSuccess: (next) => {
        queryClient.setQueryData(trpc.messages.emailPreference.queryKey(), next);
        toast({ title: next.enabled ? 'Message e-mails on' : 'Message e-mails off', variant: 'success' });
      },
      onError: (error) => toast({ title: 'Could not save', message: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    }),
  );
  return (
    <Switch
      label="E-mail me when the breeder writes (you can answer by replying)"
      checked={pref.data?.enabled ?? true}
      disabled={pref.isPending || set.isPending}
      onChange={(e) => set.mutate({ enabled: e.currentTarget.checked })}
    />
  );
}
