// A feature's background job as the app runs it: a typed definition whose handler is given the app's services.
import type { JobDefinition } from './jobs.ts';
import type { AppServices } from './trpc.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AppJob<I = any> = JobDefinition<I, AppServices>;

/** `defineJob({ name, description, schedule?, input, run })` in `features/<f>/server/<f>.jobs.ts`, listed in its module. */
export function defineJob<I>(definition: AppJob<I>): AppJob<I> {
  return definition;
}
