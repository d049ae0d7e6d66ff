// The dashboard's Newsletters: compose (Markdown with photos, the field articles use), choose the audience
// (with how many it reaches), preview the e-mail, send a test, send now or schedule, and follow each newsletter's queued / sent / failed copies (retry or dismiss failures, publish as a post).
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { trpc, trpcClient } from '../../../../lib/client/trpc.ts';
import { AdminList } from '../../../../lib/client/admin/AdminList.tsx';
import { ConfirmDeleteModal, ItemCard, Meta, QueryState, RowActions } from '../../../../lib/client/admin/ListParts.tsx';
import { ToneBadge } from '../../../../lib/client/ToneBadge.tsx';
import { EditorHeader, FormActions, useEditorView, type EditorTarget } from '../../../../lib/client/admin/Section.tsx';
import { useAdminForm, type AdminFormApi } from '../../../../lib/client/admin/AdminForm.tsx';
import { MarkdownField } from '../../../../lib/client/admin/MarkdownField.tsx';
import { applyServerErrors, formatDateTime, notifyFailed, notifySaved, useInvalidate } from '../../../../lib/client/admin/admin-utils.ts';
import {
  AUDIENCE_LABELS,
  NEWSLETTER_MESSAGES,
  NewsletterInputSchema,
  type Audience,
  type NewsletterAdminDto,
  type NewsletterPreviewDto,
  type NewsletterStatus,
} from '../../newsletters.schema.ts';

const STATUS: Record<NewsletterStatus, { label: string; tone: 'gray' | 'blue' | 'yellow' | 'green' }> = {
  draft: { label: 'Draft', tone: 'gray' },
  scheduled: { label: 'Scheduled', tone: 'blue' },
  sending: { label: 'Sending', tone: 'yellow' },
  sent: { label: 'Sent', tone: 'green' },
};

function statusLine(n: NewsletterAdminDto): string {
  if (n.status === 'scheduled' && n.scheduledAt) return `Goes out ${formatDateTime(n.scheduledAt)}`;
  if (n.status === 'sent' && n.sentAt) return `Sent ${formatDateTime(n.sentAt)}`;
  return `Last changed ${formatDateTime(n.updatedAt)}`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "143 confirmed subscribers" for the audiences of subscribers, "3 recipients" for the families' ones. */
const reach = (kind: Audience['kind'], n: number) =>
  kind === 'all' || kind === 'nonApplicants'
    ? plural(n, 'confirmed subscriber', 'confirmed subscribers')
    : plural(n, 'recipient', 'recipients');

function Counts({ n }: { n: NewsletterAdminDto }) {
  if (n.status === 'draft' || n.status === 'scheduled') return null;
  const c = n.counts;
  return (
    <Text size="sm" data-testid={`counts-${n.id}`}>
      {plural(c.recipients, 'recipient', 'recipients')} · {c.queued} queued · {c.sent} sent · {c.failed} failed
    </Text>
  );
}

export function NewslettersAdmin() {
  const { edit, open } = useEditorView();
  const invalidate = useInvalidate();
  if (edit !== undefined) return <NewsletterEditor target={edit} />;
  const act = async (title: string, run: () => Promise<unknown>, done: [string, string?]) => {
    try {
      await run();
      notifySaved(...done);
      await invalidate();
    } catch (error) {
      notifyFailed(title, error);
    }
  };
  return (
    <AdminList
      noun={['newsletter', 'newsletters']}
      title="Newsletters"
      queryOptions={(input) => trpc.admin.newsletters.list.queryOptions({ page: input.page })}
      actions={() => (
        <Group gap="xs">
          <StartFrom onStarted={(id) => open(id)} />
          <Button onClick={() => open('new')}>New newsletter</Button>
        </Group>
      )}
      empty="No newsletters yet. Write one to tell your subscribers about a litter or a new post."
      renderItem={(n, row) => (
        <ItemCard
          title={n.subject}
          badges={<ToneBadge tone={STATUS[n.status].tone}>{STATUS[n.status].label}</ToneBadge>}
          actions={
            <RowActions name={`newsletter “${n.subject}”`} onEdit={row.edit} onDelete={n.status === 'sending' ? undefined : row.remove} />
          }
        >
          <Meta>
            {statusLine(n)} · {AUDIENCE_LABELS[n.audience.kind]}
          </Meta>
          <Counts n={n} />
          {(n.counts.failed > 0 || (n.status === 'sent' && !n.articleId)) && (
            <Group gap="xs" mt={4}>
              {n.counts.failed > 0 && (
                <>
                  <Button
                    size="xs"
                    onClick={() =>
                      void act('Could not retry', () => trpcClient.admin.newsletters.retryFailed.mutate({ id: n.id }), [
                        'Queued again',
                        'The failed copies will be sent again.',
                      ])
                    }
                  >
                    Retry failed
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() =>
                      void act('Could not dismiss', () => trpcClient.admin.newsletters.dismissFailed.mutate({ id: n.id }), [
                        'Dismissed',
                        'The failed copies are removed.',
                      ])
                    }
                  >
                    Dismiss failed
                  </Button>
                </>
              )}
              {n.status === 'sent' && !n.articleId && (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() =>
                    void act('Could not publish', () => publishAsPost(n), ['Published on the blog', 'The newsletter is now a blog post.'])
                  }
                >
                  Publish as blog post
                </Button>
              )}
            </Group>
          )}
        </ItemCard>
      )}
      remove={{
        run: (n) => trpcClient.admin.newsletters.remove.mutate({ id: n.id }),
        title: 'Delete this newsletter?',
        body: (n) => `“${n.subject}” will be deleted for good. Copies already sent stay sent.`,
        done: () => ['The newsletter is deleted'],
        failed: 'Could not delete the newsletter',
      }}
    />
  );
}

