// The breeder brings her waitlist in from a spreadsheet at her desk (issue 49): three rows fail with why, she
// downloads them, fixes them and imports them again.
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { expect, test } from './fixtures.ts';
import { signInAdmin } from './admin-fixture.ts';
import { xlsxOf } from '../src/server/testing/imports.ts';

test('imports a waitlist spreadsheet, fixes its three failed rows from the failed-rows file and imports them again', async ({ page }) => {
  const run = Date.now().toString(36);
  const mail = (who: string) => `${who}.${run}@example.com`;
  const sheet = await xlsxOf([
    ['Family', 'Email', 'Phone', 'Pick', 'Sex', 'Color', 'Deposit', 'Deposit date'],
    ['The Abbotts', mail('abbott'), '555-0101', 1, 'Female', 'Red', 300, '2024-01-05'],
    ['The Bakers', mail('baker'), '555-0102', 2, 'Male', '', 300, '2024-01-09'],
    ['The Carters', 'carter.at.example.com', '555-0103', 3, '', 'Cream', '', ''],
    ['The Dunns', mail('dunn'), '555-0104', 4, 'Female', 'Apricot', 250, '31/31/2024'],
    ['The Ellises', mail('ellis'), '555-0105', 5, '', '', '', ''],
    ['The Ellis twins', mail('ellis'), '555-0106', 6, '', '', '', ''],
    ['The Fords', mail('ford'), '555-0107', 7, 'Male', 'Black', '', ''],
  ]);

  await signInAdmin(page, '/admin/import');
  await expect(page.getByRole('heading', { name: 'Import', level: 2 })).toBeVisible();
  await expect(page.getByLabel('What the file holds')).toHaveValue('families');
  await page.locator('input[type=file]').setInputFiles({
    name: 'waitlist.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: sheet,
  });
  await page.getByRole('button', { name: 'Read the file' }).click();

  // The columns were matched by their names; the preview shows the rows as stored and the three that fail, with why.
  await expect(page.getByLabel('Field for the column Pick')).toHaveValue('place');
  await expect(page.getByLabel('Field for the column Deposit date')).toHaveValue('depositDate');
  await expect(page.getByText('7 rows in the file; 3 will fail.')).toBeVisible();
  await expect(page.getByRole('cell', { name: '$300.00' }).first()).toBeVisible();
  const problems = page.getByRole('alert').filter({ hasText: '3 rows will not be imported' });
  await expect(problems.getByRole('listitem')).toHaveText([
    'Row 4: “carter.at.example.com” is not an e-mail address.',
    'Row 5: “31/31/2024” is not a date (write it as YYYY-MM-DD, e.g. 2024-03-05).',
    `Row 7: The address ${mail('ellis')} is already on row 6 of this file.`,
  ]);

  await page.getByRole('button', { name: 'Import 4 rows' }).click();
  await expect(page.getByText('4 created · 0 updated · 0 skipped · 3 failed')).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: /Download the failed rows/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('waitlist-failed-rows.csv');
  const failed = parse(await readFile((await download.path())!, 'utf8'), { bom: true }) as string[][];
  expect(failed[0]).toEqual(['Family', 'Email', 'Phone', 'Pick', 'Sex', 'Color', 'Deposit', 'Deposit date', 'reason']);
  expect(failed.slice(1).map((r) => r[0])).toEqual(['The Carters', 'The Dunns', 'The Ellis twins']);

  // She fixes the three rows where the reasons say, drops the reason column, and imports the file again.
  const fixed = failed.map((r) => r.slice(0, -1));
  fixed[1]![1] = mail('carter');
  fixed[2]![7] = '2024-03-31';
  fixed[3]![1] = mail('ellis-twins');
  const csv = fixed.map((r) => r.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n');
  await page.locator('input[type=file]').setInputFiles({ name: 'waitlist-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Read the file' }).click();
  await expect(page.getByText('3 rows in the file; 0 will fail.')).toBeVisible();
  await page.getByRole('button', { name: 'Import 3 rows' }).click();
  await expect(page.getByText('3 created · 0 updated · 0 skipped · 0 failed')).toBeVisible();
  await expect(page.getByRole('link', { name: /Download the failed rows/ })).toHaveCount(0);

  // All seven families are on the waitlist now.
  await page.goto('/admin/waitlist');
  for (const family of ['The Abbotts', 'The Carters', 'The Dunns', 'The Ellis twins', 'The Fords'])
    await expect(page.getByText(family, { exact: true }).first()).toBeVisible();
});
