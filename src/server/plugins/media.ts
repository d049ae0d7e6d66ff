// Media plugin: GET/HEAD /uploads/<id>.<ext>?w=&q= (variants, ETag/304, Range for video) and the admin upload.
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SessionUser } from '../../lib/server/trpc.ts';
import { toApiError } from '../../lib/server/errors.ts';
import { MEDIA_MESSAGES, VIDEO_MAX_BYTES } from '../../features/media/media.schema.ts';
import { sweepStaleUploads, uploadFromParts, type UploadPart } from '../../features/media/server/upload.ts';
import {
  CACHE_CONTROL,
  MediaGoneError,
  MediaVariants,
  parseMediaFileName,
  parseVariantQuery,
  type CachedFile,
  type MediaMeta,
  type VariantQuery,
} from '../../features/media/server/variants.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mediaVariants: MediaVariants;
    /**
     * Answers a private upload (`<id>.<ext>`, a variant as `?w=&q=` ask) for a route that has already decided who
     * may see it (a feature's own link, such as the vet's): 404 for one that is not a private upload.
     */
    sendPrivateMedia(request: FastifyRequest, reply: FastifyReply, file: string): Promise<FastifyReply>;
  }
}

/** Decides whether a signed-in user may see a private upload (its canonical `/uploads/<id>.<ext>` URL). */
export type PrivateMediaAccess = (em: EntityManager, user: SessionUser, uploadUrl: string) => Promise<boolean>;

export interface MediaPluginOptions {
  /** Who may read private uploads under /private-media (composed from the features that own them). */
  privateAccess?: PrivateMediaAccess;
}

/** Private uploads may be kept by the browser that was allowed to see them, revalidated each time, never by a shared cache. */
export const PRIVATE_CACHE_CONTROL = 'private, no-cache';

/** If-None-Match uses the weak comparison: W/ prefixes are ignored, `*` matches anything. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

/** One `bytes=` range → [start, end] inclusive; null to ignore the header (several ranges, bad syntax); 'unsatisfiable'. */
export function parseRange(header: string, size: number): [number, number] | null | 'unsatisfiable' {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return [start, end];
}

