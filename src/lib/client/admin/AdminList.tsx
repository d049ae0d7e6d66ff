// The generic admin list: a heading with its add button, search with debounce, filters, loading /
// empty / error states, a pager past 50 rows, and delete with a confirmation, a toast and a refresh.
import { Fragment, useState, type ReactNode } from 'react';
import { useMutation, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { notifyFailed, notifySaved, useInvalidate, type PublicArea } from './admin-utils.ts';
import { ConfirmDeleteModal, EmptyState, Pager, QueryState } from './ListParts.tsx';
import { SectionHeader, useEditorView } from './Section.tsx';

export interface ListPage<T> {
  items: T[];
  total: number;
}

type Filters = Record<string, string>;
export type ListInput<F extends Filters> = { page: number; search?: string } & Partial<F>;

export interface RemoveDeclaration<T> {
  run: (item: T) => Promise<unknown>;
  /** The confirmation dialog: title, text, and the confirm button (Delete by default). */
  title: string;
  body: (item: T) => ReactNode;
  confirmLabel?: string;
  done: (item: T) => [string, string?];
  failed: string;
  areas?: PublicArea[];
}

export interface RowContext {
  /** Opens this row's editor. */
  edit: () => void;
  /** Asks to delete this row. */
  remove: () => void;
  /** 0-based position on this page. */
  index: number;
}

type Item<D extends ListPage<{ id: number }>> = D['items'][number];

export interface AdminListProps<D extends ListPage<{ id: number }>, F extends Filters, E = unknown, K extends QueryKey = QueryKey> {
  title: string;
  /** The list's accessible name (the title by default). */
  listLabel?: string;
  /** For the loading and error states: "puppies". */
  what: string;
  queryOptions: (input: ListInput<F>) => UseQueryOptions<D, E, D, K>;
  /** The add button's label; no button when absent. */
  addLabel?: string;
  /** More buttons beside the heading (an export link for the current search and filters). */
  actions?: (filters: Omit<ListInput<F>, 'page'>) => ReactNode;
  search?: { label: string; placeholder: string };
  filters?: { [K in keyof F]: { label: string; placeholder: string; data: { value: F[K]; label: string }[] } };
  /** Shown when the list is empty: with and without search or filters, and the first-record button. */
  empty: { none: string; filtered?: string; addFirst?: string };
  /** "3 puppies" above the list. */
  count?: [one: string, many: string];
  /** Shown between the heading area and the list. */
  intro?: (page: D) => ReactNode;
  renderItem?: (item: Item<D>, row: RowContext) => ReactNode;
  /** Replaces the plain list (the gallery's sortable one). */
  renderItems?: (items: Item<D>[], rows: (item: Item<D>, index: number) => RowContext, page: number) => ReactNode;
  remove?: RemoveDeclaration<Item<D>>;
}

export function AdminList<D extends ListPage<{ id: number }>, F extends Filters = Filters, E = unknown, K extends QueryKey = QueryKey>(props: AdminListProps<D, F, E, K>) {
  type T = Item<D>;
  const { open } = useEditorView();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Partial<F>>({});
  const [debounced] = useDebouncedValue(search, 300);
  const criteria = { ...(debounced ? { search: debounced } : {}), ...filters } as Omit<ListInput<F>, 'page'>;
  const input = { page, ...criteria } as ListInput<F>;
  const query = useQuery(props.queryOptions(input));
  const filtered = !!debounced || Object.values(filters).some(Boolean);

  const [deleting, setDeleting] = useState<T | null>(null);
  const invalidate = useInvalidate();
  const { remove: removal } = props;
  const remove = useMutation({
    mutationFn: (item: T) => removal!.run(item),
    onSuccess: async (_result, item) => {
      notifySaved(...removal!.done(item));
      setDeleting(null);
      await invalidate(...(removal!.areas ?? []));
    },
    onError: (error) => notifyFailed(removal!.failed, error),
  });

  const rows = (item: T, index: number): RowContext => ({ edit: () => open(item.id), remove: () => setDeleting(item), index });
  const items = query.data?.items ?? [];
  const listLabel = props.listLabel ?? props.title;
  const refilter = (apply: () => void) => {
    apply();
    setPage(1);
  };

  return (
    <>
      <SectionHeader
        title={props.title}
        actions={
          (props.actions || props.addLabel) && (
            <>
              {props.actions?.(criteria)}
              {props.addLabel && (
                <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => open('new')}>
                  {props.addLabel}
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
      {query.data && props.intro?.(query.data)}
      <QueryState query={query} what={props.what} />
      {query.data && items.length === 0 && (
        <EmptyState action={!filtered && props.empty.addFirst ? <Button onClick={() => open('new')}>{props.empty.addFirst}</Button> : undefined}>
          {filtered ? props.empty.filtered : props.empty.none}
        </EmptyState>
      )}
      {query.data && items.length > 0 && (
        <>
          {props.count && (
            <Text size="sm" c="gray.7" mb="xs">
              {query.data.total} {query.data.total === 1 ? props.count[0] : props.count[1]}
            </Text>
          )}
          {props.renderItems ? (
            props.renderItems(items, rows, page)
          ) : (
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={listLabel}>
              {items.map((item, index) => (
                <Fragment key={item.id}>{props.renderItem?.(item, rows(item, index))}</Fragment>
              ))}
            </Stack>
          )}
          <Pager page={page} total={query.data.total} onChange={setPage} label={listLabel} />
        </>
      )}
      {removal && (
        <ConfirmDeleteModal
          opened={deleting !== null}
          title={removal.title}
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
