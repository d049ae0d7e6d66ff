// Pick day's background work through the job runner: each turn's window ends by a job sent for that turn (once-only
// key: the round and the turn), queued to start at the deadline, so it survives a restart and runs once across
// instances; a sweep each minute catches a turn whose job was never queued (a crash between the commit and the send).
import { z } from 'zod';
import { defineJob } from '../../../lib/server/app-job.ts';
import type { AppServices } from '../../../lib/server/trpc.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { expireTurn, overdueTurns, type After } from './picks.engine.ts';

export const PICKS_CHANNEL = 'picks';

export const pickWindowJob = defineJob({
  name: 'picks.window',
  description: 'Ends a family’s pick-day turn when its window runs out, and gives the turn to the next family.',
  input: z.object({ roundId: z.number().int().positive(), turnSeq: z.number().int().positive() }),
  onceKey: (input) => `${input.roundId}:${input.turnSeq}`,
  async run(input, { em, services }) {
    const { after } = await expireTurn(em, services, input);
    await runAfter(em, services, after);
  },
});

export const pickSweepJob = defineJob({
  name: 'picks.sweep',
  description: 'Ends any pick-day turn whose window has run out and whose own job is missing.',
  schedule: '* * * * *',
  input: z.object({}),
  async run(_input, { em, services }) {
    for (const turn of await overdueTurns(em, new Date())) {
      const { after } = await expireTurn(em.fork(), services, turn);
      await runAfter(em, services, after);
    }
  },
});

export const picksJobs = [pickWindowJob, pickSweepJob];

/** After the commit: the windows' expiry jobs, the live event per litter, the pushes, and the sender woken. */
export async function runAfter(em: EntityManager, services: Pick<AppServices, 'jobs' | 'live' | 'push' | 'mail'>, after: After) {
  for (const e of after.expiries) {
    // A send that fails (the database went away after the commit) is covered by the sweep a minute later.
    await services.jobs.send(pickWindowJob, { roundId: e.roundId, turnSeq: e.turnSeq }, { startAfter: e.deadline }).catch(() => null);
  }
  for (const p of after.pushes) {
    services.push.notify(em.fork(), 'pick', { title: p.title.slice(0, 120), url: '/account#picks' }, { userIds: [p.userId] });
  }
  for (const litterId of after.litters) await services.live.publish(PICKS_CHANNEL, { litterId });
  if (after.pushes.length || after.litters.size) services.mail.wake();
}
