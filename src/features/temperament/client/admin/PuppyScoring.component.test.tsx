// The scoring screen in Chromium: a score chosen shows its words at once, a scored test takes a note, the family's
// sentence builds as she goes, Save waits for a change, and the puppy stepper says where she is and stops at the ends.
// Saving is the server's (temperament.test.ts) and the journey's (e2e/temperament.spec.ts).
import { describe, expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render } from '../../../../lib/client/testing/render.tsx';
import { UnsavedChangesProvider } from '../../../../lib/client/admin/UnsavedChanges.tsx';
import { PuppyScoring } from './PuppyScoring.tsx';
import type { PuppyTestDto } from '../../temperament.schema.ts';

const puppy = (scores: PuppyTestDto['scores'] = {}): PuppyTestDto => ({
  puppyId: 7,
  name: 'Clover',
  gender: 'female',
  color: 'apricot',
  imageUrl: null,
  scores,
  summary: '',
  testedOn: null,
  complete: false,
  words: '',
  updatedAt: null,
});

const show = (p: PuppyTestDto, index: number, count: number, onMove = vi.fn()) => {
  render(<PuppyScoring puppy={p} position={{ index, count }} onMove={onMove} />, {
    at: '/admin/temperament',
    wrapper: (children) => <UnsavedChangesProvider>{children}</UnsavedChangesProvider>,
  });
  return onMove;
};

describe('PuppyScoring', () => {
  test('a score shows its words, opens its note, and builds what families will read', async () => {
    show(puppy(), 0, 3);
    await expect.element(page.getByText('Puppy 1 of 3 · 0 of 10 scored')).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
    await expect.element(page.getByRole('textbox', { name: 'Sound sensitivity note' })).not.toBeInTheDocument();

    await page.getByRole('radiogroup', { name: 'Sound sensitivity score' }).getByText('4', { exact: true }).click();
    await expect.element(page.getByText('calm with noise', { exact: true })).toBeVisible();
    await page.getByRole('radiogroup', { name: 'Following score' }).getByText('3', { exact: true }).click();
    await page.getByRole('radiogroup', { name: 'Restraint score' }).getByText('4', { exact: true }).click();
    await expect.element(page.getByText('Puppy 1 of 3 · 3 of 10 scored')).toBeVisible();
    await expect.element(page.getByText('Families will read: Follows readily, content to be held, calm with noise.')).toBeVisible();

    await page.getByRole('textbox', { name: 'Sound sensitivity note' }).fill('Slept through the pan');
    await expect.element(page.getByRole('textbox', { name: 'Sound sensitivity note' })).toHaveValue('Slept through the pan');
    // Changing a score keeps its note.
    await page.getByRole('radiogroup', { name: 'Sound sensitivity score' }).getByText('3', { exact: true }).click();
    await expect.element(page.getByText('curious about noise', { exact: true })).toBeVisible();
    await expect.element(page.getByRole('textbox', { name: 'Sound sensitivity note' })).toHaveValue('Slept through the pan');
    await expect.element(page.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
  });

  test('the stepper stops at the first and last puppy and moves one at a time', async () => {
    const onMove = show(puppy({ sound: { score: 5, note: '' } }), 0, 2);
    await expect.element(page.getByText('startled by noise', { exact: true })).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Previous puppy' })).toBeDisabled();
    await page.getByRole('button', { name: 'Next puppy' }).click();
    expect(onMove).toHaveBeenCalledWith(1);
  });

  test('on the last puppy there is no "Save and next puppy"', async () => {
    show(puppy(), 2, 3);
    await expect.element(page.getByRole('button', { name: 'Next puppy' })).toBeDisabled();
    await expect.element(page.getByRole('button', { name: 'Previous puppy' })).toBeEnabled();
    await expect.element(page.getByRole('button', { name: 'Save and next puppy' })).not.toBeInTheDocument();
  });
});
