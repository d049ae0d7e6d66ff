// The generic admin list: a heading with its add button, search with debounce, filters, loading /
// empty / error states, a pager past 50 rows, delete with a confirmation, a toast and a refresh, and
// the row just saved brought into view and highlighted. Its texts follow from the noun unless given.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useMutation, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { useLocation } from '@tanstack/react-router';
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { csvLink, notifyFailed, notifySaved, useInvalidate, type PublicArea } from './admin-utils.ts';
import { ConfirmDeleteModal, EmptyState, Pager, QueryState } from './ListParts.tsx';
import { SectionHeader, useEditorView } from './Section.tsx';
import classes from './AdminList.module.css';

export interface ListPage<T> {
  items: T[];
  total: number;
  /** The server stopped counting at `total` (a large list): shown as "550+". */
  totalCapped?: boolean;
  /** The page after this one, read from where this one ends (keyset): null on the last page, absent on lists without. */
  nextCursor?: string | null;
}

type Filters = Record<string, string>;
export type ListInput<F extends Filters> = { page: number; search?: string; after?: string } & Partial<F>;

/** What a section lists, singular and plural ("parent dog", "parent dogs"): most texts follow from it. */
export type Noun = [one: string, many: string];
export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** The name a record goes by in titles and toasts: its `name` unless the screen says otherwise. */
export const defaultName = (item: object) => String((item as { name?: unknown }).name ?? '');

export interface RemoveDeclaration<T> {
  run: (item: T) => Promise<unknown>;
  /** The confirmation dialog's text. */
  body: (item: T) => ReactNode;
  /** Defaults: "Delete this puppy?", Delete, "Puppy deleted" / "Biscuit was removed from the site.", "Could not delete the puppy". */
  title?: string;
  confirmLabel?: string;
  done?: (item: T) => [string, string?];
  failed?: string;
  areas?: PublicArea[];
}

export interface RowContext {
  /** Opens this row's editor. */
  edit: () => void;
  /** Asks to delete this row. */
  remove: () => void;
  /** 0-based position on this page. */
  index: number;
  /** This row was just saved: the row element carries it as data-saved and takes focus. */
  saved: boolean;
}

type Item<D extends ListPage<{ id: number }>> = D['items'][number];

export interface AdminListProps<D extends ListPage<{ id: number }>, F extends Filters, E = unknown, K extends QueryKey = QueryKey> {
  noun: Noun;
  nameOf?: (item: Item<D>) => string;
  /** The heading ("Puppies" from the noun by default) and the list's accessible name (the title by default). */
  title?: string;
  listLabel?: string;
  queryOptions: (input: ListInput<F>) => UseQueryOptions<D, E, D, K>;
  /** An "Add puppy" button, and "Add your first puppy" in the empty state. */
  addable?: boolean;
  /** More buttons beside the heading. */
  actions?: (filters: Omit<ListInput<F>, 'page'>) => ReactNode;
  /** An "Export CSV" link to this address, for the current search and filters. */
  csv?: string;
  search?: { label: string; placeholder: string };
  filters?: { [K in keyof F]: { label: string; placeholder: string; data: { value: F[K]; label: string }[] } };
  /** Shown when nothing is listed ("No puppies yet." by default). */
  empty?: string;
  /** "3 puppies" above the list. */
  counted?: boolean;
  /** Shown between the heading area and the list. */
  intro?: (page: D | undefined) => ReactNode;
  /** One row's content (the kit supplies the list item around it). */
  renderItem?: (item: Item<D>, row: RowContext) => ReactNode;
  /** Replaces the plain list (the gallery's sortable one): each row element sets data-saved when row.saved. */
  renderItems?: (items: Item<D>[], rows: (item: Item<D>, index: number) => RowContext, page: number) => ReactNode;
  remove?: RemoveDeclaration<Item<D>>;
}

