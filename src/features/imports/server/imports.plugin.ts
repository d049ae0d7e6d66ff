// The import API (issue 49), brought by imports.module.ts: POST /api/admin/imports (multipart: the file and its kind)
// answers the preview; .../{id}/preview previews again with another mapping; .../{id}/commit commits; GET .../{id}
// tells a commit's progress; DELETE .../{id} undoes; .../{id}/failed-rows.csv downloads the rows that failed.
// Administrators only. A multipart body is read here (like the media upload), so these are not route-table adapters.
import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, toApiError } from '../../../lib/server/errors.ts';
import {
  CommitSchema,
  IMPORT_KINDS,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  IMPORTS_PATH,
  MappingSchema,
  type ImportKind,
} from '../imports.schema.ts';
import { commitImport, failedRowsCsv, importProgress, previewAgain, previewUpload, undoImport } from './imports.service.ts';

/** The multipart reader's refusals as one sentence each. */
function asUploadError(error: unknown): unknown {
  const e = error as { code?: string; statusCode?: number };
  if (error instanceof AppError) return error;
  if (e?.code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooLarge);
  if (e?.statusCode !== undefined && e.statusCode >= 500) return error;
  if (e?.statusCode !== undefined || /^FST_/.test(e?.code ?? '')) return new AppError('BAD_REQUEST', IMPORT_MESSAGES.form);
  return error;
}

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

export default fp(
  async (app) => {
    const isDev = app.services.env.isDev;
    const fail = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
      const { status, body, internal } = toApiError(error, isDev);
      if (internal) request.log.error({ err: error }, 'import failed');
      return reply.code(status).send(body);
    };
    /** 401 without a session, 403 for a family: the same answers as every admin path. */
    const refused = (request: FastifyRequest, reply: FastifyReply): FastifyReply | null => {
      reply.header('cache-control', 'no-store');
      if (!request.user) return reply.code(401).send({ message: IMPORT_MESSAGES.notSignedIn });
      if (!request.user.isAdmin) return reply.code(403).send({ message: IMPORT_MESSAGES.notAdmin });
      return null;
    };

    await app.register(async (scope) => {
      await scope.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 2, parts: 3, headerPairs: 50 } });
      scope.post(IMPORTS_PATH, { config: { multipartUpload: true } }, async (request, reply) => {
        const no = refused(request, reply);
        if (no) return no;
        if (!request.isMultipart()) return reply.code(415).send({ message: IMPORT_MESSAGES.form });
        try {
          let kind: string | undefined;
          let file: { bytes: Buffer; name: string } | undefined;
          try {
            for await (const part of request.parts()) {
              if (part.type === 'file') {
                if (part.fieldname !== 'file') throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.form);
                file = { bytes: await part.toBuffer(), name: part.filename || 'import' };
              } else if (part.fieldname === 'kind') {
                kind = String(part.value);
              }
            }
          } catch (error) {
            throw asUploadError(error);
          }
          if (!kind || !(IMPORT_KINDS as readonly string[]).includes(kind))
            throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.kind, { kind: [IMPORT_MESSAGES.kind] });
          if (!file) throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.missingFile, { file: [IMPORT_MESSAGES.missingFile] });
          const preview = await previewUpload(request.em, {
            kind: kind as ImportKind,
            bytes: file.bytes,
            fileName: file.name,
            userId: request.user!.id,
          });
          return reply.code(201).send(preview);
        } catch (error) {
          if (!reply.sent) reply.header('Connection', 'close');
          return fail(request, reply, error);
        }
      });
    });

    app.get(`${IMPORTS_PATH}/:id`, async (request, reply) => {
      const no = refused(request, reply);
      if (no) return no;
      try {
        return await importProgress(request.em, idOf(request));
      } catch (error) {
        return fail(request, reply, error);
      }
    });

    app.post(`${IMPORTS_PATH}/:id/preview`, async (request, reply) => {
      const no = refused(request, reply);
      if (no) return no;
      try {
        const body = CommitSchema.safeParse(request.body ?? {});
        if (!body.success || !body.data.mapping) throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.mapping);
        return await previewAgain(request.em, idOf(request), MappingSchema.parse(body.data.mapping));
      } catch (error) {
        return fail(request, reply, error);
      }
    });

    app.post(`${IMPORTS_PATH}/:id/commit`, async (request, reply) => {
      const no = refused(request, reply);
      if (no) return no;
      try {
        const body = CommitSchema.safeParse(request.body ?? {});
        if (!body.success) throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.mapping);
        return await commitImport(request.em, app.services, idOf(request), body.data.mapping);
      } catch (error) {
        return fail(request, reply, error);
      }
    });

    app.delete(`${IMPORTS_PATH}/:id`, async (request, reply) => {
      const no = refused(request, reply);
      if (no) return no;
      try {
        return await undoImport(request.em, idOf(request));
      } catch (error) {
        return fail(request, reply, error);
      }
    });

    app.get(`${IMPORTS_PATH}/:id/failed-rows.csv`, async (request, reply) => {
      const no = refused(request, reply);
      if (no) return no;
      try {
        const { csv, fileName } = await failedRowsCsv(request.em, idOf(request));
        return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(csv);
      } catch (error) {
        return fail(request, reply, error);
      }
    });
  },
  { name: 'imports', dependencies: ['database', 'session', 'security'] },
);
