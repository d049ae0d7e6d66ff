import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { AppServices, SessionUser } from '../lib/server/trpc.ts';

declare module 'fastify' {
  interface FastifyInstance {
    orm: MikroORM;
    services: AppServices;
  }
  interface FastifyRequest {
    em: EntityManager;
    user: SessionUser | null;
    sessionId: string | null;
  }
  interface FastifyContextConfig {
    /** A state-changing route that takes form bodies from any site (security plugin); only one-click unsubscribe. */
    crossSiteForm?: boolean;
    /** A same-site upload route that takes multipart/form-data (security plugin); it parses multipart in its own scope. */
    multipartUpload?: boolean;
  }
}
