// Mounts the tRPC router at /trpc.
import fp from 'fastify-plugin';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { appRouter, type AppRouter } from '../router.ts';
import { createContext } from '../context.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/server/db-errors.ts';

export default fp(
  async (app) => {
    // An article's Markdown body may be 200 KB (more once JSON-escaped); its schema answers a clear 400 above that.
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/trpc/')) route.bodyLimit = 1024 * 1024;
    });
    await app.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        createContext: ({ req, res }) => createContext(req, res),
        responseMeta: ({ errors }) =>
          errors.some((e) => e.code === 'SERVICE_UNAVAILABLE') ? { headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) } } : {},
        onError({ error, path }) {
          if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error.cause ?? error, path }, 'tRPC procedure failed');
        },
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    });
  },
  { name: 'trpc', dependencies: ['session'] },
);
