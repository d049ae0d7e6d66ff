// The dashboard's Messages: every family's conversation, most recent first, with unread counts; one thread
// with the answer box. Both follow new messages live.
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Badge, CloseButton, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { IconAlertTriangle } from '@tabler/icons-react';
import { trpc } from '../../../../lib/client/trpc.ts';
import { AdminList } from '../../../../lib/client/admin/AdminList.tsx';
import { QueryState } from '../../../../lib/client/admin/ListParts.tsx';
import { MediaBatchDrop } from '../../../../lib/client/admin/MediaField.tsx';
import { MESSAGE_MAX_ATTACHMENTS } from '../../messages.schema.ts';
import { MessageRow, UnreadSummary } from '../../../../lib/client/admin/Messages.tsx';
import { AdminScreen, EditorHeader, useEditorView } from '../../../../lib/client/admin/Section.tsx';
import { Thread } from '../Thread.tsx';
import { Compose } from '../Compose.tsx';
import { useLiveRefresh } from '../live-refresh.ts';

/** `?inquiry=<id>` (the inbox's "Answer in Messages"): opens that inquiry's conversation, made when missing. */
function useOpenFromInquiry() {
  const search = useSearch({ strict: false }) as { inquiry?: unknown };
  const navigate = useNavigate();
  const started = useRef(false);
  const forInquiry = useMutation(
    trpc.admin.messages.forInquiry.mutationOptions({
      onSuccess: (c) => void navigate({ to: '.', search: { edit: c.id }, replace: true }),
    }),
  );
  const inquiryId =
    typeof search.inquiry === 'number'
      ? search.inquiry
      : typeof search.inquiry === 'string' && /^\d+$/.test(search.inquiry)
        ? Number(search.inquiry)
        : null;
  useEffect(() => {
    if (inquiryId && !started.current) {
      started.current = true;
      forInquiry.mutate({ inquiryId });
    }
  }, [inquiryId, forInquiry]);
  return forInquiry;
}

export function MessagesAdmin() {
  const { open } = useEditorView();
  const queryClient = useQueryClient();
  const fromInquiry = useOpenFromInquiry();
  const unread = useQuery(trpc.admin.messages.unreadCount.queryOptions());
  // Any change anywhere: the list, the badge and an open thread refetch (they are all under admin.messages).
  useSubscription(
    trpc.admin.messages.live.subscriptionOptions(
      undefined,
      useLiveRefresh(() => void queryClient.invalidateQueries({ queryKey: trpc.admin.messages.pathKey() })),
    ),
  );
  return (
    <AdminScreen
      editor={(target) => typeof target === 'number' && <ConversationView id={target} />}
      list={
        <AdminList
          noun={['conversation', 'conversations']}
          title="Messages"
          listLabel="Conversations, most recent first"
          queryOptions={(input) => trpc.admin.messages.list.queryOptions(input)}
          search={{ label: 'Search conversations', placeholder: 'Family, e-mail or last message' }}
          empty="No conversations yet. When a family writes from its page, or you write to one, it appears here."
          intro={() => (
            <>
              {fromInquiry.isError && (
                <Text c="red" role="alert" mb="sm">
                  {fromInquiry.error.message}
                </Text>
              )}
              <UnreadSummary count={unread.data?.unread} adjective="unread" noun={['message', 'messages']} />
            </>
          )}
          renderItem={(c) => (
            <MessageRow
              unread={c.unread > 0}
              unreadWord="Unread"
              name={c.familyName}
              badge={
                c.unread > 0 ? (
                  <Badge size="sm" color="red">
                    {c.unread} unread
                  </Badge>
                ) : c.emailFailing ? (
                  <Badge size="sm" color="orange" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
                    E-mail bounced
                  </Badge>
                ) : null
              }
              lines={[c.email ?? 'No e-mail address', c.preview || 'No messages yet']}
              createdAt={c.lastMessageAt ?? new Date(0).toISOString()}
              onOpen={() => open(c.id)}
            />
          )}
        />
      }
    />
  );
}

