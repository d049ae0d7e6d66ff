// Layout pieces for a dashboard screen: its heading with actions, and the list ↔ editor switch.
import { useCallback, useState, type ReactNode } from 'react';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useUnsavedChanges } from './UnsavedChanges.tsx';

export function SectionHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="center" mb="md" wrap="wrap" gap="sm">
      <Title order={2}>{title}</Title>
      {actions && <Group gap="xs">{actions}</Group>}
    </Group>
  );
}

export function EditorHeader({ title, onBack, backLabel }: { title: string; onBack: () => void; backLabel: string }) {
  return (
    <Stack gap="xs" mb="md">
      <Group>
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack} px={0}>
          {backLabel}
        </Button>
      </Group>
      <Title order={2}>{title}</Title>
    </Stack>
  );
}

export type EditorView = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; id: number };

/** Which of list / new / edit a screen shows; going back to the list asks first when the form is dirty. */
export function useEditorView() {
  const [view, setView] = useState<EditorView>({ kind: 'list' });
  const { confirmDiscard } = useUnsavedChanges();
  const backToList = useCallback(async () => {
    if (await confirmDiscard()) setView({ kind: 'list' });
  }, [confirmDiscard]);
  /** After a save the form is clean: no question. */
  const done = useCallback(() => setView({ kind: 'list' }), []);
  return { view, setView, backToList, done };
}

export function FormActions({ saving, onCancel, saveLabel = 'Save' }: { saving: boolean; onCancel: () => void; saveLabel?: string }) {
  return (
    <Group justify="flex-end" mt="lg" gap="sm">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={saving}>
        {saveLabel}
      </Button>
    </Group>
  );
}