/** One click: the server makes the newsletter a published blog post, once. */
const publishAsPost = (n: NewsletterAdminDto) => trpcClient.admin.newsletters.publishAsPost.mutate({ id: n.id });

function StartFrom({ onStarted }: { onStarted: (id: number) => void }) {
  const audiences = useQuery(trpc.admin.newsletters.audiences.queryOptions());
  // Published posts only: a newsletter links to the post's page, which drafts do not have yet.
  const posts = useQuery(trpc.admin.articles.list.queryOptions({ kind: 'blog', page: 1, status: 'published' }));
  const start = useMutation({
    mutationFn: (value: string) => {
      const [from, id] = value.split(':');
      return trpcClient.admin.newsletters.start.mutate(
        from === 'litter' ? { from: 'litter', litterId: Number(id) } : { from: 'article', articleId: Number(id) },
      );
    },
    onSuccess: (n) => onStarted(n.id),
    onError: (error) => notifyFailed('Could not start the newsletter', error),
  });
  const data = [
    { group: 'Litters', items: (audiences.data?.litters ?? []).map((l) => ({ value: `litter:${l.value}`, label: l.label })) },
    { group: 'Blog posts', items: (posts.data?.items ?? []).map((p) => ({ value: `article:${p.id}`, label: p.title })) },
  ].filter((g) => g.items.length);
  return (
    <Select
      aria-label="Start a newsletter from a litter or a blog post"
      placeholder="Start from a litter or post…"
      data={data}
      value={null}
      onChange={(v) => v && start.mutate(v)}
      disabled={start.isPending}
      w={260}
      searchable
    />
  );
}

type Values = { subject: string; preheader: string; body: string; audienceKind: string; litterId: string | null };

const initialValues = (n?: NewsletterAdminDto): Values => ({
  subject: n?.subject ?? '',
  preheader: n?.preheader ?? '',
  body: n?.body ?? '',
  audienceKind: n?.audience.kind ?? 'all',
  litterId: (n?.audience.kind === 'litter' || n?.audience.kind === 'waitlist') && n.audience.litterId ? String(n.audience.litterId) : null,
});

function audienceOf(v: Pick<Values, 'audienceKind' | 'litterId'>): Audience {
  switch (v.audienceKind) {
    case 'litter':
      return { kind: 'litter', litterId: Number(v.litterId) || 0 };
    case 'waitlist':
      return v.litterId ? { kind: 'waitlist', litterId: Number(v.litterId) } : { kind: 'waitlist' };
    case 'nonApplicants':
      return { kind: 'nonApplicants' };
    default:
      return { kind: 'all' };
  }
}

const toInput = (v: Values) => ({ subject: v.subject, preheader: v.preheader, body: v.body, audience: audienceOf(v) });

