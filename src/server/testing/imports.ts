// Files for the import tests: CSV text in a chosen encoding, and real .xlsx files (the Open XML parts zipped by
// archiver), with formula cells that carry a cached value as spreadsheet programs save them.
import { ZipArchive } from 'archiver';
import { multipartBody } from './uploads.ts';

type XlsxCell = string | number | { formula: string; cached: string | number } | null;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function column(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

function sheetXml(rows: XlsxCell[][]): string {
  const body = rows
    .map((row, r) => {
      const cells = row
        .map((v, c) => {
          const ref = `${column(c)}${r + 1}`;
          if (v === null) return '';
          if (typeof v === 'number') return `<c r="${ref}"><v>${v}</v></c>`;
          if (typeof v === 'string') return `<c r="${ref}" t="inlineStr"><is><t>${esc(v)}</t></is></c>`;
          return typeof v.cached === 'number'
            ? `<c r="${ref}"><f>${esc(v.formula)}</f><v>${v.cached}</v></c>`
            : `<c r="${ref}" t="str"><f>${esc(v.formula)}</f><v>${esc(v.cached)}</v></c>`;
        })
        .join('');
      return `<row r="${r + 1}">${cells}</row>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`;
}

export async function xlsxOf(rows: XlsxCell[][]): Promise<Buffer> {
  const zip = new ZipArchive();
  const chunks: Buffer[] = [];
  zip.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    zip.on('end', () => resolve());
    zip.on('error', reject);
  });
  zip.append(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    { name: '[Content_Types].xml' },
  );
  zip.append(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    { name: '_rels/.rels' },
  );
  zip.append(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    { name: 'xl/workbook.xml' },
  );
  zip.append(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    { name: 'xl/_rels/workbook.xml.rels' },
  );
  zip.append(sheetXml(rows), { name: 'xl/worksheets/sheet1.xml' });
  await zip.finalize();
  await done;
  return Buffer.concat(chunks);
}

/** The upload of one file and its kind, as the Import screen sends it. */
export function importUpload(kind: string, data: Buffer, filename = 'list.csv') {
  return multipartBody([
    { name: 'kind', value: kind },
    {
      name: 'file',
      filename,
      contentType: filename.endsWith('.xlsx') ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv',
      data,
    },
  ]);
}

/** CSV text with Windows line ends, as Excel saves it. */
export const csvText = (lines: string[]) => `${lines.join('\r\n')}\r\n`;
