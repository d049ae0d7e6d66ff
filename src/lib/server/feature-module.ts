// A feature's one face to the app (decision 146): everything it brings, in one typed object the top floor lists once
// (src/server/features.ts) and loops over. A new feature is its folder plus one line there.
import type { EntityManager, Options } from '@mikro-orm/postgresql';
import type { FastifyPluginAsync } from 'fastify';
import type { AnyRouter } from '@trpc/server';
import type { AppJob } from './app-job.ts';
import type { MediaReference } from './media-references.ts';
import type { RestEndpoint } from './rest.ts';
import type { TodaySource } from './today.ts';
import type { HealthSource } from './site-health.ts';
import type { SessionUser, UserEraser } from './trpc.ts';

/** What MikroORM's entity list takes: a `defineEntity` schema. */
export type FeatureEntity = NonNullable<Options['entities']>[number];

export interface FeatureModule {
  /** The folder's name: `features/<name>/`. */
  name: string;
  /** Its MikroORM entities (the ORM's one list is every module's, src/server/entities.ts). */
  entities?: readonly FeatureEntity[];
  /** Its routers under appRouter, by key (`{ puppies: puppiesRouter }`): public and family procedures. */
  routers?: Record<string, AnyRouter>;
  /** Its routers under appRouter.admin, by key: every procedure an adminProcedure. */
  adminRouters?: Record<string, AnyRouter>;
  /** Its REST route tables (the documented /api paths). */
  rest?: readonly RestEndpoint[];
  /** Its lines on the breeder's Today screen, under the name shown when the source fails. */
  today?: { name: string; source: TodaySource };
  /** Its background jobs, run by the one job runner. */
  jobs?: readonly AppJob[];
  /** What it erases or anonymises when a user deletes their account (inside the deletion's transaction). */
  eraseUser?: UserEraser;
  /** Whether a signed-in user may read a private upload this feature shows (the first module that says yes wins). */
  canReadPrivateUpload?: (em: EntityManager, user: SessionUser, uploadUrl: string) => Promise<boolean>;
  /** The columns of its tables that hold upload URLs, so an upload nothing refers to any more is freed. */
  mediaReferences?: readonly MediaReference[];
  /** Its checks on the Site health list (the screen, GET /api/admin/health and npm run doctor). */
  health?: HealthSource;
  /** Its own Fastify plugins (file downloads, webhooks), registered after the API in the module list's order. */
  plugins?: readonly FastifyPluginAsync[];
}

/** `export const puppiesModule = defineFeature({ name: 'puppies', … })` in `features/<f>/server/<f>.module.ts`. */
export function defineFeature<const M extends FeatureModule>(module: M): M {
  return module;
}

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** The routers of a list of modules, merged, with each key's router type kept (the root router's type is built from it). */
export type RoutersOf<Ms extends readonly FeatureModule[], K extends 'routers' | 'adminRouters'> = UnionToIntersection<
  { [I in keyof Ms]: Ms[I][K] extends Record<string, AnyRouter> ? Ms[I][K] : never }[number]
>;

/** Merges the modules' routers of one kind, refusing two features that claim one key. */
export function mergeRouters<Ms extends readonly FeatureModule[], K extends 'routers' | 'adminRouters'>(
  modules: Ms,
  kind: K,
): RoutersOf<Ms, K> {
  const merged: Record<string, AnyRouter> = {};
  for (const m of modules) {
    for (const [key, r] of Object.entries((m[kind] ?? {}) as Record<string, AnyRouter>)) {
      if (key in merged) throw new Error(`Two features put a router at ${kind === 'adminRouters' ? 'admin.' : ''}${key}.`);
      merged[key] = r;
    }
  }
  return merged as RoutersOf<Ms, K>;
}
