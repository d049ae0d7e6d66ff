// The breeder's inbox: inquiries newest first, filters, unread marks, status and private notes,
// a reply link that opens the e-mail client, CSV export.
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Anchor, Button, Group, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconMail, IconMailOpened, IconMessages, IconTrash } from '@tabler/icons-react';
import { trpc, trpcClient } from '../../../../lib/client/trpc.ts';
import { ToneBadge, type Tone } from '../../../../lib/client/ToneBadge.tsx';
import { AdminList } from '../../../../lib/client/admin/AdminList.tsx';
import { useAdminForm } from '../../../../lib/client/admin/AdminForm.tsx';
import { ConfirmDeleteModal, QueryState } from '../../../../lib/client/admin/ListParts.tsx';
import { DateText } from '../../../../lib/client/admin/Dates.tsx';
import { MessageRow, UnreadSummary, useMarkOpened } from '../../../../lib/client/admin/Messages.tsx';
import { AdminScreen, EditorHeader, useEditorView } from '../../../../lib/client/admin/Section.tsx';
import { ConversationSlot } from '../../../../lib/client/admin/ConversationSlot.tsx';
import { notifyFailed, notifySaved, useInvalidate } from '../../../../lib/client/admin/admin-utils.ts';
import {
  INQUIRY_STATUS_LABELS,
  INQUIRY_STATUSES,
  InquiryUpdateSchema,
  INTEREST_LABELS,
  INTERESTS,
  type InquiryAdminDto,
  type InquiryStatus,
} from '../../inquiries.schema.ts';

const STATUS_COLORS: Record<InquiryStatus, Tone> = { new: 'blue', in_progress: 'yellow', closed: 'gray' };
const STATUS_DATA = INQUIRY_STATUSES.map((s) => ({ value: s, label: INQUIRY_STATUS_LABELS[s] }));
const INTEREST_DATA = INTERESTS.map((i) => ({ value: i, label: INTEREST_LABELS[i] }));

/** mailto: with the family's address and a subject filled in. */
export function replyLink(inquiry: Pick<InquiryAdminDto, 'email' | 'interest'>, breederName?: string): string {
  const subject = `Re: Your inquiry${breederName ? ` to ${breederName}` : ''} (${INTEREST_LABELS[inquiry.interest]})`;
  return `mailto:${encodeURIComponent(inquiry.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}`;
}

export function InboxAdmin() {
  const { open } = useEditorView();
  const unread = useQuery(trpc.admin.inquiries.unreadCount.queryOptions());
  return (
    <AdminScreen
      editor={(target) => typeof target === 'number' && <InquiryDetail id={target} />}
      list={
        <AdminList
          noun={['inquiry', 'inquiries']}
          title="Inbox"
          listLabel="Inquiries, newest first"
          queryOptions={(input) => trpc.admin.inquiries.list.queryOptions(input)}
          csv="/api/admin/inquiries.csv"
          search={{ label: 'Search inquiries', placeholder: 'Name, e-mail or message' }}
          filters={{
            status: { label: 'Status', placeholder: 'All statuses', data: STATUS_DATA },
            interest: { label: 'Interest', placeholder: 'All interests', data: INTEREST_DATA },
          }}
          empty="No inquiries yet. Messages from the contact form will appear here."
          intro={() => <UnreadSummary count={unread.data?.unread} adjective="unread" noun={['inquiry', 'inquiries']} />}
          renderItem={(i) => (
            <MessageRow
              unread={i.readAt === null}
              unreadWord="Unread"
              icon={
                i.readAt === null ? (
                  <IconMail size={16} aria-hidden />
                ) : (
                  <IconMailOpened size={16} aria-hidden color="var(--mantine-color-gray-6)" />
                )
              }
              name={i.name}
              badge={<ToneBadge tone={STATUS_COLORS[i.status]}>{INQUIRY_STATUS_LABELS[i.status]}</ToneBadge>}
              lines={[`${INTEREST_LABELS[i.interest]} · ${i.email}`, i.message]}
              createdAt={i.createdAt}
              onOpen={() => open(i.id)}
            />
          )}
        />
      }
    />
  );
}

