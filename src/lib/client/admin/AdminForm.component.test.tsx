// The admin form kit in Chromium, through its props (a section's create/update/load are its tRPC procedures, whose own
// tests are the routers'; here they are a list in the test): the editor at ?edit=new and ?edit=<id>, the shared zod
// rules checked before anything is sent with the first message focused, the save's toast and the way back to the list
// with the saved row brought into view, a failed save's toast, and the unsaved-changes guard on the back button.
import { describe, expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import { z } from 'zod';
import { TextInput } from '@mantine/core';
import { render } from '../testing/render.tsx';
import { AdminEditor } from './AdminForm.tsx';
import { AdminList, type ListPage } from './AdminList.tsx';
import { ItemCard } from './ListParts.tsx';
import { AdminScreen } from './Section.tsx';
import { UnsavedChangesProvider } from './UnsavedChanges.tsx';

interface Litter {
  id: number;
  name: string;
  puppies: number | null;
}
const LitterSchema = z.object({
  name: z.string().trim().min(2, 'Name must be at least 2 characters.'),
  puppies: z.number('Enter a number.').int().min(1, 'A litter has at least 1 puppy.').nullable(),
});
type LitterInput = z.infer<typeof LitterSchema>;

/** A dashboard section of litters over a list in the test, as a section is over its procedures. */
function littersScreen(litters: Litter[], options: { failSave?: boolean } = {}) {
  const create = vi.fn(async (input: LitterInput) => {
    if (options.failSave) throw new Error('refused');
    const litter = { id: Math.max(0, ...litters.map((l) => l.id)) + 1, ...input };
    litters.push(litter);
    return litter;
  });
  const update = vi.fn(async (id: number, input: LitterInput) => {
    if (options.failSave) throw new Error('refused');
    const litter = litters.find((l) => l.id === id)!;
    Object.assign(litter, input);
    return litter;
  });
  const ui = (
    <AdminScreen
      list={
        <AdminList<ListPage<Litter>>
          noun={['litter', 'litters']}
          addable
          queryOptions={() => ({
            queryKey: [['admin', 'litters', 'list']],
            queryFn: () => ({ items: [...litters], total: litters.length }),
          })}
          renderItem={(l, row) => <ItemCard title={l.name} row={row} />}
        />
      }
      editor={(target) => (
        <AdminEditor
          target={target}
          noun={['litter', 'litters']}
          load={(id) => ({
            queryKey: [['admin', 'litters', 'byId'], { input: { id } }],
            queryFn: () => structuredClone(litters.find((l) => l.id === id)!),
          })}
          initialValues={(l?: Litter) => ({ name: l?.name ?? '', puppies: l?.puppies == null ? '' : String(l.puppies) })}
          schema={LitterSchema}
          toInput={(v) => ({ name: v.name, puppies: v.puppies === '' ? null : Number(v.puppies) })}
          create={create}
          update={update}
          fields={(form) => (
            <>
              <TextInput label="Name" required {...form.getInputProps('name')} />
              <TextInput label="Puppies" {...form.getInputProps('puppies')} />
            </>
          )}
        />
      )}
    />
  );
  return { ui, create, update };
}

const guarded = { wrapper: (children: React.ReactNode) => <UnsavedChangesProvider>{children}</UnsavedChangesProvider> };
const editor = (name: string) => page.getByRole('form', { name });
const litterRows = () => page.getByRole('list', { name: 'Litters' }).getByRole('listitem');

describe('AdminEditor', () => {
  test('a new record: the rules’ messages before anything is sent, the first field focused; then added, with a toast, back at the list on its row', async () => {
    const { ui, create } = littersScreen([{ id: 1, name: 'Spring', puppies: 5 }]);
    const { router } = render(ui, { ...guarded, at: '/admin/litters?edit=new' });
    const form = editor('New litter');
    await expect.element(page.getByRole('heading', { name: 'New litter', level: 2 })).toBeVisible();
    await form.getByLabelText(/^Puppies/).fill('0');
    await form.getByRole('button', { name: 'Add litter' }).click();
    await expect.element(form.getByText('Name must be at least 2 characters.')).toBeVisible();
    await expect.element(form.getByText('A litter has at least 1 puppy.')).toBeVisible();
    await expect.element(form.getByLabelText(/^Name/)).toHaveFocus();
    expect(create).not.toHaveBeenCalled();

    await form.getByLabelText(/^Name/).fill('  Autumn ');
    await form.getByLabelText(/^Puppies/).fill('');
    await form.getByRole('button', { name: 'Add litter' }).click();
    await expect.element(page.getByText('Litter added')).toBeVisible();
    await expect.element(page.getByText('Autumn is saved.')).toBeVisible();
    // What the schema made of the form: trimmed, an empty number as null.
    expect(create).toHaveBeenCalledWith({ name: 'Autumn', puppies: null });
    await expect.poll(() => router!.state.location.search).toEqual({});
    const saved = litterRows().filter({ hasText: 'Autumn' });
    await expect.element(saved).toHaveAttribute('data-saved', 'true');
    await expect.element(saved).toHaveFocus();
  });

  test('an existing record opens with its values, and its save updates it by id', async () => {
    const { ui, update } = littersScreen([{ id: 4, name: 'Spring', puppies: 5 }]);
    render(ui, { ...guarded, at: '/admin/litters?edit=4' });
    const form = editor('Edit Spring');
    await expect.element(form.getByLabelText(/^Name/)).toHaveValue('Spring');
    await expect.element(form.getByLabelText(/^Puppies/)).toHaveValue('5');
    await form.getByLabelText(/^Puppies/).fill('6');
    await form.getByRole('button', { name: 'Save litter' }).click();
    await expect.element(page.getByText('Litter saved')).toBeVisible();
    expect(update).toHaveBeenCalledWith(4, { name: 'Spring', puppies: 6 });
    await expect.element(litterRows().filter({ hasText: 'Spring' })).toHaveAttribute('data-saved', 'true');
  });

  test('a failed save keeps the form and its values, and says so', async () => {
    const { ui } = littersScreen([], { failSave: true });
    const { router } = render(ui, { ...guarded, at: '/admin/litters?edit=new' });
    const form = editor('New litter');
    await form.getByLabelText(/^Name/).fill('Autumn');
    await form.getByRole('button', { name: 'Add litter' }).click();
    await expect.element(page.getByText('Could not save the litter')).toBeVisible();
    await expect.element(page.getByText('Please try again.')).toBeVisible();
    await expect.element(form.getByLabelText(/^Name/)).toHaveValue('Autumn');
    expect(router!.state.location.search).toEqual({ edit: 'new' });
  });

  test('the back button asks before leaving an edited form: Keep editing stays with the text, Discard returns to the list', async () => {
    const { ui } = littersScreen([{ id: 1, name: 'Spring', puppies: 5 }]);
    const { router } = render(ui, { ...guarded, browserHistory: true });
    await page.getByRole('button', { name: 'Add litter' }).click();
    const form = editor('New litter');
    await form.getByLabelText(/^Name/).fill('Half-typed litter');
    window.history.back();
    const dialog = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(form.getByLabelText(/^Name/)).toHaveValue('Half-typed litter');
    expect(router!.state.location.search).toEqual({ edit: 'new' });

    window.history.back();
    await page.getByRole('dialog', { name: 'Discard unsaved changes?' }).getByRole('button', { name: 'Discard changes' }).click();
    // Back on the test page's own address, the editor's search gone.
    await expect.poll(() => router!.state.location.search).not.toHaveProperty('edit');
    await expect.element(page.getByRole('list', { name: 'Litters' })).toBeVisible();
    await expect.element(form).not.toBeInTheDocument();
  });

  test('an untouched form leaves without asking', async () => {
    const { ui } = littersScreen([{ id: 1, name: 'Spring', puppies: 5 }]);
    const { router } = render(ui, { ...guarded, browserHistory: true });
    await page.getByRole('button', { name: 'Add litter' }).click();
    await expect.element(editor('New litter')).toBeVisible();
    window.history.back();
    await expect.poll(() => router!.state.location.search).not.toHaveProperty('edit');
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
  });
});
