// What every PDF the site makes has in common (contracts, payment receipts, the puppy passport): pdf-lib with the
// standard Helvetica (no font files to ship) on US Letter pages, the document's metadata, the ink, what the font can
// draw, words wrapped to a width, and a running position that turns the page when the next lines would not fit.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

export const LETTER = { width: 612, height: 792 } as const;
/** The text colour: a near black. */
export const INK = rgb(0.1, 0.1, 0.1);

export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
}

export interface PdfMetadata {
  title: string;
  author?: string;
  creator?: string;
  producer?: string;
  creationDate?: Date;
}

/** A new document with its metadata and Helvetica (regular and bold) embedded. */
export async function newPdf(meta: PdfMetadata): Promise<{ doc: PDFDocument; fonts: PdfFonts }> {
  const doc = await PDFDocument.create();
  doc.setTitle(meta.title);
  if (meta.author !== undefined) doc.setAuthor(meta.author);
  if (meta.producer !== undefined) doc.setProducer(meta.producer);
  if (meta.creator !== undefined) doc.setCreator(meta.creator);
  if (meta.creationDate) doc.setCreationDate(meta.creationDate);
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  return { doc, fonts };
}

const characterSets = new WeakMap<PDFFont, Set<number>>();

/**
 * The text as the font can draw it: the standard fonts speak WinAnsi only, so anything else (an emoji, another
 * script in a name) becomes '?' instead of failing the whole document; a tab or carriage return is a space and a
 * non-breaking hyphen a hyphen.
 */
export function drawable(font: PDFFont, text: string): string {
  let set = characterSets.get(font);
  if (!set) characterSets.set(font, (set = new Set(font.getCharacterSet())));
  return [...text.replace(/[\t\r]/g, ' ')].map((c) => (set.has(c.codePointAt(0)!) ? c : c === '\u2011' ? '-' : '?')).join('');
}

/**
 * The lines of `text` (drawable already) at `size` in `font` no wider than `width`: broken between words (a space
 * each; a run of spaces stays as it is inside a line), a word wider than the line (a hash) cut where it must be.
 */
export function wrapText(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width) {
      let n = rest.length;
      while (n > 1 && font.widthOfTextAtSize(rest.slice(0, n), size) > width) n--;
      lines.push(rest.slice(0, n));
      rest = rest.slice(n);
    }
    line = rest;
  }
  if (line || !lines.length) lines.push(line);
  return lines;
}

/**
 * Where the next line goes: the current page and the height `y` written down to, starting `top` below the page's
 * top edge; `room` starts a new page when `height` more would reach below `bottom`.
 */
export class PageFlow {
  page: PDFPage;
  y: number;
  private readonly doc: PDFDocument;
  private readonly top: number;
  private readonly bottom: number;
  constructor(doc: PDFDocument, { top, bottom }: { top: number; bottom: number }) {
    this.doc = doc;
    this.top = top;
    this.bottom = bottom;
    this.page = doc.addPage([LETTER.width, LETTER.height]);
    this.y = LETTER.height - top;
  }
  newPage() {
    this.page = this.doc.addPage([LETTER.width, LETTER.height]);
    this.y = LETTER.height - this.top;
  }
  room(height: number) {
    if (this.y - height < this.bottom) this.newPage();
  }
}