/** Under the audience: how many addresses it reaches now (each once). */
function AudienceCount({ audience }: { audience: Audience }) {
  const ready = audience.kind !== 'litter' || audience.litterId > 0;
  const count = useQuery({
    ...trpc.admin.newsletters.countAudience.queryOptions(audience),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
  if (!ready) return <>Choose a litter to see who receives it.</>;
  if (!count.data) return <>Counting recipients…</>;
  return <>{reach(audience.kind, count.data.recipients)}</>;
}

function NewsletterEditor({ target }: { target: EditorTarget }) {
  const { close } = useEditorView();
  const id = target === 'new' ? null : target;
  const query = useQuery({ ...trpc.admin.newsletters.byId.queryOptions({ id: id ?? 0 }), enabled: id !== null });
  const item = id === null ? undefined : query.data;
  return (
    <>
      <EditorHeader title={item ? `Newsletter: ${item.subject}` : 'New newsletter'} onBack={close} backLabel="Back to newsletters" />
      {id !== null && <QueryState query={query} what="the newsletter" />}
      {(id === null || item) && <EditorForm key={item?.id ?? 'new'} item={item} />}
    </>
  );
}

function EditorForm({ item }: { item?: NewsletterAdminDto }) {
  const { open, close } = useEditorView();
  const audiences = useQuery(trpc.admin.newsletters.audiences.queryOptions());
  const locked = item?.status === 'sending' || item?.status === 'sent';
  const { form, submit, saving } = useAdminForm({
    dirtyKey: `newsletter-${item?.id ?? 'new'}`,
    initialValues: initialValues(item),
    schema: NewsletterInputSchema,
    toInput,
    save: (input) =>
      item ? trpcClient.admin.newsletters.update.mutate({ id: item.id, data: input }) : trpcClient.admin.newsletters.create.mutate(input),
    saved: () => ['Newsletter saved'],
    failed: 'Could not save the newsletter',
    onSaved: (saved, f) => (item ? f.resetDirty() : open(saved.id)),
  });
  return (
    <form onSubmit={submit} noValidate aria-label={item ? `Edit newsletter: ${item.subject}` : 'New newsletter'}>
      <Stack gap="md">
        {item && <SendPanel item={item} form={form} />}
        <TextInput label="Subject" required disabled={locked} {...form.getInputProps('subject')} />
        <TextInput
          label="Preview line"
          description="The short line mail programs show after the subject."
          disabled={locked}
          {...form.getInputProps('preheader')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Audience"
            description={<AudienceCount audience={audienceOf(form.values)} />}
            data={Object.entries(AUDIENCE_LABELS).map(([value, label]) => ({ value, label }))}
            allowDeselect={false}
            disabled={locked}
            {...form.getInputProps('audienceKind')}
          />
          {form.values.audienceKind === 'litter' && (
            <Select
              label="Litter"
              required
              data={audiences.data?.litters ?? []}
              disabled={locked}
              {...form.getInputProps('litterId')}
              error={form.errors['audience.litterId'] ?? form.errors.litterId}
            />
          )}
          {form.values.audienceKind === 'waitlist' && (
            <Select
              label="Waitlist"
              description="Leave empty for every family on the waitlist."
              placeholder="Every waitlist"
              clearable
              data={audiences.data?.litters ?? []}
              disabled={locked}
              {...form.getInputProps('litterId')}
            />
          )}
        </SimpleGrid>
        <MarkdownField label="Text" required minRows={10} disabled={locked} {...form.getInputProps('body')} />
        <Preview form={form} />
      </Stack>
      {!locked && <FormActions saving={saving} onCancel={close} saveLabel="Save draft" />}
    </form>
  );
}

/** The e-mail as it will arrive: rendered by the server (MJML), shown in a sandboxed frame, and its plain-text part. */
function Preview({ form }: { form: AdminFormApi<Values> }) {
  const [shown, setShown] = useState<NewsletterPreviewDto | null>(null);
  const preview = useMutation({
    mutationFn: () => trpcClient.admin.newsletters.preview.mutate(NewsletterInputSchema.parse(toInput(form.getValues()))),
    onSuccess: setShown,
    onError: (error) => {
      applyServerErrors(form, error);
      notifyFailed('Could not show the preview', error);
    },
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="newsletter-preview-title">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5" id="newsletter-preview-title">
          Preview
        </Title>
        <Button variant="default" size="sm" loading={preview.isPending} onClick={() => !form.validate().hasErrors && preview.mutate()}>
          {shown ? 'Refresh preview' : 'Show preview'}
        </Button>
      </Group>
      {shown ? (
        <Tabs defaultValue="html">
          <Tabs.List>
            <Tabs.Tab value="html">E-mail</Tabs.Tab>
            <Tabs.Tab value="text">Plain text</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="html" pt="xs">
            <iframe
              title="E-mail preview"
              sandbox=""
              srcDoc={shown.html}
              style={{ width: '100%', height: 520, border: 0, background: '#fff' }}
            />
          </Tabs.Panel>
          <Tabs.Panel value="text" pt="xs">
            <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="newsletter-text-preview">
              {shown.text}
            </Text>
          </Tabs.Panel>
        </Tabs>
      ) : (
        <Text size="sm" c="dimmed">
          See the e-mail as your subscribers will, in HTML and in plain text.
        </Text>
      )}
    </Paper>
  );
}

function SendPanel({ item, form }: { item: NewsletterAdminDto; form: AdminFormApi<Values> }) {
  const [when, setWhen] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const invalidate = useInvalidate();
  // Saves what is on screen first, so what goes out is what the breeder sees.
  const run = async (label: string, action: () => Promise<unknown>, done: [string, string?]) => {
    if (form.validate().hasErrors) return;
    setBusy(label);
    try {
      if (form.isDirty() && item.status === 'draft') {
        await trpcClient.admin.newsletters.update.mutate({ id: item.id, data: NewsletterInputSchema.parse(toInput(form.getValues())) });
        form.resetDirty();
      }
      await action();
      notifySaved(...done);
      await invalidate();
    } catch (error) {
      applyServerErrors(form, error);
      notifyFailed(`Could not ${label.toLowerCase()}`, error);
    } finally {
      setBusy(null);
    }
  };
  const input = () => NewsletterInputSchema.parse(toInput(form.getValues()));
  const sendTest = () =>
    run('Send a test', () => trpcClient.admin.newsletters.sendTest.mutate(input()), [
      'Test sent',
      'A copy is on its way to your address from the site settings.',
    ]);
  const sendNow = () =>
    run('Send', () => trpcClient.admin.newsletters.send.mutate({ id: item.id }), ['Sending', 'The newsletter is going out now.']);
  // Sending cannot be undone: first say to how many it goes, counted for the audience on screen now (as
  // "Make admin" asks before it changes anything).
  const [confirming, setConfirming] = useState<{ audience: Audience; recipients: number } | null>(null);
  const askToSend = async () => {
    if (form.validate().hasErrors) return;
    setBusy('Send');
    try {
      const audience = audienceOf(form.getValues());
      const { recipients } = await trpcClient.admin.newsletters.countAudience.query(audience);
      if (recipients === 0) notifyFailed('Could not send', null, NEWSLETTER_MESSAGES.noRecipients);
      else setConfirming({ audience, recipients });
    } catch (error) {
      notifyFailed('Could not count the recipients', error);
    } finally {
      setBusy(null);
    }
  };
  const schedule = () => {
    const at = new Date(when);
    if (!when || Number.isNaN(at.getTime())) return;
    void run('Schedule', () => trpcClient.admin.newsletters.send.mutate({ id: item.id, at: at.toISOString() }), [
      'Scheduled',
      `It goes out ${at.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}.`,
    ]);
  };
  const unschedule = () =>
    run('Unschedule', () => trpcClient.admin.newsletters.unschedule.mutate({ id: item.id }), [
      'Back to draft',
      'It will not go out until you send or schedule it again.',
    ]);
  const editable = item.status === 'draft' || item.status === 'scheduled';
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Sending">
      <Group gap="xs">
        <ToneBadge tone={STATUS[item.status].tone}>{STATUS[item.status].label}</ToneBadge>
        <Text size="sm">{statusLine(item)}</Text>
      </Group>
      <Counts n={item} />
      {!editable && (
        <Alert mt="sm" color="blue" title="Already sent">
          A sent newsletter can no longer be changed. Follow its copies in the list.
        </Alert>
      )}
      <Group mt="sm" gap="sm" align="flex-end" wrap="wrap">
        <Button variant="default" onClick={() => void sendTest()} loading={busy === 'Send a test'} disabled={busy !== null}>
          Send a test to me
        </Button>
        {item.status === 'draft' && (
          <Button onClick={() => void askToSend()} loading={busy === 'Send'} disabled={busy !== null}>
            Send now
          </Button>
        )}
        {item.status === 'draft' && (
          <Group gap="xs" align="flex-end">
            <TextInput type="datetime-local" label="Send at" value={when} onChange={(e) => setWhen(e.currentTarget.value)} />
            <Button variant="default" onClick={schedule} loading={busy === 'Schedule'} disabled={busy !== null || !when}>
              Schedule
            </Button>
          </Group>
        )}
        {item.status === 'scheduled' && (
          <Button variant="default" onClick={() => void unschedule()} loading={busy === 'Unschedule'} disabled={busy !== null}>
            Unschedule
          </Button>
        )}
      </Group>
      <ConfirmDeleteModal
        opened={confirming !== null}
        title={confirming ? `Send to ${reach(confirming.audience.kind, confirming.recipients)}?` : ''}
        confirmLabel="Send now"
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          setConfirming(null);
          void sendNow();
        }}
      >
        “{form.values.subject}” goes out now. This cannot be undone.
      </ConfirmDeleteModal>
    </Paper>
  );
}
