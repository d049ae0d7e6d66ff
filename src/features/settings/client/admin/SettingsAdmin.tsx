// Site settings in six sections, each its own form with its own save (contact details, logo, hero, story,
// breeding process, FAQ); a section's save bar stays on screen while the section is. The public site reads these.
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { trpc, trpcClient } from '../../../../lib/client/trpc.ts';
import { useAdminForm, type AdminFormApi } from '../../../../lib/client/admin/AdminForm.tsx';
import { QueryState } from '../../../../lib/client/admin/ListParts.tsx';
import { MediaField } from '../../../../lib/client/admin/MediaField.tsx';
import { OrderedListField } from '../../../../lib/client/admin/OrderedListField.tsx';
import { SectionHeader } from '../../../../lib/client/admin/Section.tsx';
import { emptyToNull, focusFirstInvalid, notifyFailed } from '../../../../lib/client/admin/admin-utils.ts';
import { SiteSettingsSchema, type SiteSettingsDto } from '../../settings.schema.ts';

type Settings = SiteSettingsDto;

export function SettingsAdmin() {
  const query = useQuery(trpc.admin.settings.get.queryOptions());
  const s = query.data;
  return (
    <>
      <SectionHeader title="Site settings" />
      <QueryState query={query} what="the site settings" />
      {s && (
        <Stack gap="xl">
          <SettingsSection
            title="Contact details"
            save="contact details"
            settings={s}
            keys={['breederName', 'town', 'phone', 'email', 'facebookUrl', 'instagramUrl', 'youtubeUrl']}
          >
            {(form) => (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Breeder name" required {...form.getInputProps('breederName')} />
                <TextInput label="Town" description="Town only; no street address." required {...form.getInputProps('town')} />
                <TextInput label="Phone" type="tel" required {...form.getInputProps('phone')} />
                <TextInput label="Info e-mail" type="email" required {...form.getInputProps('email')} />
                <TextInput label="Facebook" type="url" placeholder="https://www.facebook.com/…" {...form.getInputProps('facebookUrl')} />
                <TextInput label="Instagram" type="url" placeholder="https://www.instagram.com/…" {...form.getInputProps('instagramUrl')} />
                <TextInput label="YouTube" type="url" placeholder="https://www.youtube.com/…" {...form.getInputProps('youtubeUrl')} />
              </SimpleGrid>
            )}
          </SettingsSection>
          <SettingsSection title="Logo" save="logo" settings={s} keys={['logoUrl']}>
            {(form) => (
              <MediaField
                label="Logo"
                description="Shown beside your kennel's name in the header; a square image reads best. Empty: the paw mark."
                kind="image"
                {...form.getInputProps('logoUrl')}
              />
            )}
          </SettingsSection>
          <SettingsSection title="Hero" save="hero" settings={s} keys={['heroImageUrl', 'heroVideoUrl']}>
            {(form) => (
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                <MediaField label="Hero image" kind="image" {...form.getInputProps('heroImageUrl')} />
                <MediaField label="Hero video" kind="video" {...form.getInputProps('heroVideoUrl')} />
              </SimpleGrid>
            )}
          </SettingsSection>
          <SettingsSection title="Our story" save="story" settings={s} keys={['aboutStory', 'healthPoints']}>
            {(form) => (
              <>
                <Textarea label="Our story" autosize minRows={5} maxRows={16} {...form.getInputProps('aboutStory')} />
                <OrderedListField
                  form={form}
                  path="healthPoints"
                  items={form.values.healthPoints}
                  label="Health-philosophy points"
                  entry="Point"
                  newItem=""
                  max={20}
                >
                  {(i, name) => <TextInput label={name} {...form.getInputProps(`healthPoints.${i}`)} />}
                </OrderedListField>
              </>
            )}
          </SettingsSection>
          <SettingsSection title="Breeding process" save="breeding process" settings={s} keys={['processBlocks']}>
            {(form) =>
              form.values.processBlocks.length === 0 ? (
                <Group>
                  <Text size="sm">No steps yet: the home page shows only this part’s introduction until you write them.</Text>
                  <Button
                    variant="default"
                    onClick={() =>
                      form.setFieldValue(
                        'processBlocks',
                        [0, 1, 2, 3].map(() => ({ title: '', body: '' })),
                      )
                    }
                  >
                    Write the four steps
                  </Button>
                </Group>
              ) : (
                <SimpleGrid cols={{ base: 1, md: 2 }}>
                  {form.values.processBlocks.map((_, i) => (
                    <Stack key={i} gap="xs">
                      <TextInput label={`Block ${i + 1} title`} required {...form.getInputProps(`processBlocks.${i}.title`)} />
                      <Textarea
                        label={`Block ${i + 1} text`}
                        required
                        autosize
                        minRows={2}
                        maxRows={8}
                        {...form.getInputProps(`processBlocks.${i}.body`)}
                      />
                    </Stack>
                  ))}
                </SimpleGrid>
              )
            }
          </SettingsSection>
          <SettingsSection title="Frequently asked questions" save="FAQ" settings={s} keys={['faq']}>
            {(form) => (
              <OrderedListField
                form={form}
                path="faq"
                items={form.values.faq}
                label="Questions, in the order shown"
                entry="Question"
                newItem={{ question: '', answer: '' }}
                max={50}
                empty="No questions yet."
              >
                {(i, name) => (
                  <>
                    <TextInput label={name} required {...form.getInputProps(`faq.${i}.question`)} />
                    <Textarea
                      label={`Answer ${i + 1}`}
                      required
                      autosize
                      minRows={2}
                      maxRows={10}
                      {...form.getInputProps(`faq.${i}.answer`)}
                    />
                  </>
                )}
              </OrderedListField>
            )}
          </SettingsSection>
        </Stack>
      )}
    </>
  );
}