function ConversationView({ id }: { id: number }) {
  const { close } = useEditorView();
  const thread = useConversationThread(id);
  const c = thread.data?.pages[0]?.conversation;
  return (
    <>
      <EditorHeader title={c ? `Conversation with ${c.familyName}` : 'Conversation'} onBack={close} backLabel="Back to messages" />
      <QueryState query={thread} what="the conversation" />
      {c && thread.data && <ConversationBody id={id} thread={thread} />}
    </>
  );
}

/** One conversation's pages, newest first; marked read while unread messages show. */
export function useConversationThread(id: number) {
  const queryClient = useQueryClient();
  const thread = useInfiniteQuery(
    trpc.admin.messages.conversation.infiniteQueryOptions(
      { conversationId: id },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
  );
  const markRead = useMutation(
    trpc.admin.messages.markRead.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.admin.messages.pathKey() }),
    }),
  );
  const unread = thread.data?.pages[0]?.unread ?? 0;
  useEffect(() => {
    if (unread > 0 && !markRead.isPending) markRead.mutate({ conversationId: id });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unread, id]);
  return thread;
}

/**
 * The thread and the answer box with photo and PDF uploads, for the Messages section and for the conversation
 * shown inside an application or an inquiry.
 */
export function ConversationBody({ id, thread }: { id: number; thread: ReturnType<typeof useConversationThread> }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.messages.pathKey() });
  const send = useMutation(trpc.admin.messages.send.mutationOptions({ onSuccess: () => void refresh() }));
  const first = thread.data?.pages[0];
  const c = first?.conversation;
  if (!c || !thread.data) return null;
  return (
    <Stack gap="md">
      {c.emailFailing && (
        <Text c="orange.9" role="status">
          Mail to {c.email} bounced: reach this family another way until they fix their address.
        </Text>
      )}
      <Paper withBorder p="md" radius="md">
        <Thread
          pages={thread.data.pages}
          reader="breeder"
          hasOlder={thread.hasNextPage}
          loadingOlder={thread.isFetchingNextPage}
          onLoadOlder={() => void thread.fetchNextPage()}
          empty="No messages yet. Write the first one below."
          label={`Messages with ${c.familyName}, oldest first`}
        />
      </Paper>
      <BreederCompose
        label={`Reply to ${c.familyName}`}
        pending={send.isPending}
        send={(text, attachments) => send.mutateAsync({ conversationId: id, text, attachments })}
      />
    </Stack>
  );
}

/** The breeder's answer box: text, and photos and PDFs uploaded through the dashboard's media upload (private). */
export function BreederCompose({
  label,
  pending,
  send,
}: {
  label: string;
  pending: boolean;
  send: (text: string, attachments: string[]) => Promise<unknown>;
}) {
  const [attachments, setAttachments] = useState<string[]>([]);
  const [dropKey, setDropKey] = useState(0);
  return (
    <Compose
      label={label}
      sending={pending}
      attachmentCount={attachments.length}
      onSend={async (text) => {
        await send(text, attachments);
        setAttachments([]);
        setDropKey((k) => k + 1);
      }}
      extra={
        <Stack gap="xs">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MediaBatchDrop
              key={`p${dropKey}`}
              label="Attach photos"
              kind="image"
              privateUpload
              onStored={async (url) => setAttachments((l) => [...l, url].slice(0, MESSAGE_MAX_ATTACHMENTS))}
            />
            <MediaBatchDrop
              key={`d${dropKey}`}
              label="Attach PDFs"
              kind="document"
              privateUpload
              onStored={async (url) => setAttachments((l) => [...l, url].slice(0, MESSAGE_MAX_ATTACHMENTS))}
            />
          </SimpleGrid>
          {attachments.length > 0 && (
            <Stack gap={4} component="ul" aria-label="Attached files" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {attachments.map((url, n) => (
                <Group key={url} component="li" gap="xs">
                  <Text size="sm">{url.endsWith('.pdf') ? `PDF ${n + 1}` : `Photo ${n + 1}`}</Text>
                  <CloseButton
                    size="md"
                    aria-label={`Remove attachment ${n + 1}`}
                    onClick={() => setAttachments((l) => l.filter((u) => u !== url))}
                  />
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      }
    />
  );
}
