// Who a newsletter reaches: confirmed subscribers, or families read from the puppies', applications' and
// litters' entities (features share entities, not services); each address once, in lower case.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Audience } from '../newsletters.schema.ts';
import { Subscriber } from './subscriber.entity.ts';
import { Puppy } from '../../puppies/server/puppy.entity.ts';
import { Application } from '../../applications/server/application.entity.ts';
import { Litter } from '../../dogs/server/litter.entity.ts';
import { applicantAccountIdsSql, applicantAddressesSql } from '../../applications/server/applications.reads.ts';
import { accountAddressesSql } from '../../auth/server/auth.reads.ts';

export interface Recipient {
  email: string;
  name: string | null;
}

const normalised = (email: string | null | undefined) => email?.trim().toLowerCase() || null;

/** Each address once (the first one found), compared in lower case. */
function once(recipients: Recipient[]): Recipient[] {
  const out = new Map<string, Recipient>();
  for (const r of recipients) {
    const email = normalised(r.email);
    if (email && !out.has(email)) out.set(email, { ...r, email });
  }
  return [...out.values()];
}

/** The families matched to a litter's puppies (the puppies' private family), those with an e-mail address. */
async function litterFamilies(em: EntityManager, litterId: number): Promise<Recipient[]> {
  const puppies = await em.find(Puppy, { litter: litterId, family: { $ne: null } }, { populate: ['family'], orderBy: { id: 'asc' } });
  return puppies.flatMap((p) => (p.family?.email ? [{ email: p.family.email, name: p.family.displayName ?? p.family.username }] : []));
}

/**
 * The families on the waitlist (every list, or only the list of `litterId`): applications still waitlisted
 * whose family account exists, at the account's verified address (decision 108: an address typed into an
 * application, or not yet verified, receives nothing); a family without one is left out.
 */
async function waitlistFamilies(em: EntityManager, litterId?: number): Promise<Recipient[]> {
  const rows = await em.find(
    Application,
    { status: 'waitlisted', user: { $ne: null }, anonymisedAt: null, ...(litterId ? { waitlistLitter: litterId } : {}) },
    { populate: ['user'], orderBy: { id: 'asc' } },
  );
  return rows.flatMap((a) => (a.user?.email ? [{ email: a.user.email, name: a.name.trim() || null }] : []));
}

/**
 * Every address (lower case) that belongs to an application's family, whatever the application's status:
 * the address given in an application, and the e-mail of the account that applied. Anonymised
 * applications (a deleted account) belong to nobody.
 */
async function applicantEmails(em: EntityManager): Promise<Set<string>> {
  const rows = await em
    .createQueryBuilder(Application, 'a')
    .leftJoin('a.user', 'u')
    .select(['a.email', 'u.email as account'])
    .where({ anonymisedAt: null })
    .execute<Array<{ email: string | null; account: string | null }>>('all', false);
  const out = new Set<string>();
  for (const row of rows) {
    for (const email of [normalised(row.email), normalised(row.account)]) if (email) out.add(email);
  }
  return out;
}

/** A segment of families without the addresses that unsubscribed (an unsubscribe link works for any address). */
async function withoutUnsubscribed(em: EntityManager, segment: Recipient[]): Promise<Recipient[]> {
  const families = once(segment);
  if (!families.length) return [];
  const left = new Set(
    (await em.find(Subscriber, { email: { $in: families.map((r) => r.email) }, status: 'unsubscribed' })).map((s) => s.email),
  );
  return families.filter((r) => !left.has(r.email));
}

/** Plain rows, not entities: 50,000 managed subscribers would cost hundreds of MB to send one newsletter (issue 35). */
async function confirmedSubscribers(em: EntityManager): Promise<Recipient[]> {
  const rows = await em
    .createQueryBuilder(Subscriber, 's')
    .select(['s.email', 's.name'])
    .where({ status: 'active' })
    .orderBy({ id: 'asc' })
    .execute<Array<{ email: string; name: string | null }>>('all', false);
  return once(rows.map((s) => ({ email: s.email, name: s.name ?? null })));
}

/**
 * Who an audience reaches now, each address once: confirmed subscribers (all of them, or those who never
 * applied), or a segment of families (a litter's, the waitlist's) without the addresses that unsubscribed.
 */
export async function recipientsOf(em: EntityManager, audience: Audience): Promise<Recipient[]> {
  switch (audience.kind) {
    case 'all':
      return confirmedSubscribers(em);
    case 'nonApplicants': {
      const applicants = await applicantEmails(em);
      return (await confirmedSubscribers(em)).filter((r) => !applicants.has(r.email));
    }
    case 'litter':
      return withoutUnsubscribed(em, await litterFamilies(em, audience.litterId));
    case 'waitlist':
      return withoutUnsubscribed(em, await waitlistFamilies(em, audience.litterId));
  }
}

/**
 * The large audiences as one SQL SELECT of their addresses ("to": lower case, each once, in the order the readers
 * subscribed), for the database to count and to queue the copies from (issue 35: 50,000 readers never pass through
 * the server); null for the segments of families, which recipientsOf reads. Same readers as recipientsOf.
 */
export function audienceSql(audience: Audience): string | null {
  const confirmed = `select lower(trim(s."email")) as "to", min(s."id") as "first" from "subscribers" s
    where s."status" = 'active' and trim(s."email") <> ''`;
  switch (audience.kind) {
    case 'all':
      return `${confirmed} group by 1`;
    case 'nonApplicants':
      // applicantEmails: the address typed into an application and its account's, anonymised ones left out (the
      // applications' and accounts' faces give their SQL: the database runs the audience whole).
      return `${confirmed} and lower(trim(s."email")) not in (
          ${applicantAddressesSql()}
          union all
          ${accountAddressesSql(applicantAccountIdsSql())})
        group by 1`;
    default:
      return null;
  }
}

/** How many addresses an audience reaches now. */
export async function audienceSize(em: EntityManager, audience: Audience): Promise<number> {
  const sql = audienceSql(audience);
  if (sql === null) return (await recipientsOf(em, audience)).length;
  const [row] = await em.execute<Array<{ n: string | number }>>(`select count(*) as n from (${sql}) q`);
  return Number(row?.n ?? 0);
}

/** Litters to choose a segment from, newest first. */
export async function litterChoices(em: EntityManager): Promise<Array<{ id: number; name: string }>> {
  const rows = await em.find(Litter, {}, { orderBy: { createdAt: 'desc', id: 'desc' } });
  return rows.map((l) => ({ id: l.id, name: l.name }));
}
