// POST /api/messages/attachments: a signed-in family's photo or PDF for a message (multipart/form-data, field
// "file"). Stored through the media feature's private ingest (ctx.services.media.ingestPrivate: content sniffed,
// size limits, photos re-encoded without metadata), recorded as this family's, answered with the URL to attach.
import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import { AppError, toApiError } from '../../../lib/server/errors.ts';
import { MESSAGE_FILE_MAX_BYTES, MESSAGE_UPLOAD_PATH, MESSAGES_TEXT, type MessageUploadDto } from '../messages.schema.ts';
import { MessageUpload } from './message.entity.ts';

/** Uploads per family per hour: a phone sending a day's photos fits; a script filling the database does not. */
export const MESSAGE_UPLOADS_PER_HOUR = 60;

/** The multipart reader's and the media pipeline's refusals, as the family's 4xx. */
function asUploadError(error: unknown): unknown {
  const e = error as { code?: string; statusCode?: number };
  if (error instanceof AppError) {
    if (error.code === 'PAYLOAD_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', MESSAGES_TEXT.fileTooLarge);
    // The media pipeline's own wording offers videos, which a message does not take.
    if (error.code === 'UNSUPPORTED_MEDIA_TYPE') return new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES_TEXT.fileWrongType);
    return error;
  }
  if (e?.code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', MESSAGES_TEXT.fileTooLarge);
  if (e?.code === 'FST_FILES_LIMIT' || e?.code === 'FST_PARTS_LIMIT' || e?.code === 'FST_FIELDS_LIMIT')
    return new AppError('BAD_REQUEST', MESSAGES_TEXT.fileForm);
  if (e?.statusCode !== undefined && e.statusCode >= 500) return error;
  if (e?.statusCode !== undefined || /^FST_/.test(e?.code ?? '')) return new AppError('BAD_REQUEST', MESSAGES_TEXT.fileForm);
  return error;
}

export default fp(
  async (app) => {
    await app.register(async (scope) => {
      // Multipart is parsed in this scope only; the security plugin lets it through for routes that say so.
      await scope.register(multipart, { limits: { fileSize: MESSAGE_FILE_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 } });
      scope.post(MESSAGE_UPLOAD_PATH, { config: { multipartUpload: true } }, async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const refuse = (status: number, message: string): FastifyReply =>
          reply.code(status).header('Connection', 'close').send({ message });
        if (!request.user) return refuse(401, 'Please sign in first.');
        if (!request.isMultipart()) return reply.code(415).send({ message: MESSAGES_TEXT.fileForm });
        const { allowed } = await app.services.rateLimit(`message-upload:${request.user.id}`, MESSAGE_UPLOADS_PER_HOUR, 60 * 60_000);
        if (!allowed) return refuse(429, 'Too many files in the last hour. Please try again later.');
        try {
          let bytes: Buffer;
          let filename: string | null;
          try {
            const part = await request.file();
            if (!part || part.fieldname !== 'file') throw new AppError('BAD_REQUEST', MESSAGES_TEXT.fileMissing);
            filename = part.filename || null;
            bytes = await part.toBuffer();
          } catch (error) {
            throw asUploadError(error);
          }
          if (bytes.length === 0) throw new AppError('BAD_REQUEST', MESSAGES_TEXT.fileMissing);
          const stored = await app.services.media.ingestPrivate(request.em, bytes, filename).catch((error: unknown) => {
            throw asUploadError(error);
          });
          request.em.create(MessageUpload, {
            family: request.user.id,
            url: stored.url,
            name: stored.name?.slice(0, 200) ?? null,
            createdAt: new Date(),
          });
          await request.em.flush();
          const body: MessageUploadDto = {
            url: stored.url,
            previewUrl: stored.url.replace(/^\/uploads\//, '/private-media/'),
            kind: stored.url.endsWith('.pdf') ? 'pdf' : 'photo',
            name: stored.name,
          };
          return reply.code(201).send(body);
        } catch (error) {
          const { status, body, internal } = toApiError(error, app.services.env.isDev);
          if (internal) request.log.error({ err: error }, 'message attachment failed');
          if (status < 500) reply.header('Connection', 'close');
          return reply.code(status).send(body);
        }
      });
    });
  },
  { name: 'message-attachments', dependencies: ['database', 'session', 'security'] },
);
