// An uploaded spreadsheet as a header and rows of text: CSV through csv-parse's stream (UTF-8, UTF-8 with a BOM,
// UTF-16 with a BOM, else Windows-1252/Latin-1; comma, semicolon or tab), .xlsx through read-excel-file (the first
// sheet; a formula cell gives the value the spreadsheet showed, and is never evaluated here). Whatever cannot be
// read is a 4xx with one sentence (decision 160).
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { readSheet } from 'read-excel-file/node';
import { AppError } from '../../../lib/server/errors.ts';
import { IMPORT_MAX_ROWS, IMPORT_MESSAGES } from '../imports.schema.ts';

export interface SheetText {
  columns: string[];
  /** Each record's cells, as text, in the columns' order; `line` is its row number in the file (the header is 1). */
  rows: Array<{ line: number; cells: string[] }>;
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/** What our own CSV exports put before a cell that would start a formula (lib/server/csv.ts): taken off again. */
const EXPORT_ESCAPE = /^'(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/;

export function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3).toString('utf8');
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  // NUL bytes are never in a text file of ours: UTF-16 without its mark, or not text at all.
  if (bytes.includes(0)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMPORT_MESSAGES.encoding);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Not UTF-8: Excel's "CSV (Comma delimited)" on Windows writes Windows-1252, Latin-1 with the curly quotes.
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The separator of the header line: a comma, or the semicolon of European Excel, or a tab. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

const cleanCell = (value: string) => value.replace(EXPORT_ESCAPE, '').trim();

/** Column titles made unique ("Phone", "Phone (2)") and never empty ("Column C"). */
function titles(header: string[]): string[] {
  const seen = new Map<string, number>();
  return header.map((raw, i) => {
    const base = raw.trim() || `Column ${columnLetter(i)}`;
    const n = (seen.get(base.toLowerCase()) ?? 0) + 1;
    seen.set(base.toLowerCase(), n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

function columnLetter(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

function fromRecords(records: Array<{ line: number; cells: string[] }>): SheetText {
  const firstFilled = records.findIndex((r) => r.cells.some((c) => c !== ''));
  if (firstFilled < 0) throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.empty);
  const header = records[firstFilled]!;
  const columns = titles(header.cells);
  const rows = records.slice(firstFilled + 1).filter((r) => r.cells.some((c) => c !== ''));
  if (rows.length === 0) throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.noRows);
  return { columns, rows };
}

async function readCsv(bytes: Buffer): Promise<SheetText> {
  const text = decodeText(bytes);
  if (!text.trim()) throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.empty);
  const parser = Readable.from([text]).pipe(
    parse({ delimiter: delimiterOf(text), relax_column_count: true, relax_quotes: true, skip_empty_lines: true, info: true, bom: true }),
  );
  const records: Array<{ line: number; cells: string[] }> = [];
  try {
    for await (const entry of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      // The header and the limit: a record more is enough to refuse, without reading the rest.
      if (records.length > IMPORT_MAX_ROWS) {
        parser.destroy();
        throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooManyRows);
      }
      records.push({ line: records.length + 1, cells: entry.record.map(cleanCell) });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The record after the last one read is where the quote opened (a line, unless earlier cells held line breaks).
    const line = ((error as { records?: number }).records ?? records.length) + 1;
    throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.badCsv(line));
  }
  return fromRecords(records);
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    // A date cell is a calendar day (midnight UTC as read-excel-file gives it); a time of day is kept when there is one.
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(10)));
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value as string);
}

async function readXlsx(bytes: Buffer): Promise<SheetText> {
  let data: unknown[][];
  try {
    data = (await readSheet(bytes)) as unknown[][];
  } catch {
    throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.badXlsx);
  }
  if (data.length > IMPORT_MAX_ROWS + 1) throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooManyRows);
  return fromRecords(data.map((row, i) => ({ line: i + 1, cells: row.map((v) => cleanCell(cellText(v))) })));
}

/** The file's records, by its content (a ZIP is .xlsx; an OLE file is old Excel; anything else must be text). */
export async function readSpreadsheet(bytes: Buffer, fileName: string): Promise<SheetText> {
  if (bytes.length === 0) throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.empty);
  if (bytes.subarray(0, 4).equals(ZIP)) return readXlsx(bytes);
  if (bytes.subarray(0, 4).equals(OLE)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMPORT_MESSAGES.oldExcel);
  // Known binary formats named .csv (a PDF, an image) are not spreadsheets at all.
  if (
    /^(%PDF|\x89PNG|GIF8|\xff\xd8\xff)/.test(bytes.subarray(0, 4).toString('latin1')) ||
    /\.(pdf|png|jpe?g|gif|docx?|zip)$/i.test(fileName)
  )
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMPORT_MESSAGES.notSpreadsheet);
  return readCsv(bytes);
}
