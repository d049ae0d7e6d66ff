// Spreadsheet imports (issue 49): the kinds of record a file can bring in, each kind's fields (with the column names
// they are matched from), the limits, the answers' shapes and every sentence the breeder reads. Isomorphic.
import { z } from 'zod';

export const IMPORT_KINDS = ['families', 'subscribers', 'dogs', 'litters'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  families: 'Families and the waitlist',
  subscribers: 'Newsletter subscribers',
  dogs: 'Dogs, their parents and health results',
  litters: 'Past litters and their puppies',
};

export interface ImportField {
  key: string;
  label: string;
  required?: boolean;
  /** Column titles this field is matched from (compared without case, spaces or punctuation), besides its label. */
  aliases: readonly string[];
  hint?: string;
}

const f = (key: string, label: string, aliases: readonly string[], extra: Partial<ImportField> = {}): ImportField => ({
  key,
  label,
  aliases,
  ...extra,
});

export const IMPORT_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  families: [
    f('name', 'Name', ['family', 'family name', 'full name', 'customer', 'client'], { required: true }),
    f('email', 'E-mail', ['email', 'email address', 'e-mail address', 'mail'], { required: true, hint: 'One family per address.' }),
    f('phone', 'Phone', ['phone number', 'telephone', 'mobile', 'cell']),
    f('litter', 'Litter', ['litter name', 'waitlist', 'list'], { hint: 'A litter’s name; empty for the general waitlist.' }),
    f('place', 'Waitlist place', ['place', 'position', 'pick', 'pick order', 'order', 'rank', '#']),
    f('gender', 'Sex preference', ['sex', 'gender', 'sex preference', 'gender preference', 'male/female']),
    f('color', 'Colour preference', ['colour', 'color', 'color preference', 'coat', 'coat color']),
    f('depositAmount', 'Deposit paid', ['deposit', 'deposit amount', 'amount paid', 'deposit paid ($)']),
    f('depositDate', 'Deposit date', ['deposit date', 'date paid', 'deposit received', 'paid on']),
    f('depositMethod', 'Deposit method', ['method', 'payment method', 'paid by']),
    f('notes', 'Notes', ['note', 'comments', 'comment']),
  ],
  subscribers: [
    f('email', 'E-mail', ['email', 'email address', 'e-mail address', 'mail'], { required: true }),
    f('name', 'Name', ['first name', 'full name', 'fname']),
    f('optedIn', 'Opted in', ['opted in', 'opt in', 'optin', 'consent', 'status', 'subscribed', 'member status'], {
      hint: 'yes, subscribed or confirmed: imported as confirmed. Anything else gets the confirmation e-mail.',
    }),
    f('consentDate', 'Consent date', ['optin time', 'opt in date', 'confirm time', 'subscribed on', 'date subscribed', 'signup date']),
    f('consentSource', 'How they consented', ['source', 'signup source', 'consent source', 'how', 'optin source']),
  ],
  dogs: [
    f('name', 'Name', ['call name', 'dog', 'dog name'], { required: true }),
    f('gender', 'Sex', ['sex', 'gender'], { required: true, hint: 'female or male (F, M, dam and sire are understood).' }),
    f('breed', 'Breed', ['breed']),
    f('generation', 'Generation', ['gen', 'generation']),
    f('color', 'Colour', ['color', 'colour', 'coat']),
    f('birthDate', 'Birth date', ['born', 'dob', 'date of birth', 'birthday', 'whelped']),
    f('registrationNumber', 'Registration number', ['reg', 'reg no', 'registration', 'registration no', 'reg number']),
    f('registry', 'Registry', ['registry', 'kennel club']),
    f('registeredName', 'Registered name', ['registered name', 'official name']),
    f('sire', 'Sire', ['father', 'sire name', 'sire reg'], { hint: 'Its registration number or name.' }),
    f('dam', 'Dam', ['mother', 'dam name', 'dam reg'], { hint: 'Its registration number or name.' }),
    f('weight', 'Weight (lb)', ['weight', 'lbs', 'weight lbs']),
    f('health', 'Health results', ['health', 'health tests', 'health results', 'clearances', 'testing'], {
      hint: 'Test: result pairs separated by semicolons, e.g. “OFA hips: Good; Embark PRA-prcd: Clear”.',
    }),
    f('ours', 'Ours', ['ours', 'owned', 'in program', 'breeding dog'], { hint: 'yes for a dog that lives here.' }),
    f('notes', 'Notes', ['note', 'comments']),
  ],
  litters: [
    f('litter', 'Litter', ['litter name', 'litter'], { required: true }),
    f('birthDate', 'Litter born', ['born', 'whelped', 'whelp date', 'birth date', 'dob', 'date of birth'], { required: true }),
    f('sire', 'Sire', ['father'], { hint: 'Its registration number or name, in the registry.' }),
    f('dam', 'Dam', ['mother'], { hint: 'Its registration number or name, in the registry.' }),
    f('puppy', 'Puppy', ['puppy name', 'pup', 'name', 'collar'], { hint: 'One row per puppy; empty for a litter alone.' }),
    f('gender', 'Sex', ['sex', 'gender']),
    f('color', 'Colour', ['color', 'colour', 'coat']),
    f('family', 'Family e-mail', ['family', 'owner', 'owner email', 'buyer', 'buyer email', 'email', 'went to'], {
      hint: 'The e-mail of the family it went to (import the families first).',
    }),
  ],
};

