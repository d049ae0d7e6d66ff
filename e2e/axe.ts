// The accessibility sweeps' measure (decision 118): axe with the WCAG 2.2 AA tags on a page at rest, in the
// theme it is in and then in the other, flipped without reloading, so one page load measures both themes.
import { atRest, expect, type Page } from './fixtures.ts';
import AxeBuilder from '@axe-core/playwright';

export const scheme = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

/**
 * Waits until nothing is loading and nothing animates (axe measures colours at rest). Loading states are
 * announced (a "Loading …" status or label), so their absence says the data is on screen.
 */
export async function settled(page: Page) {
  await expect(
    page
      .locator('[aria-label^="Loading"]')
      .or(page.getByRole('status').filter({ hasText: /^Loading/ }))
      .or(page.locator('[aria-busy="true"]')),
  ).toHaveCount(0);
  await atRest(page);
}

/**
 * The rules whose answer can change with the theme: the colours. A flip re-renders the same markup in the other
 * scheme (same names, roles, labels, sizes), so the second theme needs only these (decision 132).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * What a measure leaves out: a frame with a document of its own (an e-mail's preview is not a page of the site);
 * `colours`: the colour rules only.
 */
export interface Measure {
  exclude?: string;
  colours?: boolean;
}

/** axe's violations on the page as it is now, each as "where › rule: elements". */
export async function violations(page: Page, where: string, measure: Measure = {}): Promise<string[]> {
  await settled(page);
  // Only the violations are read: axe then details no passing or inapplicable node (fewer results to build and send).
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (measure.colours) axe.withRules(COLOUR_RULES);
  else axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  if (measure.exclude) axe.exclude(measure.exclude);
  const result = await axe.analyze();
  return result.violations.map((v) => `${where} › ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Checks the page shown in the theme it is in (every rule), then flips it to the other through the theme manager's
 * own path (a change another tab made: storage event, Mantine re-renders) and checks its colours again: one load
 * per screen for both themes. The choice is stored, so the next screen loads in the theme this one ended in.
 * An open dialog, menu or drawer stays open across the flip.
 */
export async function inBothThemes(page: Page, where: string, measure: Measure = {}): Promise<string[]> {
  const first = (await scheme(page)) as 'light' | 'dark';
  const second = first === 'light' ? 'dark' : 'light';
  const found = await violations(page, `${where} (${first})`, measure);
  await page.evaluate((t) => {
    localStorage.setItem('vite-ui-theme', t);
    window.dispatchEvent(new StorageEvent('storage', { key: 'vite-ui-theme', newValue: t, storageArea: localStorage }));
  }, second);
  await expect.poll(() => scheme(page)).toBe(second);
  found.push(...(await violations(page, `${where} (${second})`, { ...measure, colours: true })));
  return found;
}
