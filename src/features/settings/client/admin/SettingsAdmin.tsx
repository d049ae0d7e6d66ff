// Site settings: contact details, social links, hero media, About story and health points, the four
// breeding-process blocks and the ordered FAQ. The public site reads these.
import { useQuery } from '@tanstack/react-query';
import { ActionIcon, Button, Divider, Fieldset, Group, Paper, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { trpc, trpcClient } from '../../../../lib/client/trpc.ts';
import { useAdminForm } from '../../../../lib/client/admin/AdminForm.tsx';
import { QueryState } from '../../../../lib/client/admin/ListParts.tsx';
import { MediaField } from '../../../../lib/client/admin/MediaField.tsx';
import { SectionHeader } from '../../../../lib/client/admin/Section.tsx';
import { emptyToNull, focusFirstInvalid, notifyFailed } from '../../../../lib/client/admin/admin-utils.ts';
import { SiteSettingsSchema, type SiteSettingsDto } from '../../settings.schema.ts';

export function SettingsAdmin() {
  const query = useQuery(trpc.admin.settings.get.queryOptions());
  return (
    <>
      <SectionHeader title="Site settings" />
      <QueryState query={query} what="the site settings" />
      {query.data && <SettingsForm settings={query.data} />}
    </>
  );
}

const toInput = (v: SiteSettingsDto) => ({ ...v, heroImageUrl: emptyToNull(v.heroImageUrl), heroVideoUrl: emptyToNull(v.heroVideoUrl) });

function SettingsForm({ settings }: { settings: SiteSettingsDto }) {
  const { form, submit, saving } = useAdminForm({
    dirtyKey: 'settings',
    initialValues: structuredClone(settings),
    schema: SiteSettingsSchema,
    toInput,
    save: (input) => trpcClient.admin.settings.update.mutate(input),
    saved: () => ['Site settings saved', 'The public site shows the new details now.'],
    failed: 'Could not save the settings',
    areas: ['settings'],
    onSaved: (saved, f) => {
      f.setValues(saved);
      f.resetDirty(saved);
    },
    onInvalid: (errors, values, event) => {
      notifyFailed('Some fields need attention', null, 'Please check the highlighted fields.');
      focusFirstInvalid(errors, values, event);
    },
  });

  const move = (path: 'faq' | 'healthPoints', from: number, to: number) => form.reorderListItem(path, { from, to });

  return (
    <form onSubmit={submit} noValidate aria-label="Site settings">
      <Stack gap="lg">
        <Fieldset legend="Breeder and contact">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Breeder name" required {...form.getInputProps('breederName')} />
            <TextInput label="Town" description="Town only; no street address." required {...form.getInputProps('town')} />
            <TextInput label="Phone" type="tel" required {...form.getInputProps('phone')} />
            <TextInput label="Info e-mail" type="email" required {...form.getInputProps('email')} />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Social links">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Facebook" type="url" placeholder="https://www.facebook.com/…" {...form.getInputProps('facebookUrl')} />
            <TextInput label="Instagram" type="url" placeholder="https://www.instagram.com/…" {...form.getInputProps('instagramUrl')} />
            <TextInput label="YouTube" type="url" placeholder="https://www.youtube.com/…" {...form.getInputProps('youtubeUrl')} />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Hero media">
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <MediaField label="Hero image" kind="image" {...form.getInputProps('heroImageUrl')} />
            <MediaField label="Hero video" kind="video" {...form.getInputProps('heroVideoUrl')} />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="About">
          <Stack>
            <Textarea label="Our story" autosize minRows={5} maxRows={16} {...form.getInputProps('aboutStory')} />
            <Text fw={500} size="sm">
              Health-philosophy points
            </Text>
            {form.errors.healthPoints && (
              <Text c="red" size="sm" role="alert">
                {form.errors.healthPoints}
              </Text>
            )}
            {form.values.healthPoints.map((_, i) => (
              <Group key={i} align="flex-end" wrap="nowrap" gap="xs">
                <TextInput label={`Point ${i + 1}`} style={{ flex: 1 }} {...form.getInputProps(`healthPoints.${i}`)} />
                <MoveButtons
                  what={`point ${i + 1}`}
                  first={i === 0}
                  last={i === form.values.healthPoints.length - 1}
                  onUp={() => move('healthPoints', i, i - 1)}
                  onDown={() => move('healthPoints', i, i + 1)}
                  onRemove={() => form.removeListItem('healthPoints', i)}
                />
              </Group>
            ))}
            <Group>
              <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => form.insertListItem('healthPoints', '')} disabled={form.values.healthPoints.length >= 20}>
                Add point
              </Button>
            </Group>
          </Stack>
        </Fieldset>

        <Fieldset legend="Our breeding process (four blocks)">
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {form.values.processBlocks.map((_, i) => (
              <Paper key={i} withBorder p="sm" radius="md">
                <Stack gap="xs">
                  <TextInput label={`Block ${i + 1} title`} required {...form.getInputProps(`processBlocks.${i}.title`)} />
                  <Textarea label={`Block ${i + 1} text`} required autosize minRows={2} maxRows={8} {...form.getInputProps(`processBlocks.${i}.body`)} />
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Frequently asked questions (in this order)">
          <Stack>
            {form.values.faq.length === 0 && <Text c="gray.7">No questions yet.</Text>}
            {form.values.faq.map((_, i) => (
              <Paper key={i} withBorder p="sm" radius="md">
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap">
                    <Title order={3} size="h6">
                      Question {i + 1}
                    </Title>
                    <MoveButtons
                      what={`question ${i + 1}`}
                      first={i === 0}
                      last={i === form.values.faq.length - 1}
                      onUp={() => move('faq', i, i - 1)}
                      onDown={() => move('faq', i, i + 1)}
                      onRemove={() => form.removeListItem('faq', i)}
                    />
                  </Group>
                  <TextInput label="Question" required {...form.getInputProps(`faq.${i}.question`)} />
                  <Textarea label="Answer" required autosize minRows={2} maxRows={10} {...form.getInputProps(`faq.${i}.answer`)} />
                </Stack>
              </Paper>
            ))}
            <Group>
              <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => form.insertListItem('faq', { question: '', answer: '' })} disabled={form.values.faq.length >= 50}>
                Add question
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      </Stack>
      <Divider my="lg" />
      <Group justify="flex-end" gap="sm" pos="sticky" bottom={0} py="sm" bg="var(--mantine-color-body)" style={{ zIndex: 2 }}>
        <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty()}>
          Undo changes
        </Button>
        <Button type="submit" loading={saving}>
          Save settings
        </Button>
      </Group>
    </form>
  );
}

function MoveButtons({ what, first, last, onUp, onDown, onRemove }: { what: string; first: boolean; last: boolean; onUp: () => void; onDown: () => void; onRemove: () => void }) {
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon variant="subtle" size="lg" onClick={onUp} disabled={first} aria-label={`Move ${what} up`}>
        <IconArrowUp size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="subtle" size="lg" onClick={onDown} disabled={last} aria-label={`Move ${what} down`}>
        <IconArrowDown size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" size="lg" onClick={onRemove} aria-label={`Remove ${what}`}>
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
