// The article editor: Markdown with a live preview rendered by the server (the public page's HTML),
// photos inserted at the cursor by upload (the shared MarkdownField), drafts saved automatically, publish / schedule / unpublish.
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/PillsInput.layer.css';
import { useEffect, useState } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { trpc, trpcClient } from '../../../../lib/client/trpc.ts';
import { useAdminForm, type AdminFormApi } from '../../../../lib/client/admin/AdminForm.tsx';
import { QueryState } from '../../../../lib/client/admin/ListParts.tsx';
import { MediaField } from '../../../../lib/client/admin/MediaField.tsx';
import { MarkdownField } from '../../../../lib/client/admin/MarkdownField.tsx';
import { AttachmentsField } from './AttachmentsField.tsx';
import { EditorHeader, FormActions, useEditorView, type EditorTarget } from '../../../../lib/client/admin/Section.tsx';
import { applyServerErrors, emptyToNull, notifyFailed, notifySaved, useInvalidate } from '../../../../lib/client/admin/admin-utils.ts';
import {
  ArticleInputSchema,
  LEGAL_PAGE_LABELS,
  LEGAL_PAGES,
  RESOURCE_CATEGORIES,
  RESOURCE_CATEGORY_LABELS,
  type ArticleAdminDto,
  type ArticleKind,
  type AttachmentDto,
} from '../../articles.schema.ts';
import { ArticleBody } from '../ArticleBody.tsx';
import { KIND_TEXT, StatusBadge, statusLine } from './ArticleStatus.tsx';
import { previewQueryOptions } from './preview-client.ts';

/** Quiet time before a draft saves itself. */
const AUTOSAVE_MS = 2000;
const PREVIEW_MS = 400;

type Values = {
  title: string;
  slug: string;
  summary: string;
  body: string;
  coverImageUrl: string | null;
  tags: string[];
  authorName: string;
  category: string | null;
  sortOrder: number | string;
  legalPage: string | null;
  attachments: AttachmentDto[];
};

const initialValues = (a?: ArticleAdminDto): Values => ({
  title: a?.title ?? '',
  slug: a?.slug ?? '',
  summary: a?.summary ?? '',
  body: a?.body ?? '',
  coverImageUrl: a?.coverImageUrl ?? null,
  tags: a?.tags ?? [],
  authorName: a?.authorName ?? '',
  category: a?.category ?? null,
  sortOrder: a?.sortOrder ?? 0,
  legalPage: a?.legalPage ?? null,
  attachments: a?.attachments ?? [],
});

const toInput = (kind: ArticleKind) => (v: Values) => ({
  ...v,
  kind,
  attachments: kind === 'resource' ? v.attachments : [],
  coverImageUrl: emptyToNull(v.coverImageUrl),
  sortOrder: Number(v.sortOrder) || 0,
});

export function ArticleEditor({ kind, target }: { kind: ArticleKind; target: EditorTarget }) {
  const { close } = useEditorView();
  const text = KIND_TEXT[kind];
  const id = target === 'new' ? null : target;
  const query = useQuery({ ...trpc.admin.articles.byId.queryOptions({ id: id ?? 0 }), enabled: id !== null });
  const item = id === null ? undefined : query.data;
  return (
    <>
      <EditorHeader
        title={item ? `Edit ${text.one}` : `New ${text.one}`}
        onBack={close}
        backLabel={`Back to ${text.title.toLowerCase()}`}
      />
      {id !== null && <QueryState query={query} what={`the ${text.one}`} />}
      {(id === null || item) && <EditorForm key={item?.id ?? 'new'} kind={kind} item={item} />}
    </>
  );
}

