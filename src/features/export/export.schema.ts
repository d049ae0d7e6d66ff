// The full export (issue 49): where it is downloaded, and the shape of the manifest.json it carries. Isomorphic.
export const EXPORT_PATH = '/api/admin/export';

/** How every CSV of the export is written, for whoever reads it without this site. */
export const EXPORT_FORMAT =
  'CSV files: UTF-8 with a byte-order mark, comma-separated, CRLF line ends, a header row of the column names below. ' +
  'A cell that starts with = + - @ (or a tab) has an apostrophe put before it so no spreadsheet runs it as a formula. ' +
  'Empty cell: no value. Dates are YYYY-MM-DD; instants are ISO 8601 in UTC; money is US dollars with two decimals; ' +
  'yes/no for true/false. An address /uploads/<id>.<ext> in any file is the file media/<id>.<ext> in this zip.';

export interface ExportManifest {
  format: string;
  exportedAt: string;
  files: { path: string; description: string; rows: number; columns: { name: string; type: string; meaning: string }[] }[];
  folders: { path: string; description: string; files: number }[];
}