export function AdminList<D extends ListPage<{ id: number }>, F extends Filters = Filters, E = unknown, K extends QueryKey = QueryKey>(
  props: AdminListProps<D, F, E, K>,
) {
  type T = Item<D>;
  const [one, many] = props.noun;
  const nameOf = props.nameOf ?? defaultName;
  const { open, edit } = useEditorView();
  // The page shown, and the cursor it was reached by ("next" passes the one the page before gave; a page number
  // jumped to goes by its number).
  const [{ page, after }, setPosition] = useState<{ page: number; after?: string }>({ page: 1 });
  const setPage = (next: number) => setPosition({ page: next });
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Partial<F>>({});
  const [debounced] = useDebouncedValue(search, 300);
  const criteria = { ...(debounced ? { search: debounced } : {}), ...filters } as Omit<ListInput<F>, 'page'>;
  const input = { page, ...(after ? { after } : {}), ...criteria } as ListInput<F>;
  const query = useQuery(props.queryOptions(input));
  const filtered = !!debounced || Object.values(filters).some(Boolean);
  const items = query.data?.items ?? [];
  const savedId = useSavedRow(items, edit === undefined);

  const [deleting, setDeleting] = useState<T | null>(null);
  const invalidate = useInvalidate();
  const { remove: removal } = props;
  const remove = useMutation({
    mutationFn: (item: T) => removal!.run(item),
    onSuccess: async (_result, item) => {
      notifySaved(...(removal!.done?.(item) ?? [`${capitalize(one)} deleted`, `${nameOf(item)} was removed from the site.`]));
      setDeleting(null);
      await invalidate(...(removal!.areas ?? []));
    },
    onError: (error) => notifyFailed(removal!.failed ?? `Could not delete the ${one}`, error),
  });

  const rows = (item: T, index: number): RowContext => ({
    edit: () => open(item.id),
    remove: () => setDeleting(item),
    index,
    saved: item.id === savedId,
  });
  const title = props.title ?? capitalize(many);
  const listLabel = props.listLabel ?? title;
  const refilter = (apply: () => void) => {
    apply();
    setPage(1);
  };

  return (
    <>
      <SectionHeader
        title={title}
        actions={
          (props.actions || props.csv || props.addable) && (
            <>
              {props.actions?.(criteria)}
              {props.csv && (
                <Button
                  component="a"
                  href={csvLink(props.csv, criteria)}
                  download
                  variant="default"
                  leftSection={<IconDownload size={16} aria-hidden />}
                >
                  Export CSV
                </Button>
              )}
              {props.addable && (
                <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => open('new')}>
                  Add {one}
                </Button>
              )}
            </>
          )
        }
      />
      {(props.search || props.filters) && (
        <Group mb="md" gap="sm" grow preventGrowOverflow={false} wrap="wrap" maw={props.filters ? undefined : 360}>
          {props.search && (
            <TextInput
              label={props.search.label}
              placeholder={props.search.placeholder}
              value={search}
              onChange={(e) => refilter(() => setSearch(e.currentTarget.value))}
              miw={180}
            />
          )}
          {props.filters &&
            (Object.keys(props.filters) as (keyof F & string)[]).map((key) => {
              const filter = props.filters![key];
              return (
                <Select
                  key={key}
                  label={filter.label}
                  placeholder={filter.placeholder}
                  data={filter.data}
                  value={filters[key] ?? null}
                  onChange={(value) => refilter(() => setFilters((f) => ({ ...f, [key]: value ?? undefined })))}
                  clearable
                  miw={160}
                />
              );
            })}
        </Group>
      )}
      {props.intro?.(query.data)}
      <QueryState query={query} what={many} />
      {query.data && items.length === 0 && (
        <EmptyState action={!filtered && props.addable && <Button onClick={() => open('new')}>Add your first {one}</Button>}>
          {filtered ? `No ${many} match ${props.filters ? 'these filters' : 'this search'}.` : (props.empty ?? `No ${many} yet.`)}
        </EmptyState>
      )}
      {query.data && items.length > 0 && (
        <>
          {props.counted && (
            <Text size="sm" c="dimmed" mb="xs">
              {query.data.total}
              {query.data.totalCapped ? '+' : ''} {query.data.total === 1 && !query.data.totalCapped ? one : many}
            </Text>
          )}
          {props.renderItems ? (
            props.renderItems(items, rows, page)
          ) : (
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={listLabel}>
              {items.map((item, index) => {
                const row = rows(item, index);
                return (
                  <li key={item.id} className={classes.row} data-saved={row.saved || undefined} tabIndex={row.saved ? -1 : undefined}>
                    {props.renderItem?.(item, row)}
                  </li>
                );
              })}
            </Stack>
          )}
          <Pager
            page={page}
            total={query.data.total}
            capped={query.data.totalCapped}
            onChange={(next) =>
              setPosition(next === page + 1 && query.data?.nextCursor ? { page: next, after: query.data.nextCursor } : { page: next })
            }
            label={listLabel}
          />
        </>
      )}
      {removal && (
        <ConfirmDeleteModal
          opened={deleting !== null}
          title={removal.title ?? `Delete this ${one}?`}
          confirmLabel={removal.confirmLabel}
          loading={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() => deleting && remove.mutate(deleting)}
        >
          {deleting && removal.body(deleting)}
        </ConfirmDeleteModal>
      )}
    </>
  );
}

/** The class a custom row element (the gallery's) uses for the saved-row highlight. */
export const savedRowClass = classes.row;

/**
 * The record the editor just saved (from the history entry's state), once it is on this page: its row
 * is scrolled to the middle of the screen and focused, once per save, so a phone shows it too.
 */
function useSavedRow(items: { id: number }[], listShown: boolean): number | undefined {
  // The location's state can arrive a render before its search closes the editor: wait for the list to show.
  const state = useLocation({ select: (l) => l.state });
  const present = listShown && state.adminSaved !== undefined && items.some((i) => i.id === state.adminSaved);
  const shown = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!present || shown.current === state.__TSR_key) return;
    shown.current = state.__TSR_key;
    const row = document.querySelector<HTMLElement>('[data-saved]');
    row?.scrollIntoView({ block: 'center' });
    row?.focus({ preventScroll: true });
  }, [present, state.__TSR_key]);
  return present ? state.adminSaved : undefined;
}