function EditorForm({ kind, item }: { kind: ArticleKind; item?: ArticleAdminDto }) {
  const { open, close } = useEditorView();
  const text = KIND_TEXT[kind];
  const invalidate = useInvalidate();
  const { form, submit, saving } = useAdminForm({
    dirtyKey: `article-${item?.id ?? 'new'}`,
    initialValues: initialValues(item),
    schema: ArticleInputSchema,
    toInput: toInput(kind),
    save: (input) =>
      item ? trpcClient.admin.articles.update.mutate({ id: item.id, data: input }) : trpcClient.admin.articles.create.mutate(input),
    saved: () => [item ? 'Changes saved' : 'Draft saved', item?.status === 'published' ? 'The site shows them now.' : undefined],
    failed: `Could not save the ${text.one}`,
    areas: ['articles'],
    // A new article opens as itself (publish, preview and autosave need its id).
    onSaved: (saved, f) => (item ? f.resetDirty() : open(saved.id)),
  });

  const autosaved = useAutosave(form, kind, item);

  return (
    <form onSubmit={submit} noValidate aria-label={item ? `Edit ${text.one}: ${item.title}` : `New ${text.one}`}>
      <Stack gap="md">
        {item && <StatusPanel item={item} form={form} kind={kind} autosaved={autosaved} onChanged={() => invalidate('articles')} />}
        <TextInput label="Title" required {...form.getInputProps('title')} />
        {kind !== 'legal' && (
          <TextInput
            label="Address"
            description={`The end of the page's address, made from the title when left empty. Renaming keeps the old address working.`}
            leftSection={
              <Text size="sm" c="dimmed">
                {kind === 'blog' ? '/blog/' : '/resources/'}
              </Text>
            }
            leftSectionWidth={kind === 'blog' ? 52 : 92}
            {...form.getInputProps('slug')}
          />
        )}
        <Textarea
          label="Summary"
          description="One or two sentences for the list and for search engines."
          autosize
          minRows={2}
          maxRows={5}
          {...form.getInputProps('summary')}
        />
        {kind === 'blog' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TagsInput label="Tags" description="Press Enter after each tag." {...form.getInputProps('tags')} />
            <TextInput label="Author name" {...form.getInputProps('authorName')} />
          </SimpleGrid>
        )}
        {kind === 'resource' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Category"
              required
              data={RESOURCE_CATEGORIES.map((c) => ({ value: c, label: RESOURCE_CATEGORY_LABELS[c] }))}
              {...form.getInputProps('category')}
            />
            <NumberInput
              label="Order within the category"
              description="Lower numbers come first."
              min={0}
              {...form.getInputProps('sortOrder')}
            />
          </SimpleGrid>
        )}
        {kind === 'legal' && (
          <Select
            label="Which page"
            required
            data={LEGAL_PAGES.map((p) => ({ value: p, label: LEGAL_PAGE_LABELS[p] }))}
            {...form.getInputProps('legalPage')}
          />
        )}
        {kind !== 'legal' && <MediaField label="Cover image" kind="image" {...form.getInputProps('coverImageUrl')} />}
        {kind === 'resource' && (
          <AttachmentsField
            value={form.getValues().attachments}
            onChange={(files) => form.setFieldValue('attachments', files)}
            error={form.errors.attachments}
            nameError={(i) => form.errors[`attachments.${i}.name`]}
          />
        )}
        <BodyEditor form={form} />
      </Stack>
      <FormActions
        saving={saving}
        onCancel={close}
        saveLabel={item ? (item.status === 'draft' ? 'Save draft' : 'Save changes') : 'Save draft'}
      />
    </form>
  );
}

