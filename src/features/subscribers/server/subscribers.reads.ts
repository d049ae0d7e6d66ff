// What other features may call on subscribers (the one face besides the schema and the entity): the imports feature
// queues the double opt-in confirmation of an imported address that did not opt in (issue 49, decision 160).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppServices } from '../../../lib/server/trpc.ts';
import { confirmation } from './subscribers.service.ts';
import { confirmToken, confirmUrl } from './subscription-tokens.ts';

/**
 * Queues the confirmation e-mails of pending subscribers (written in the same transaction as the caller's flush).
 * They wait in the newsletter lane: a list of thousands goes at the sender's pace without holding up account mail
 * (sign-in links, address checks), which has a lane of its own.
 */
export async function queueConfirmations(
  em: EntityManager,
  services: Pick<AppServices, 'mail' | 'env'>,
  subscribers: ReadonlyArray<{ email: string; name: string | null; pendingSince: Date }>,
): Promise<void> {
  if (!subscribers.length) return;
  const breeder = await services.mail.breeder(em);
  for (const s of subscribers) {
    const link = confirmUrl(services.env.appOrigin, await confirmToken(em, s.email, s.pendingSince));
    services.mail.enqueue(em, { lane: 'newsletter', to: s.email, ...confirmation(s.name, link, breeder.name) });
  }
}
