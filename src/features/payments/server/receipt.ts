// The receipt PDF for one payment or refund (the page, fonts and wrapping from src/lib/server/pdf.ts).
import { drawable, INK, newPdf, PageFlow, wrapText } from '../../../lib/server/pdf.ts';
import { formatDay } from '../../../lib/shared/format.ts';
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

export async function receiptPdf(r: ReceiptInput): Promise<Uint8Array> {
  const refund = r.amountCents < 0;
  const title = refund ? 'Refund receipt' : 'Payment receipt';
  const { doc, fonts } = await newPdf({
    title: `${title} ${receiptNumber(r.paymentId)}`,
    author: r.breederName,
    creationDate: new Date(`${r.paidOn}T12:00:00Z`),
  });
  const flow = new PageFlow(doc, { top: 72, bottom: 72 });
  /** One line of the receipt (a long one wrapped, each further line `size + 4` lower), then `gap` down to the next. */
  const line = (text: string, opts: { size?: number; bold?: boolean; gap?: number } = {}) => {
    const size = opts.size ?? 12;
    const font = opts.bold ? fonts.bold : fonts.regular;
    const lines = wrapText(font, drawable(font, text.replace(/[\r\n\t]+/g, ' ')), size, 468);
    lines.forEach((l, i) => {
      if (i > 0) flow.y -= size + 4;
      flow.room(size);
      flow.page.drawText(l, { x: 72, y: flow.y, size, font, color: INK });
    });
    flow.y -= opts.gap ?? 22;
  };
  line(r.breederName, { size: 18, bold: true, gap: 20 });
  if (r.town) line(r.town, { size: 11, gap: 40 });
  line(`${title} ${receiptNumber(r.paymentId)}`, { size: 16, bold: true, gap: 32 });
  line(`${refund ? 'Refunded to' : 'Received from'}: ${r.familyName}`);
  line(`Amount: ${formatCents(Math.abs(r.amountCents))}`, { bold: true });
  line(`Date: ${formatDay(r.paidOn)}`);
  line(`Method: ${PAYMENT_METHOD_LABELS[r.method]}`);
  if (r.reason) line(`Reason: ${r.reason}`);
  if (r.totals) {
    flow.y -= 16;
    line(`Price: ${formatCents(r.totals.priceCents)}`);
    line(`Paid to date: ${formatCents(r.totals.paidCents)}`);
    line(`Balance: ${formatCents(r.totals.balanceCents)}`, { bold: true });
  }
  flow.y -= 24;
  line('Thank you!', { size: 11 });
  return doc.save();
}