export default fp<MediaPluginOptions>(
  async (app, opts) => {
    const dataDir = app.services.env.dataDir;
    const variants = new MediaVariants(app.orm, path.join(dataDir, 'media-cache'), { log: app.log });
    app.decorate('mediaVariants', variants);
    app.addHook('onClose', async () => variants.dispose());
    const notFound = (reply: FastifyReply) => reply.code(404).send({ message: MEDIA_MESSAGES.notFound });
    const tmpDir = path.join(dataDir, 'media-tmp');
    await sweepStaleUploads(tmpDir);

    // HEAD is routed explicitly: Fastify's automatic HEAD route would reset Content-Length to 0.
    app.route<{ Params: { file: string }; Querystring: Record<string, unknown> }>({
      method: ['GET', 'HEAD'],
      url: '/uploads/:file',
      logLevel: 'warn',
      exposeHeadRoute: false,
      handler(request, reply) {
        const name = parseMediaFileName(request.params.file);
        if (!name) return notFound(reply);
        const query = parseVariantQuery(request.query);
        if ('error' in query) return reply.code(400).send({ message: query.error });
        // A hot variant is answered synchronously; the rest may read the database, the disk or render.
        const hit = variants.peek(name.id, query, request.headers.accept);
        if (hit) {
          // A private upload does not exist at its public address.
          if (hit.meta.ext !== name.ext || hit.meta.private) return notFound(reply);
          return respond(request, reply, hit.meta, hit.file, hit.body, undefined);
        }
        return slowPath(request, reply, name, query, false);
      },
    });

    // Private uploads: the same variants, after the owner feature said this user may see this one.
    app.route<{ Params: { file: string }; Querystring: Record<string, unknown> }>({
      method: ['GET', 'HEAD'],
      url: '/private-media/:file',
      logLevel: 'warn',
      exposeHeadRoute: false,
      async handler(request, reply) {
        reply.header('Vary', 'Cookie');
        const name = parseMediaFileName(request.params.file);
        // The same 404 for "no such upload" and "not yours": guessing addresses tells nothing.
        if (!name || !request.user || !opts.privateAccess) return notFound(reply);
        const query = parseVariantQuery(request.query);
        if ('error' in query) return reply.code(400).send({ message: query.error });
        if (!(await opts.privateAccess(request.em, request.user, `/uploads/${name.id}.${name.ext}`))) return notFound(reply);
        return slowPath(request, reply, name, query, true);
      },
    });

    app.decorate('sendPrivateMedia', async (request: FastifyRequest, reply: FastifyReply, file: string) => {
      const name = parseMediaFileName(file);
      if (!name) return notFound(reply);
      const query = parseVariantQuery(request.query as Record<string, unknown>);
      if ('error' in query) return reply.code(400).send({ message: query.error });
      return slowPath(request, reply, name, query, true);
    });

    async function slowPath(
      request: FastifyRequest,
      reply: FastifyReply,
      name: { id: string; ext: string },
      query: VariantQuery,
      privateRoute: boolean,
    ) {
      const meta = await variants.meta(name.id);
      if (!meta || meta.ext !== name.ext || meta.private !== privateRoute) return notFound(reply);
      let opened: Awaited<ReturnType<MediaVariants['openFile']>>;
      try {
        opened = await variants.openFile(meta, query, request.headers.accept);
      } catch (error) {
        if (error instanceof MediaGoneError) return notFound(reply);
        throw error;
      }
      return respond(request, reply, meta, opened.file, opened.body, opened.handle);
    }

    // Uploads: multipart is parsed only in this scope (the security plugin lets it through only here).
    await app.register(async (scope) => {
      await scope.register(multipart, {
        limits: { fileSize: VIDEO_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 6, headerPairs: 50 },
      });
      scope.post('/api/admin/media', async (request, reply) => {
        // Refused before the body is read; closing the connection spares reading the rest of it.
        if (!request.user) return reply.code(401).header('Connection', 'close').send({ message: 'Please sign in first.' });
        if (!request.user.isAdmin) {
          return reply.code(403).header('Connection', 'close').send({ message: 'You need administrator privileges to do that.' });
        }
        if (!request.isMultipart()) {
          return reply.code(415).send({ message: 'Send the file as multipart/form-data in the field "file".' });
        }
        try {
          const result = await uploadFromParts(request.parts() as AsyncIterable<UploadPart>, {
            em: request.em,
            tmpDir,
            variants,
            media: app.services.media,
          });
          return reply.code(201).send(result);
        } catch (error) {
          const { status, body, internal } = toApiError(error, app.services.env.isDev);
          if (internal) request.log.error({ err: error }, 'media upload failed');
          // The rest of a refused body is not worth reading.
          if (status < 500) reply.header('Connection', 'close');
          return reply.code(status).send(body);
        }
      });
    });
  },
  { name: 'media', dependencies: ['database', 'session'] },
);

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** Headers, conditional and range handling, then the body from memory or from the open file. */
function respond(
  request: FastifyRequest,
  reply: FastifyReply,
  meta: MediaMeta,
  file: CachedFile,
  body: Buffer | undefined,
  handle: FileHandle | undefined,
) {
  const isVideo = meta.kind === 'video';
  reply
    .header('Cache-Control', meta.private ? PRIVATE_CACHE_CONTROL : CACHE_CONTROL)
    .header('ETag', file.etag)
    .header('Content-Type', file.contentType);
  // Public media may be loaded from anywhere: a newsletter's photos in webmail (which loads them from its own
  // origin) and in the dashboard's sandboxed e-mail preview (an opaque origin). A private upload stays
  // same-origin, as every other answer is.
  if (!meta.private) reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
  if (meta.kind === 'document') {
    // A PDF is downloaded under its own name, never rendered in our origin (and sandboxed if it were).
    reply.header('Content-Disposition', contentDisposition(meta.filename ?? `${meta.id}.pdf`)).header('Content-Security-Policy', 'sandbox');
  }
  if (file.negotiated) reply.header('Vary', 'Accept');
  if (isVideo) reply.header('Accept-Ranges', 'bytes');

  if (matchesEtag(request.headers['if-none-match'], file.etag)) {
    void handle?.close();
    return reply.code(304).removeHeader('Content-Type').send();
  }

  let range: [number, number] | null = null;
  const rangeHeader = request.headers.range;
  const ifRange = request.headers['if-range'];
  if (isVideo && rangeHeader && (!ifRange || ifRange === file.etag)) {
    const parsed = parseRange(rangeHeader, file.size);
    if (parsed === 'unsatisfiable') {
      void handle?.close();
      return reply
        .code(416)
        .header('Content-Range', `bytes */${file.size}`)
        .header('Content-Type', 'application/json; charset=utf-8')
        .send({ message: 'The requested range is not available.' });
    }
    range = parsed;
  }

  const [start, end] = range ?? [0, file.size - 1];
  const length = file.size === 0 ? 0 : end - start + 1;
  if (range) reply.code(206).header('Content-Range', `bytes ${start}-${end}/${file.size}`);
  reply.header('Content-Length', length);
  if (request.method === 'HEAD' || length === 0) {
    void handle?.close();
    return reply.send();
  }
  if (body) return reply.send(range ? body.subarray(start, end + 1) : body);
  return reply.send(handle!.createReadStream({ start, end, autoClose: true }));
}