const pick = <K extends keyof Settings>(s: Settings, keys: readonly K[]) =>
  structuredClone(Object.fromEntries(keys.map((k) => [k, s[k]]))) as Pick<Settings, K>;

interface SectionProps<K extends keyof Settings> {
  title: string;
  /** "Save contact details". */
  save: string;
  /** The latest saved settings: a section sends them with its own fields, as the server takes the whole record. */
  settings: Settings;
  keys: readonly K[];
  children: (form: AdminFormApi<Pick<Settings, K>>) => ReactNode;
}

function SettingsSection<const K extends keyof Settings>({ title, save, settings, keys, children }: SectionProps<K>) {
  const { form, submit, saving } = useAdminForm({
    dirtyKey: `settings-${save}`,
    initialValues: pick(settings, keys),
    schema: SiteSettingsSchema,
    toInput: (v: Pick<Settings, K>) => {
      const all = { ...settings, ...v };
      return {
        ...all,
        heroImageUrl: emptyToNull(all.heroImageUrl),
        heroVideoUrl: emptyToNull(all.heroVideoUrl),
        logoUrl: emptyToNull(all.logoUrl),
      };
    },
    save: (input) => trpcClient.admin.settings.update.mutate(input),
    saved: () => [`${title} saved`, 'The public site shows the change now.'],
    failed: `Could not save the ${save}`,
    areas: ['settings'],
    onSaved: (saved, f) => {
      f.setValues(pick(saved, keys));
      f.resetDirty(pick(saved, keys));
    },
    onInvalid: (errors, values, event) => {
      notifyFailed('Some fields need attention', null, 'Please check the highlighted fields.');
      focusFirstInvalid(errors, values, event);
    },
  });
  const dirty = form.isDirty();
  return (
    <Paper component="form" withBorder radius="md" onSubmit={submit} noValidate aria-label={title}>
      <Stack gap="md" p="md">
        <Title order={3} size="h4">
          {title}
        </Title>
        {children(form)}
      </Stack>
      {/* Sticky: while any of the section is on screen, so is its save button. */}
      <Group
        justify="flex-end"
        gap="sm"
        pos="sticky"
        bottom={0}
        px="md"
        py="sm"
        bg="var(--mantine-color-body)"
        style={{
          zIndex: 2,
          borderTop: '1px solid var(--mantine-color-default-border)',
          borderRadius: '0 0 var(--mantine-radius-md) var(--mantine-radius-md)',
        }}
      >
        {dirty && (
          <Text size="sm" c="dimmed" mr="auto">
            Unsaved changes
          </Text>
        )}
        <Button variant="default" onClick={() => form.reset()} disabled={!dirty}>
          Undo
        </Button>
        <Button type="submit" loading={saving}>
          Save {save}
        </Button>
      </Group>
    </Paper>
  );
}
