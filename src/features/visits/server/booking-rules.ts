// Who may book what: each kind's settings, a family's standing from the applications, puppies and litters faces, and the rule.
// Bookings: who may book what, free slots from the breeder's hours, booking, moving and cancelling with an
// invitation e-mail each time, the family's .ics and the breeder's private feed. The database's exclusion
// constraint (bookings_no_overlap) is the last word on double booking: a race loses with a clear CONFLICT.
import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_RULES, type AppointmentKind } from '../visits.schema.ts';
import { addDays } from './slots.ts';
import { type KindSettings } from './visits.entity.ts';
import { applicationStanding } from '../../applications/server/applications.reads.ts';
import { littersByIds } from '../../dogs/server/dogs.reads.ts';
import { puppiesOfFamilies } from '../../puppies/server/puppies.reads.ts';

/** A new site's hours: none open yet (the breeder adds them), an hour's visit, a 45-minute pickup, a half-hour call; today's rules for who books. */
export const DEFAULT_KINDS: Record<AppointmentKind, KindSettings> = {
  visit: { slotMinutes: 60, bufferMinutes: 15, enabled: true, ...DEFAULT_RULES.visit },
  pickup: { slotMinutes: 45, bufferMinutes: 15, enabled: true, ...DEFAULT_RULES.pickup },
  video: { slotMinutes: 30, bufferMinutes: 0, enabled: true, ...DEFAULT_RULES.video },
};

/** A kind's settings, with today's rule where the row was saved before rules existed. */
export function kindSettings(kinds: Partial<Record<AppointmentKind, Partial<KindSettings>>>, kind: AppointmentKind): KindSettings {
  return { ...DEFAULT_KINDS[kind], ...kinds[kind] };
}

/** What the rules ask about a family (read from the applications, puppies and litters tables, not through those features). */
export interface FamilyFacts {
  /** An application that is not withdrawn or declined. */
  applied: boolean;
  /** An application approved, waitlisted or matched. */
  approved: boolean;
  /** Puppies matched to the family, with their litter's birth date when known. */
  puppies: { id: number; birthDate: string | null }[];
}

export async function familyFacts(em: EntityManager, userId: number): Promise<FamilyFacts> {
  const standing = await applicationStanding(em, userId);
  const mine = await puppiesOfFamilies(em, [userId]);
  const litters = new Map(
    (await littersByIds(em, [...new Set(mine.flatMap((p) => (p.litterId === null ? [] : [p.litterId])))])).map((l) => [l.id, l]),
  );
  const puppies = mine.map((p) => ({ id: p.id, birth_date: p.litterId === null ? null : (litters.get(p.litterId)?.birthDate ?? null) }));
  return {
    applied: standing.applied,
    approved: standing.approved,
    puppies: puppies.map((p) => ({
      id: p.id,
      birthDate: typeof p.birth_date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(p.birth_date) ? p.birth_date : null,
    })),
  };
}

export interface RuleAnswer {
  ok: boolean;
  /** The first local date the family may book on (a matched puppy's age), when the rule has one. */
  readyOn: string | null;
  /** For a pickup: the puppy it is for (its countdown), when the family has one. */
  puppyId: number | null;
}

/** Whether a family meets a kind's rule on a local date (null: on some date), and which puppy a pickup is for. */
export function checkRule(k: KindSettings, facts: FamilyFacts, day: string | null): RuleAnswer {
  const firstPuppy = facts.puppies[0]?.id ?? null;
  switch (k.who) {
    case 'anyone':
      return { ok: true, readyOn: null, puppyId: firstPuppy };
    case 'applicants':
      return { ok: facts.applied, readyOn: null, puppyId: firstPuppy };
    case 'approved':
      return { ok: facts.approved, readyOn: null, puppyId: firstPuppy };
    case 'matched': {
      if (k.puppyWeeks <= 0) return { ok: facts.puppies.length > 0, readyOn: null, puppyId: firstPuppy };
      const ready = facts.puppies
        .filter((p): p is { id: number; birthDate: string } => p.birthDate !== null)
        .map((p) => ({ id: p.id, readyOn: addDays(p.birthDate, k.puppyWeeks * 7) }))
        .sort((a, b) => a.readyOn.localeCompare(b.readyOn) || a.id - b.id);
      const fit = day === null ? ready[0] : ready.find((p) => p.readyOn <= day);
      return { ok: fit !== undefined, readyOn: fit?.readyOn ?? null, puppyId: fit?.id ?? null };
    }
  }
}
