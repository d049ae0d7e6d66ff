// The family's pick day: every procedure answers only about the signed-in family's own place in a litter's order.
import type { EntityManager } from '@mikro-orm/postgresql';
import { authedProcedure, rateLimited, router } from '../../../lib/server/trpc.ts';
import { isResync } from '../../../lib/server/live-events.ts';
import { liveStream } from '../../../lib/server/live-streams.ts';
import { AnswerSchema, ChooseSchema, LitterRefSchema, RespondSchema, type PicksEventDto } from '../picks.schema.ts';
import { PickEntry } from './picks.entity.ts';
import { PICKS_CHANNEL } from './picks.jobs.ts';
import { answer, choose, myPicks, pass, respond } from './picks.service.ts';

/** A family's choices and passes, per account: a person taps a few times; a script replaying requests is stopped. */
export const PICK_RATE_LIMIT = { limit: 30, windowMs: 60_000 };
export const PICK_ANSWER_RATE_LIMIT = { limit: 20, windowMs: 10 * 60_000 };

const choosing = () => rateLimited('picks-choose', PICK_RATE_LIMIT.limit, PICK_RATE_LIMIT.windowMs, 'account');

async function litterIdsOf(em: EntityManager, userId: number): Promise<Set<number>> {
  const rows = await em.find(PickEntry, { family: userId }, { populate: ['round'], fields: ['round.litter'] });
  return new Set(rows.map((r) => r.round.litter.id));
}

export const picksRouter = router({
  mine: authedProcedure.query(({ ctx }) => myPicks(ctx.em, ctx.user.id)),
  answer: authedProcedure
    .use(rateLimited('picks-answer', PICK_ANSWER_RATE_LIMIT.limit, PICK_ANSWER_RATE_LIMIT.windowMs, 'account'))
    .input(AnswerSchema)
    .mutation(({ ctx, input }) => answer(ctx.em, ctx.services, ctx.user.id, input)),
  choose: authedProcedure
    .use(choosing())
    .input(ChooseSchema)
    .mutation(({ ctx, input }) => choose(ctx.em, ctx.services, ctx.user, input)),
  pass: authedProcedure
    .use(choosing())
    .input(LitterRefSchema)
    .mutation(({ ctx, input }) => pass(ctx.em, ctx.services, ctx.user.id, input)),
  respond: authedProcedure
    .use(choosing())
    .input(RespondSchema)
    .mutation(({ ctx, input }) => respond(ctx.em, ctx.services, ctx.user, input)),
  /** Server-sent events: a litter this family is in changed (its place, the turn, what remains); the page refetches. */
  live: authedProcedure.subscription(async function* ({ ctx, signal }): AsyncGenerator<PicksEventDto> {
    let mine = await litterIdsOf(ctx.em.fork(), ctx.user.id);
    for await (const event of liveStream<{ litterId: number }>(ctx.services.live, PICKS_CHANNEL, ctx.stream, signal)) {
      if (isResync(event)) {
        yield { kind: 'resync' };
        continue;
      }
      // A litter announced since the stream opened may have added this family.
      if (!mine.has(event.litterId)) mine = await litterIdsOf(ctx.em.fork(), ctx.user.id);
      if (mine.has(event.litterId)) yield { kind: 'changed', litterId: event.litterId };
    }
  }),
});
