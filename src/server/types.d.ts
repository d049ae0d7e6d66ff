import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { AppServices, SessionUser } from '../lib/server/trpc.ts';
import type { LiveStreams, StreamSlot } from '../lib/server/live-streams.ts';

declare module 'fastify' {
  interface FastifyInstance {
    orm: MikroORM;
    services: AppServices;
    /** This instance's open live streams (plugins/live-streams.ts). */
    liveStreams: LiveStreams;
  }
  interface FastifyRequest {
    em: EntityManager;
    user: SessionUser | null;
    sessionId: string | null;
    /** The live-stream place a subscription request was admitted with. */
    liveStream: StreamSlot | null;
  }
  interface FastifyContextConfig {
    /** A state-changing route that takes form bodies from any site (security plugin); only one-click unsubscribe. */
    crossSiteForm?: boolean;
    /** A same-site upload route that takes multipart/form-data (security plugin); it parses multipart in its own scope. */
    multipartUpload?: boolean;
  }
}
