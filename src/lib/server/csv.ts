// CSV exports of the admin lists: cell escaping against spreadsheet formulas, and the download headers.

/**
 * Spreadsheet formula injection: a cell starting with = + - @ (or a tab or carriage return) is run
 * as a formula by Excel and LibreOffice. A leading apostrophe makes it plain text.
 */
export function escapeCsvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export const csvHeaders = (filename: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${filename}"`,
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
});
