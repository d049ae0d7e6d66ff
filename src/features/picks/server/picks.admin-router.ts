// The breeder's pick-day board (every procedure an adminProcedure).
import { adminProcedure, router } from '../../../lib/server/trpc.ts';
import { isResync } from '../../../lib/server/live-events.ts';
import { liveStream } from '../../../lib/server/live-streams.ts';
import {
  AnswerForSchema,
  EntryRefSchema,
  ExtendSchema,
  LitterRefSchema,
  PickForSchema,
  ReorderSchema,
  RoundSettingsSchema,
  type PicksEventDto,
} from '../picks.schema.ts';
import { PICKS_CHANNEL } from './picks.jobs.ts';
import {
  announce,
  answerFor,
  board,
  extend,
  openPicks,
  overview,
  pause,
  pickFor,
  propose,
  reinstate,
  reorder,
  resume,
  skip,
  updateSettings,
} from './picks.admin-service.ts';

export const picksAdminRouter = router({
  overview: adminProcedure.query(({ ctx }) => overview(ctx.em)),
  board: adminProcedure.input(LitterRefSchema).query(({ ctx, input }) => board(ctx.em, input.litterId)),
  announce: adminProcedure.input(RoundSettingsSchema).mutation(({ ctx, input }) => announce(ctx.em, ctx.services, input)),
  updateSettings: adminProcedure.input(RoundSettingsSchema).mutation(({ ctx, input }) => updateSettings(ctx.em, ctx.services, input)),
  open: adminProcedure.input(LitterRefSchema).mutation(({ ctx, input }) => openPicks(ctx.em, ctx.services, input.litterId)),
  pause: adminProcedure.input(LitterRefSchema).mutation(({ ctx, input }) => pause(ctx.em, ctx.services, input.litterId)),
  resume: adminProcedure.input(LitterRefSchema).mutation(({ ctx, input }) => resume(ctx.em, ctx.services, input.litterId)),
  extend: adminProcedure.input(ExtendSchema).mutation(({ ctx, input }) => extend(ctx.em, ctx.services, input)),
  skip: adminProcedure.input(LitterRefSchema).mutation(({ ctx, input }) => skip(ctx.em, ctx.services, input.litterId)),
  reinstate: adminProcedure.input(EntryRefSchema).mutation(({ ctx, input }) => reinstate(ctx.em, ctx.services, input)),
  pickFor: adminProcedure.input(PickForSchema).mutation(({ ctx, input }) => pickFor(ctx.em, ctx.services, ctx.user, input)),
  propose: adminProcedure.input(PickForSchema).mutation(({ ctx, input }) => propose(ctx.em, ctx.services, input)),
  reorder: adminProcedure.input(ReorderSchema).mutation(({ ctx, input }) => reorder(ctx.em, ctx.services, input)),
  answerFor: adminProcedure.input(AnswerForSchema).mutation(({ ctx, input }) => answerFor(ctx.em, ctx.services, input)),
  /** Server-sent events: a litter's board changed (the screen refetches it). */
  live: adminProcedure.subscription(async function* ({ ctx, signal }): AsyncGenerator<PicksEventDto> {
    for await (const event of liveStream<{ litterId: number }>(ctx.services.live, PICKS_CHANNEL, ctx.stream, signal)) {
      yield isResync(event) ? { kind: 'resync' } : { kind: 'changed', litterId: event.litterId };
    }
  }),
});
