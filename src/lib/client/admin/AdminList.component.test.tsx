// The admin list kit in Chromium, through its props: what a section lists comes from its `queryOptions` and goes with
// `remove.run` (here a list in the test, as a section's are its tRPC procedures, whose own tests are the routers').
// Its texts from the noun, the add button and the editor's address, search (debounced) and filters with their
// empty states, the count, the pager and its cursor, the loading error with Try again, the CSV link, and delete
// with its confirmation (axe-clean, a named close button), its toast and the refresh.
import { describe, expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import axe from 'axe-core';
import { render } from '../testing/render.tsx';
import { AdminList, type ListInput, type ListPage } from './AdminList.tsx';
import { ItemCard } from './ListParts.tsx';

interface Dog {
  id: number;
  name: string;
  sex: 'female' | 'male';
}
type Filters = { sex: Dog['sex'] };
const PAGE = 50;

/** A list of dogs answering the kit's questions as a section's list procedure does: search, filter, page, cursor. */
function dogsList(dogs: Dog[], options: { capped?: boolean } = {}) {
  const asked: ListInput<Filters>[] = [];
  const queryOptions = (input: ListInput<Filters>) => ({
    // Keyed as tRPC keys a query (path first): the kit refreshes every admin query after a change.
    queryKey: [['admin', 'dogs', 'list'], { input }],
    queryFn: (): ListPage<Dog> => {
      asked.push(input);
      const matching = dogs.filter(
        (d) => (!input.search || d.name.toLowerCase().includes(input.search.toLowerCase())) && (!input.sex || d.sex === input.sex),
      );
      const start = input.after ? matching.findIndex((d) => String(d.id) === input.after) + 1 : (input.page - 1) * PAGE;
      const items = matching.slice(start, start + PAGE);
      const more = start + PAGE < matching.length;
      return { items, total: matching.length, totalCapped: options.capped, nextCursor: more ? String(items.at(-1)!.id) : null };
    },
  });
  return { asked, queryOptions, lastAsked: () => asked.at(-1) };
}

const named = (n: number, from = 1): Dog[] =>
  Array.from({ length: n }, (_, i) => ({ id: from + i, name: `Dog ${from + i}`, sex: i % 2 ? 'male' : 'female' }));
const rows = () => page.getByRole('list', { name: 'Parent dogs' }).getByRole('listitem');

describe('AdminList', () => {
  test('its heading, list, rows and count follow from the noun; Add opens the editor’s address', async () => {
    const { queryOptions } = dogsList([{ id: 1, name: 'Biscuit', sex: 'female' }]);
    const { router } = render(
      <AdminList<ListPage<Dog>, Filters>
        noun={['parent dog', 'parent dogs']}
        queryOptions={queryOptions}
        addable
        counted
        renderItem={(d, row) => <ItemCard title={d.name} row={row} />}
      />,
      { at: '/admin/dogs' },
    );
    await expect.element(page.getByRole('heading', { name: 'Parent dogs', level: 2 })).toBeVisible();
    await expect.element(rows().getByRole('heading', { name: 'Biscuit' })).toBeVisible();
    await expect.element(page.getByText('1 parent dog', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Add parent dog' }).click();
    await expect.poll(() => router!.state.location.search).toEqual({ edit: 'new' });
    await rows().getByRole('button', { name: 'Edit Biscuit' }).click();
    await expect.poll(() => router!.state.location.search).toEqual({ edit: 1 });
  });

  test('empty: its own message and "Add your first …"; a search with no match says so, without the add button', async () => {
    const { queryOptions, lastAsked } = dogsList([{ id: 1, name: 'Biscuit', sex: 'female' }]);
    render(
      <AdminList<ListPage<Dog>, Filters>
        noun={['parent dog', 'parent dogs']}
        queryOptions={queryOptions}
        addable
        search={{ label: 'Search dogs', placeholder: 'Name' }}
        renderItem={(d) => d.name}
      />,
      { at: '/' },
    );
    await expect.element(rows()).toHaveTextContent('Biscuit');
    await page.getByLabelText('Search dogs').fill('zz');
    await expect.element(page.getByText('No parent dogs match this search.')).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Add your first parent dog' })).not.toBeInTheDocument();
    // One question for the whole word, once typing stopped (debounced), from the first page.
    expect(lastAsked()).toEqual({ page: 1, search: 'zz' });

    const empty = dogsList([]);
    render(
      <AdminList<ListPage<Dog>, Filters>
        noun={['litter', 'litters']}
        queryOptions={empty.queryOptions}
        addable
        renderItem={(d) => d.name}
      />,
      { at: '/' },
    );
    await expect.element(page.getByText('No litters yet.')).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Add your first litter' })).toBeVisible();
  });

  test('search is sent once typing stops, and filters go with it; the CSV link carries both', async () => {
    const dogs: Dog[] = [
      { id: 1, name: 'Biscuit', sex: 'female' },
      { id: 2, name: 'Bramble', sex: 'male' },
      { id: 3, name: 'Clover', sex: 'female' },
    ];
    const { asked, queryOptions } = dogsList(dogs);
    render(
      <AdminList<ListPage<Dog>, Filters>
        noun={['parent dog', 'parent dogs']}
        queryOptions={queryOptions}
        csv="/api/admin/dogs.csv"
        search={{ label: 'Search dogs', placeholder: 'Name' }}
        filters={{
          sex: {
            label: 'Sex',
            placeholder: 'Any',
            data: [
              { value: 'female', label: 'Female' },
              { value: 'male', label: 'Male' },
            ],
          },
        }}
        renderItem={(d) => d.name}
      />,
      { at: '/' },
    );
    await expect.poll(() => rows().elements().length).toBe(3);
    await page.getByLabelText('Search dogs').fill('br');
    await expect
      .poll(() =>
        rows()
          .elements()
          .map((r) => r.textContent),
      )
      .toEqual(['Bramble']);
    expect(asked.filter((input) => input.search && input.search !== 'br')).toEqual([]);
    await expect.element(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/admin/dogs.csv?search=br');

    await page.getByLabelText('Search dogs').fill('');
    await page.getByRole('combobox', { name: 'Sex' }).click();
    await page.getByRole('option', { name: 'Female' }).click();
    await expect
      .poll(() =>
        rows()
          .elements()
          .map((r) => r.textContent),
      )
      .toEqual(['Biscuit', 'Clover']);
    await expect.element(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/admin/dogs.csv?sex=female');
    await page.getByLabelText('Search dogs').fill('zz');
    await expect.element(page.getByText('No parent dogs match these filters.')).toBeVisible();
  });

  test('past 50 rows a pager: "next" goes by the cursor the page gave, a page number by its number; a capped total says "+"', async () => {
    const { lastAsked, queryOptions } = dogsList(named(120), { capped: true });
    render(
      <AdminList<ListPage<Dog>, Filters>
        noun={['parent dog', 'parent dogs']}
        queryOptions={queryOptions}
        counted
        renderItem={(d) => d.name}
      />,
      { at: '/' },
    );
    await expect.element(page.getByText('120+ parent dogs')).toBeVisible();
    await expect.poll(() => rows().elements().length).toBe(50);
    await page.getByRole('button', { name: 'Parent dogs, page 3' }).click();
    await expect.element(rows().first()).toHaveTextContent('Dog 101');
    expect(lastAsked()).toEqual({ page: 3 });
    await page.getByRole('button', { name: 'previous page' }).click();
    await expect.element(rows().first()).toHaveTextContent('Dog 51');
    expect(lastAsked()).toEqual({ page: 2 });
    await page.getByRole('button', { name: 'next page' }).click();
    await expect.element(rows().first()).toHaveTextContent('Dog 101');
    expect(lastAsked()).toEqual({ page: 3, after: '100' });
    // Capped: one page more than the count says is offered.
    await expect.element(page.getByRole('button', { name: 'Parent dogs, page 4' })).toBeVisible();
  });

  test('a list that cannot load says so, and Try again asks again', async () => {
    let fail = true;
    const queryOptions = () => ({
      queryKey: [['admin', 'broken']],
      queryFn: (): ListPage<Dog> => {
        if (fail) throw new Error('unreachable');
        return { items: [{ id: 1, name: 'Biscuit', sex: 'female' }], total: 1 };
      },
    });
    render(
      <AdminList<ListPage<Dog>, Filters> noun={['parent dog', 'parent dogs']} queryOptions={queryOptions} renderItem={(d) => d.name} />,
      { at: '/' },
    );
    const alert = page.getByRole('alert').filter({ hasText: 'Could not load parent dogs' });
    await expect.element(alert.getByText('There was a problem reaching the server. Please try again.')).toBeVisible();
    fail = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect.element(rows()).toHaveTextContent('Biscuit');
    await expect.element(alert).not.toBeInTheDocument();
  });

  test('delete asks first in an axe-clean dialog with a named close button; Cancel keeps the row, Delete removes it with a toast', async () => {
    const dogs: Dog[] = [
      { id: 1, name: 'Biscuit', sex: 'female' },
      { id: 2, name: 'Bramble', sex: 'male' },
    ];
    const { queryOptions } = dogsList(dogs);
    const run = vi.fn(async (dog: Dog) => void dogs.splice(dogs.indexOf(dog), 1));
    render(
      <AdminList<ListPage<Dog>, Filters>
        noun={['parent dog', 'parent dogs']}
        queryOptions={queryOptions}
        renderItem={(d, row) => <ItemCard title={d.name} row={row} />}
        remove={{ run, body: (d) => `${d.name} will be deleted for good.` }}
      />,
      { at: '/' },
    );
    await rows().getByRole('button', { name: 'Delete Biscuit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this parent dog?' });
    await expect.element(dialog.getByText('Biscuit will be deleted for good.')).toBeVisible();
    await expect.element(dialog.getByRole('button', { name: 'Close dialog' })).toBeVisible();
    // Axe measures colours once the dialog has faded in.
    await expect.poll(() => getComputedStyle(dialog.element().closest('.mantine-Modal-content')!).opacity).toBe('1');
    // Its colours are the app theme's, measured in both themes by e2e/open-states.spec.ts (this render has Mantine's own).
    const results = await axe.run(dialog.element(), {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(results.violations.map((v) => v.id)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(run).not.toHaveBeenCalled();

    await rows().getByRole('button', { name: 'Delete Biscuit' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.element(page.getByText('Parent dog deleted')).toBeVisible();
    await expect.element(page.getByText('Biscuit was removed from the site.')).toBeVisible();
    expect(run).toHaveBeenCalledWith({ id: 1, name: 'Biscuit', sex: 'female' });
    await expect
      .poll(() =>
        rows()
          .elements()
          .map((r) => r.textContent),
      )
      .toEqual(['Bramble']);
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
  });

  test('a refused delete keeps the dialog and the row, and says why', async () => {
    const { queryOptions } = dogsList([{ id: 1, name: 'Biscuit', sex: 'female' }]);
    render(
      <AdminList<ListPage<Dog>, Filters>
        noun={['parent dog', 'parent dogs']}
        queryOptions={queryOptions}
        renderItem={(d, row) => <ItemCard title={d.name} row={row} />}
        remove={{ run: () => Promise.reject(new TypeError('Failed to fetch')), body: (d) => `${d.name} will be deleted.` }}
      />,
      { at: '/' },
    );
    await rows().getByRole('button', { name: 'Delete Biscuit' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.element(page.getByText('Could not delete the parent dog')).toBeVisible();
    await expect.element(page.getByText('Please try again.')).toBeVisible();
    await expect.element(page.getByRole('dialog', { name: 'Delete this parent dog?' })).toBeVisible();
    await expect.element(rows()).toHaveTextContent('Biscuit');
  });
});
