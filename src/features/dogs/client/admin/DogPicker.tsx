// Picks a registry dog of one sex (a dog's sire or dam, a litter's father or mother): search by name, or add
// a new ancestor inline by its name. The registry's procedures are passed in (dog-registry.ts binds them to
// the admin router), so the picker holds no calls of its own.
import { useState, type ReactNode } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

export type DogSex = 'male' | 'female';

/** One dog as the picker lists it. */
export interface DogChoice {
  id: number;
  name: string;
  registeredName: string;
}

/** The registry behind the picker: its search (a query) and, optionally, adding an ancestor by name. */
export interface DogRegistry<D extends DogChoice = DogChoice, E = unknown, K extends QueryKey = QueryKey> {
  search: (input: { search: string; gender: DogSex; exclude?: number }) => UseQueryOptions<D[], E, D[], K>;
  addAncestor?: (input: { name: string; gender: DogSex }) => Promise<{ id: number; name: string }>;
}

export interface DogPickerProps<D extends DogChoice, E, K extends QueryKey> {
  registry: DogRegistry<D, E, K>;
  label: string;
  /** What the role is called in the texts ("sire", "dam"); the label lower-cased by default. */
  role?: string;
  gender: DogSex;
  /** The dog being edited (not its own parent). */
  exclude?: number;
  value: number | null;
  /** The chosen dog's name, so it shows before any search. */
  currentName: string | null;
  onChange: (id: number | null, name: string | null) => void;
  error?: ReactNode;
  /** Replaces the default description under the label. */
  description?: ReactNode;
  placeholder?: string;
  required?: boolean;
  /** Offer adding a new ancestor inline (when the registry can); the pairing tool only picks. */
  allowNew?: boolean;
}

export function DogPicker<D extends DogChoice, E, K extends QueryKey>(props: DogPickerProps<D, E, K>) {
  const { registry, label, gender, exclude, value, currentName, onChange, error, required, placeholder = 'Unknown' } = props;
  const role = props.role ?? label.toLowerCase();
  const allowNew = (props.allowNew ?? true) && registry.addAncestor != null;
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const [newName, setNewName] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const found = useQuery(registry.search({ search, gender, exclude }));
  const options = (found.data ?? []).map((d) => ({
    value: String(d.id),
    label: d.registeredName ? `${d.name} (${d.registeredName})` : d.name,
  }));
  if (value != null && !options.some((o) => o.value === String(value)))
    options.unshift({ value: String(value), label: currentName ?? `Dog ${value}` });

  const add = async () => {
    if (!registry.addAncestor) return;
    setAddError(null);
    try {
      const dog = await registry.addAncestor({ name: newName, gender });
      onChange(dog.id, dog.name);
      setAdding(false);
      setNewName('');
    } catch (e) {
      setAddError(e instanceof Error ? e.message : 'Could not add the dog.');
    }
  };

  return (
    <Stack gap={4}>
      <Select
        label={label}
        required={required}
        description={
          props.description ??
          (allowNew
            ? `Search the registry, or add a new ${role}.${required ? '' : ' Empty means unknown.'}`
            : 'Search the registry by name.')
        }
        searchable
        clearable={!required}
        placeholder={placeholder}
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: o }) => o}
        nothingFoundMessage={found.isPending ? 'Searching…' : found.isError ? 'Could not search the dogs.' : 'No dog by that name'}
        data={options}
        value={value != null ? String(value) : null}
        onChange={(v, option) => onChange(v ? Number(v) : null, v && option ? option.label.replace(/ \(.*\)$/, '') : null)}
        error={error}
      />
      {!allowNew ? null : adding ? (
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={`New ${role}’s name`}
            value={newName}
            onChange={(e) => setNewName(e.currentTarget.value)}
            error={addError}
            data-autofocus
          />
          <Button onClick={() => void add()} disabled={!newName.trim()}>
            Add
          </Button>
          <Button variant="subtle" onClick={() => setAdding(false)}>
            Cancel
          </Button>
        </Group>
      ) : (
        <Group>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setAdding(true)}>
            New {role}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
