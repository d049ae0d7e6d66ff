// The receipt PDF for one payment or refund (pdf-lib, the standard Helvetica: no font files to ship).
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { formatCents, type Totals } from '../money.ts';
import { PAYMENT_METHOD_LABELS, receiptNumber, type PaymentMethod } from '../payments.schema.ts';

export interface ReceiptInput {
  paymentId: number;
  breederName: string;
  town: string;
  familyName: string;
  amountCents: number;
  paidOn: string;
  method: PaymentMethod;
  reason: string | null;
  /** The account after this payment. */
  totals: Totals | null;
}

/** Helvetica speaks WinAnsi only: anything else (emoji, other scripts in a name) becomes "?" rather than failing the receipt. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export const pdfSafe = (s: string) =>
  [...s.replace(/[\r\n\t]+/g, ' ')].map((c) => ((c.codePointAt(0)! >= 0x20 && c.codePointAt(0)! <= 0xff) || WIN_ANSI_EXTRA.has(c) ? c : '?')).join('');

export async function receiptPdf(r: ReceiptInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const refund = r.amountCents < 0;
  const title = refund ? 'Refund receipt' : 'Payment receipt';
  doc.setTitle(`${title} ${receiptNumber(r.paymentId)}`);
  doc.setAuthor(pdfSafe(r.breederName));
  doc.setCreationDate(new Date(`${r.paidOn}T12:00:00Z`));
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = 720;
  const line = (text: string, opts: { size?: number; bold?: boolean; gap?: number } = {}) => {
    page.drawText(pdfSafe(text), { x: 72, y, size: opts.size ?? 12, font: opts.bold ? bold : font, color: rgb(0.1, 0.1, 0.1), maxWidth: 468 });
    y -= opts.gap ?? 22;
  };
  line(r.breederName, { size: 18, bold: true, gap: 20 });
  if (r.town) line(r.town, { size: 11, gap: 40 });
  line(`${title} ${receiptNumber(r.paymentId)}`, { size: 16, bold: true, gap: 32 });
  line(`${refund ? 'Refunded to' : 'Received from'}: ${r.familyName}`);
  line(`Amount: ${formatCents(Math.abs(r.amountCents))}`, { bold: true });
  line(`Date: ${r.paidOn}`);
  line(`Method: ${PAYMENT_METHOD_LABELS[r.method]}`);
  if (r.reason) line(`Reason: ${r.reason}`);
  if (r.totals) {
    y -= 16;
    line(`Price: ${formatCents(r.totals.priceCents)}`);
    line(`Paid to date: ${formatCents(r.totals.paidCents)}`);
    line(`Balance: ${formatCents(r.totals.balanceCents)}`, { bold: true });
  }
  y -= 24;
  line('Thank you!', { size: 11 });
  return doc.save();
}