/** The largest file accepted, in bytes. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Rows in one file, at most: a bigger list is imported in parts. */
export const IMPORT_MAX_ROWS = 50_000;
/** Rows the preview shows as they will be stored. */
export const IMPORT_PREVIEW_ROWS = 20;
/** Failing rows the preview lists (the failed-rows file has them all). */
export const IMPORT_PREVIEW_ERRORS = 500;
export const IMPORTS_PATH = '/api/admin/imports';

export const IMPORT_MESSAGES = {
  notSignedIn: 'Please sign in first.',
  notAdmin: 'Only the breeder can import records.',
  form: 'Send a multipart form with the file in “file” and the kind of record in “kind”.',
  kind: `Choose what the file holds: ${IMPORT_KINDS.join(', ')}.`,
  missingFile: 'Choose a file to import.',
  empty: 'This file is empty: there is nothing to import.',
  noRows: 'This file has a header row but no records under it.',
  tooLarge: `This file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB; split it into smaller files and import each.`,
  tooManyRows: `This file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows; split it into smaller files and import each.`,
  notSpreadsheet: 'This is not a CSV or Excel (.xlsx) file; save the spreadsheet as CSV or .xlsx and try again.',
  oldExcel: 'This is an old Excel (.xls) file; save it as .xlsx or CSV in Excel and try again.',
  encoding: 'This file’s text is not in an encoding we can read; save it as “CSV UTF-8” and try again.',
  badCsv: (line: number) => `This CSV file cannot be read past line ${line} (a quote is not closed); fix that line and try again.`,
  badXlsx: 'This Excel file cannot be read; open it in Excel, save it again as .xlsx and try again.',
  notFound: 'No such import.',
  mapping: 'Each column can be matched to one field only, and every required field needs a column.',
  committed: 'This import has already been committed.',
  undone: 'This import was undone.',
  notCommitted: 'This import was never committed, so there is nothing to undo.',
  busy: 'This import is being committed right now.',
  expired: 'This preview has expired; upload the file again.',
  undoTouched: (what: string) =>
    `Undo refused: ${what} changed after this import, so undoing it would lose that work. Change the record by hand instead.`,
  undoLater: 'Undo refused: a later import changed these records; undo that import first.',
} as const;

/** A column of the file matched to a field (by its key), or null: the column is not imported. */
export const MappingSchema = z.record(z.string().max(200), z.string().max(50).nullable());
export type ImportMapping = z.infer<typeof MappingSchema>;

export const CommitSchema = z.object({ mapping: MappingSchema.optional() }).strict();

export interface ImportErrorDto {
  /** The row's number in the file (the header is row 1). */
  row: number;
  /** The field's key, or "row" for the row as a whole (a duplicate). */
  field: string;
  message: string;
}

export interface ImportPreviewDto {
  id: string;
  kind: ImportKind;
  fileName: string;
  columns: string[];
  mapping: ImportMapping;
  /** Records in the file (header excluded). */
  total: number;
  /** The first rows as they will be stored: each field's value as text. */
  rows: Array<{ row: number; action: 'create' | 'update' | 'unchanged'; values: Record<string, string> }>;
  errors: ImportErrorDto[];
  /** Rows that fail (every one, even past the listed errors). */
  failing: number;
  status: ImportStatus;
}

export const IMPORT_STATUSES = ['preview', 'committing', 'committed', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export interface ImportResultDto {
  id: string;
  kind: ImportKind;
  status: ImportStatus;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  /** Where the failed rows are, as CSV with a reason column (null when none failed). */
  failedRowsUrl: string | null;
}

export interface ImportProgressDto {
  id: string;
  status: ImportStatus;
  done: number;
  total: number;
}

/** "Doe, Jane" and "doe jane" match the same column; so do "E-mail" and "email". */
export const columnKey = (title: string) => title.toLowerCase().replace(/[^a-z0-9#]+/g, '');

/** Each column matched to the field whose label or alias it names; the rest left for the breeder. */
export function guessMapping(kind: ImportKind, columns: readonly string[]): ImportMapping {
  const taken = new Set<string>();
  const mapping: ImportMapping = {};
  for (const column of columns) {
    const key = columnKey(column);
    const field = IMPORT_FIELDS[kind].find(
      (fd) =>
        !taken.has(fd.key) && (columnKey(fd.label) === key || columnKey(fd.key) === key || fd.aliases.some((a) => columnKey(a) === key)),
    );
    mapping[column] = field ? field.key : null;
    if (field) taken.add(field.key);
  }
  return mapping;
}