/** Saves a draft by itself a moment after the breeder stops typing (never a published article: that would publish half a sentence). */
function useAutosave(form: AdminFormApi<Values>, kind: ArticleKind, item?: ArticleAdminDto) {
  const [debounced] = useDebouncedValue(form.values, AUTOSAVE_MS);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const invalidate = useInvalidate();
  const mutation = useMutation({
    mutationFn: (values: Values) =>
      trpcClient.admin.articles.update.mutate({ id: item!.id, data: ArticleInputSchema.parse(toInput(kind)(values)) }),
    onSuccess: (_saved, values) => {
      form.resetDirty(values);
      setSavedAt(new Date());
      void invalidate('articles');
    },
  });
  const { mutate, isPending } = mutation;
  const canAutosave = item?.status === 'draft';
  const dirty = form.isDirty();
  useEffect(() => {
    if (!canAutosave || !dirty || isPending) return;
    if (!ArticleInputSchema.safeParse(toInput(kind)(debounced)).success) return;
    mutate(debounced);
    // Only a new quiet moment triggers a save.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  if (!canAutosave) return null;
  if (isPending) return 'Saving draft…';
  if (mutation.isError) return 'The draft could not be saved automatically. Use “Save draft”.';
  return savedAt ? `Draft saved automatically at ${savedAt.toLocaleTimeString('en-US', { timeStyle: 'short' })}.` : null;
}

function BodyEditor({ form }: { form: AdminFormApi<Values> }) {
  const [debouncedBody] = useDebouncedValue(form.values.body, PREVIEW_MS);
  const preview = useQuery({ ...previewQueryOptions(debouncedBody), placeholderData: keepPreviousData });

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <MarkdownField label="Text" {...form.getInputProps('body')} />
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="article-preview-title">
        <Title order={3} size="h5" id="article-preview-title" mb="xs">
          Preview
        </Title>
        {preview.isError ? (
          <Text size="sm" c="var(--mantine-color-error)" role="alert">
            The preview could not be loaded.
          </Text>
        ) : preview.data ? (
          <Box aria-busy={preview.isFetching} data-testid="article-preview">
            <Text size="sm" c="dimmed" mb="xs">
              {preview.data.readingMinutes} min read
            </Text>
            <ArticleBody html={preview.data.html} />
          </Box>
        ) : (
          <Text size="sm" c="dimmed">
            Loading the preview…
          </Text>
        )}
      </Paper>
    </SimpleGrid>
  );
}

function StatusPanel({
  item,
  form,
  kind,
  autosaved,
  onChanged,
}: {
  item: ArticleAdminDto;
  form: AdminFormApi<Values>;
  kind: ArticleKind;
  autosaved: string | null;
  onChanged: () => Promise<unknown>;
}) {
  const [when, setWhen] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const text = KIND_TEXT[kind];

  // Saves what is on screen first, so what goes online is what the breeder sees.
  const run = async (label: string, action: () => Promise<ArticleAdminDto>, done: [string, string?]) => {
    if (form.validate().hasErrors) return;
    setBusy(label);
    try {
      if (form.isDirty()) {
        await trpcClient.admin.articles.update.mutate({ id: item.id, data: ArticleInputSchema.parse(toInput(kind)(form.getValues())) });
        form.resetDirty();
      }
      await action();
      notifySaved(...done);
      await onChanged();
    } catch (error) {
      applyServerErrors(form, error);
      notifyFailed(`Could not ${label.toLowerCase()} the ${text.one}`, error);
    } finally {
      setBusy(null);
    }
  };

  const publish = () =>
    run('Publish', () => trpcClient.admin.articles.publish.mutate({ id: item.id }), ['Published', 'It is on the site now.']);
  const schedule = () => {
    const at = new Date(when);
    if (!when || Number.isNaN(at.getTime())) return;
    void run('Schedule', () => trpcClient.admin.articles.publish.mutate({ id: item.id, at: at.toISOString() }), [
      'Scheduled',
      `It goes online ${at.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}.`,
    ]);
  };
  const unpublish = () =>
    run('Unpublish', () => trpcClient.admin.articles.unpublish.mutate({ id: item.id }), [
      'Unpublished',
      'It is a draft again, hidden from visitors.',
    ]);
  const legalOnline = kind === 'legal' && item.status === 'published';

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Publishing">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs">
          <StatusBadge status={item.status} />
          <Text size="sm">{statusLine(item)}</Text>
        </Group>
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/admin/preview/$id" params={{ id: String(item.id) }} />}>
          Private preview
        </Anchor>
      </Group>
      {autosaved && (
        <Text size="sm" c="dimmed" mt="xs" role="status">
          {autosaved}
        </Text>
      )}
      {legalOnline && (
        <Alert mt="sm" color="blue" title="Saving publishes a new version">
          Families see the new text and its date at once; every earlier version stays listed on the page.
        </Alert>
      )}
      <Group mt="sm" gap="sm" align="flex-end" wrap="wrap">
        {item.status !== 'published' && (
          <Button onClick={() => void publish()} loading={busy === 'Publish'} disabled={busy !== null}>
            Publish now
          </Button>
        )}
        {!legalOnline && item.status !== 'draft' && (
          <Button variant="default" onClick={() => void unpublish()} loading={busy === 'Unpublish'} disabled={busy !== null}>
            Unpublish
          </Button>
        )}
        {item.status !== 'published' && (
          <Group gap="xs" align="flex-end">
            <TextInput type="datetime-local" label="Publish at" value={when} onChange={(e) => setWhen(e.currentTarget.value)} />
            <Button variant="default" onClick={schedule} loading={busy === 'Schedule'} disabled={busy !== null || !when}>
              Schedule
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
