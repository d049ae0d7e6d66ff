// Serves the built client: hashed assets cached forever, index.html with this route's head tags.
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { headFor, NOT_FOUND_HEAD, renderHead } from '../head-tags.ts';

export default fp<{ clientDir: string; appOrigin: string }>(
  async (app, { clientDir, appOrigin }) => {
    const indexPath = path.join(clientDir, 'index.html');
    const hasBuild = existsSync(indexPath);
    const template = hasBuild
      ? readFileSync(indexPath, 'utf8')
      : '<!doctype html><html lang="en"><head><!--app-head--></head><body><p>The client is not built yet: run <code>npm run build</code>.</p></body></html>';

    if (hasBuild) {
      await app.register(fastifyStatic, {
        root: clientDir,
        wildcard: false,
        index: false,
        setHeaders(reply, filePath) {
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            reply.header('Cache-Control', 'public, max-age=31536000, immutable');
          } else {
            reply.header('Cache-Control', 'public, max-age=3600');
          }
        },
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (pathname.startsWith('/api/') || pathname.startsWith('/trpc/') || pathname.startsWith('/uploads/')) {
        return reply.code(404).send({ message: 'Not found.' });
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return reply.code(404).send({ message: 'Not found.' });
      }
      const head = headFor(pathname);
      const html = template.replace('<!--app-head-->', renderHead(head ?? NOT_FOUND_HEAD, appOrigin, pathname));
      return reply
        .code(head ? 200 : 404)
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html);
    });
  },
  { name: 'static-spa' },
);