function InquiryDetail({ id }: { id: number }) {
  const { close } = useEditorView();
  const query = useQuery(trpc.admin.inquiries.byId.queryOptions({ id }));
  const settings = useQuery(trpc.settings.get.queryOptions());
  const invalidate = useInvalidate();
  const open = useMutation(trpc.admin.inquiries.open.mutationOptions({ onSuccess: () => invalidate() }));
  useMarkOpened(query.data, () => open.mutate({ id }));
  const markUnread = useMutation(
    trpc.admin.inquiries.markUnread.mutationOptions({
      onSuccess: async () => {
        notifySaved('Marked as unread');
        await invalidate();
        close();
      },
      onError: (e) => notifyFailed('Could not mark as unread', e),
    }),
  );
  const [deleting, setDeleting] = useState(false);
  const remove = useMutation(
    trpc.admin.inquiries.remove.mutationOptions({
      onSuccess: async () => {
        notifySaved('Inquiry deleted');
        setDeleting(false);
        await invalidate();
        close();
      },
      onError: (e) => notifyFailed('Could not delete the inquiry', e),
    }),
  );

  const i = query.data;
  return (
    <>
      <EditorHeader title={i ? `Inquiry from ${i.name}` : 'Inquiry'} onBack={close} backLabel="Back to inbox" />
      <QueryState query={query} what="the inquiry" />
      {i && (
        <Stack gap="md">
          <Paper withBorder p="md" radius="md">
            <Stack gap="xs">
              <Group gap="xs" wrap="wrap">
                <ToneBadge tone={STATUS_COLORS[i.status]}>{INQUIRY_STATUS_LABELS[i.status]}</ToneBadge>
                <ToneBadge tone="teal">{INTEREST_LABELS[i.interest]}</ToneBadge>
                <Text size="sm" c="dimmed">
                  Received <DateText iso={i.createdAt} withTime />
                </Text>
              </Group>
              <Text>
                <Text span fw={600}>
                  E-mail:{' '}
                </Text>
                <Anchor href={`mailto:${i.email}`}>{i.email}</Anchor>
              </Text>
              <FamilyApplications email={i.email} />
              {i.phone && (
                <Text>
                  <Text span fw={600}>
                    Phone:{' '}
                  </Text>
                  <Anchor href={`tel:${i.phone.replace(/[^\d+]/g, '')}`}>{i.phone}</Anchor>
                </Text>
              )}
              <Title order={3} size="h5" mt="xs">
                Message
              </Title>
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{i.message}</Text>
              <Group mt="sm" gap="sm" wrap="wrap">
                {/* The conversation on the site (issue 30): the family finds it when it registers with this address. */}
                <Button
                  renderRoot={(props) => <Link {...props} to="/admin/messages" search={{ inquiry: i.id }} />}
                  leftSection={<IconMessages size={16} aria-hidden />}
                >
                  Answer in Messages
                </Button>
                <Button
                  component="a"
                  variant="default"
                  href={replyLink(i, settings.data?.breederName)}
                  leftSection={<IconMail size={16} aria-hidden />}
                >
                  Reply by e-mail
                </Button>
                <Button variant="default" onClick={() => markUnread.mutate({ id })} loading={markUnread.isPending}>
                  Mark as unread
                </Button>
                <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDeleting(true)}>
                  Delete
                </Button>
              </Group>
            </Stack>
          </Paper>
          <InquiryStatusForm inquiry={i} />
          {/* The sender's conversation (issue 30), from the app layer's slot: below the status form, so the thread
              arriving does not move the form while the breeder is using it. */}
          <ConversationSlot inquiryId={i.id} />
        </Stack>
      )}
      <ConfirmDeleteModal
        opened={deleting}
        title="Delete this inquiry?"
        loading={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() => remove.mutate({ id })}
      >
        The inquiry from {i?.name} and your notes on it will be deleted for good.
      </ConfirmDeleteModal>
    </>
  );
}

/** The applications sent from this inquiry's address (an inquiry from a family that applied), each a link to it. */
function FamilyApplications({ email }: { email: string }) {
  const found = useQuery(trpc.admin.applications.list.queryOptions({ page: 1, search: email.slice(0, 100) }));
  const mine = (found.data?.items ?? []).filter((a) => a.answers.email.trim().toLowerCase() === email.trim().toLowerCase());
  if (mine.length === 0) return null;
  return (
    <Text>
      <Text span fw={600}>
        {mine.length === 1 ? 'Application: ' : 'Applications: '}
      </Text>
      {mine.map((a, n) => (
        <span key={a.id}>
          {n > 0 && ', '}
          <Anchor renderRoot={(props) => <Link {...props} to="/admin/applications" search={{ edit: a.id }} />}>
            Application from {a.answers.name} (<DateText iso={a.createdAt} />)
          </Anchor>
        </span>
      ))}
    </Text>
  );
}

function InquiryStatusForm({ inquiry }: { inquiry: InquiryAdminDto }) {
  const { form, submit, saving } = useAdminForm({
    dirtyKey: `inquiry-${inquiry.id}`,
    initialValues: { status: inquiry.status, notes: inquiry.notes },
    schema: InquiryUpdateSchema,
    toInput: (v) => ({ id: inquiry.id, ...v }),
    save: (input) => trpcClient.admin.inquiries.update.mutate(input),
    saved: (saved) => ['Inquiry updated', `Status: ${INQUIRY_STATUS_LABELS[saved.status]}.`],
    failed: 'Could not update the inquiry',
    onSaved: (saved, f) => {
      f.setValues({ status: saved.status, notes: saved.notes });
      f.resetDirty({ status: saved.status, notes: saved.notes });
    },
  });
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate aria-label="Status and notes">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Status and private notes
        </Title>
        <Select label="Status" data={STATUS_DATA} allowDeselect={false} {...form.getInputProps('status')} maw={260} />
        <Textarea
          label="Private notes"
          description="Only administrators see these."
          autosize
          minRows={3}
          maxRows={12}
          {...form.getInputProps('notes')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            Save status and notes
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
