// Layout pieces for a dashboard screen: its heading with actions, the editor heading, the form buttons,
// and which of list / new / edit a section shows (the `edit` search parameter, so it has a URL).
import type { ReactNode } from 'react';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';

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

export type EditorTarget = 'new' | number;

/** `?edit=new` or `?edit=<id>`; anything else is the list. */
export function parseEditSearch(search: Record<string, unknown>): { edit?: EditorTarget } {
  const edit = search.edit;
  if (edit === 'new') return { edit };
  const id = typeof edit === 'number' ? edit : typeof edit === 'string' && /^\d+$/.test(edit) ? Number(edit) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? { edit: id } : {};
}

declare module '@tanstack/history' {
  interface HistoryState {
    /** The record just saved, for the list to bring into view and highlight. */
    adminSaved?: number;
  }
}

/**
 * The open editor of the current section. Opening and closing it are navigations (the back button
 * returns to the list; the unsaved-changes guard asks first when a form is dirty); after a save the
 * list is told, in the history entry's state, which record to show.
 */
export function useEditorView() {
  const { edit } = parseEditSearch(useSearch({ strict: false }));
  const navigate = useNavigate();
  const go = (search: { edit?: EditorTarget }, adminSaved?: number) =>
    void navigate({ to: '.', search, state: adminSaved ? { adminSaved } : {} });
  return { edit, open: (target: EditorTarget) => go({ edit: target }), close: () => go({}), returnTo: (saved: number) => go({}, saved) };
}

/** A section's list and its editor: the list stays mounted (its page, search and filters kept) while the editor is open. */
export function AdminScreen({ list, editor }: { list: ReactNode; editor: (target: EditorTarget) => ReactNode }) {
  const { edit } = useEditorView();
  return (
    <>
      <div hidden={edit !== undefined}>{list}</div>
      {edit !== undefined && editor(edit)}
    </>
  );
}
