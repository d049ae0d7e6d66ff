// Payments' Fastify plugin, registered by the top floor: the receipt PDF download.
import fp from 'fastify-plugin';
import { AppError } from '../../../lib/server/errors.ts';
import { readReceipt } from './payments.service.ts';

/** /receipts/R-000012.pdf: for the breeder, the family it belongs to, or a holder of the e-mailed link (?t=). */
export const RECEIPT_PATH = '/receipts/:file';

export default fp(
  async (app) => {
    app.get(RECEIPT_PATH, async (request, reply) => {
      reply.header('cache-control', 'private, no-store').header('vary', 'Cookie');
      const m = /^R-(\d{1,9})\.pdf$/.exec((request.params as { file: string }).file);
      const t = (request.query as Record<string, unknown>).t;
      try {
        if (!m) throw new AppError('NOT_FOUND', 'Payment not found.');
        const receipt = await readReceipt(request.em, request.user, Number(m[1]), typeof t === 'string' ? t : undefined);
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="receipt-${receipt.number}.pdf"`)
          .header('x-content-type-options', 'nosniff')
          .send(receipt.pdf);
      } catch (error) {
        if (error instanceof AppError) return reply.code(404).send({ message: error.message });
        throw error;
      }
    });
  },
  { name: 'payments', dependencies: ['database', 'session'] },
);
