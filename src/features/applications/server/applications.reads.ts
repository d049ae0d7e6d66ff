// The applications feature's face for other features: pick day (issue 50) turns a family's choice into the match the
// rest of the site reads (the application matched to the puppy, the family off the waitlist), as the breeder's match does.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SessionUser } from '../../../lib/server/trpc.ts';
import { Puppy } from '../../puppies/server/puppy.entity.ts';
import { Application } from './application.entity.ts';
import { recordEvent } from './applications.service.ts';
import { leaveList, lockWaitlists } from './waitlist-places.ts';

/**
 * Takes the waitlists' lock until the transaction ends. A caller that will match calls it before it touches a puppy,
 * so it takes the locks in the order the breeder's match does (waitlists, then the puppy) and neither waits on the other.
 */
export const lockForMatch = (em: EntityManager): Promise<void> => lockWaitlists(em);

/** The application is matched to the puppy (its timeline says how) and leaves the waitlist. Needs lockForMatch. */
export async function matchApplication(
  em: EntityManager,
  input: { applicationId: number; puppyId: number; actor: SessionUser; message: string },
): Promise<void> {
  const app = await em.findOne(Application, { id: input.applicationId }, { refresh: true });
  if (!app || app.anonymisedAt) return;
  app.puppy = em.getReference(Puppy, input.puppyId);
  app.status = 'matched';
  recordEvent(em, app, 'matched', input.actor, input.message);
  await em.flush();
  await leaveList(em, app.id);
}
