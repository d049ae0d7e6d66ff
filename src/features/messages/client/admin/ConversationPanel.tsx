// The family's conversation inside an application or an inquiry (through the dashboard's conversation slot):
// the thread, live, with the answer box; before there is one, where it will appear and a box that starts it.
import { useId } from 'react';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { trpc } from '../../../../lib/client/trpc.ts';
import { QueryState } from '../../../../lib/client/admin/ListParts.tsx';
import type { ConversationSlotProps } from '../../../../lib/client/admin/ConversationSlot.tsx';
import type { ThreadPlaceDto } from '../../messages.schema.ts';
import { BreederCompose, ConversationBody, useConversationThread } from './MessagesAdmin.tsx';
import { useLiveRefresh } from '../live-refresh.ts';

export function ConversationPanel(props: ConversationSlotProps) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const place = useQuery(trpc.admin.messages.threadOf.queryOptions(props));
  // A message from the family (or another tab's answer) shows here without a reload.
  useSubscription(
    trpc.admin.messages.live.subscriptionOptions(
      undefined,
      useLiveRefresh(() => void queryClient.invalidateQueries({ queryKey: trpc.admin.messages.pathKey() })),
    ),
  );
  const p = place.data;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={titleId}>
          Messages with the family
        </Title>
        <QueryState query={place} what="the conversation" />
        {p && p.familyId === null && p.email && (
          <Text size="sm" c="dimmed">
            No account uses {p.email} yet: your messages are e-mailed to that address, and this conversation appears in the family’s My
            Family page when they register with it and confirm it.
          </Text>
        )}
        {p?.conversation ? <Existing id={p.conversation.id} /> : p ? <Start place={p} slot={props} /> : null}
      </Stack>
    </Paper>
  );
}

function Existing({ id }: { id: number }) {
  const thread = useConversationThread(id);
  return (
    <>
      <QueryState query={thread} what="the conversation" />
      <ConversationBody id={id} thread={thread} />
      <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/admin/messages" search={{ edit: id }} />}>
        Open in Messages
      </Anchor>
    </>
  );
}

/** No conversation yet: the first message makes it (the family's, or the inquiry's address's with the inquiry in it). */
function Start({ place, slot }: { place: ThreadPlaceDto; slot: ConversationSlotProps }) {
  const queryClient = useQueryClient();
  const forFamily = useMutation(trpc.admin.messages.forFamily.mutationOptions());
  const forInquiry = useMutation(trpc.admin.messages.forInquiry.mutationOptions());
  const send = useMutation(trpc.admin.messages.send.mutationOptions());
  const inquiryId = 'inquiryId' in slot ? slot.inquiryId : null;
  if (inquiryId === null && place.familyId === null) {
    return <Text size="sm">This family’s account was deleted: there is no conversation to write in.</Text>;
  }
  return (
    <>
      <Text size="sm">
        {inquiryId !== null
          ? 'No conversation yet. Your first message starts it, with this inquiry as its first message.'
          : 'No messages with this family yet. Your first message starts the conversation; they read it in My Family and by e-mail.'}
      </Text>
      <BreederCompose
        label="Write to the family"
        pending={forFamily.isPending || forInquiry.isPending || send.isPending}
        send={async (text, attachments) => {
          const conversation =
            inquiryId !== null ? await forInquiry.mutateAsync({ inquiryId }) : await forFamily.mutateAsync({ familyId: place.familyId! });
          await send.mutateAsync({ conversationId: conversation.id, text, attachments });
          await queryClient.invalidateQueries({ queryKey: trpc.admin.messages.pathKey() });
        }}
      />
    </>
  );
}
