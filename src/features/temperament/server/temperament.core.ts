// What the dashboard, the family's screen and the reads face share: the tests of some puppies, the rules, which
// litters a family is in (and the answers it gave for them), and the fit of a family with some puppies.
import type { EntityManager } from '@mikro-orm/postgresql';
import { Application } from '../../applications/server/application.entity.ts';
import { Puppy } from '../../puppies/server/puppy.entity.ts';
import {
  familyFacts,
  judgeFit,
  type FamilyFact,
  type FamilyFacts,
  type FitRuleDto,
  type FitVerdict,
  type FitOutcome,
  type Score,
  type TemperamentTest,
  type TestScores,
  FIT_MESSAGES,
  DEFAULT_FIT_RULES,
} from '../temperament.schema.ts';
import {
  FitRule,
  PuppyBlock,
  TemperamentLitterSetting,
  TemperamentSettings,
  TemperamentTestRecord,
  type IFitRule,
  type ITemperamentTestRecord,
} from './temperament.entity.ts';

export async function testsOf(em: EntityManager, puppyIds: readonly number[]): Promise<Map<number, ITemperamentTestRecord>> {
  if (!puppyIds.length) return new Map();
  const rows = await em.find(TemperamentTestRecord, { puppy: { $in: [...puppyIds] } });
  return new Map(rows.map((r) => [r.puppy.id, r]));
}

export const toRuleDto = (r: IFitRule): FitRuleDto => ({
  id: r.id,
  fact: r.fact as FamilyFact,
  factValues: r.factValues,
  test: r.test as TemperamentTest,
  scoreMin: r.scoreMin as Score,
  scoreMax: r.scoreMax as Score,
  outcome: r.outcome as FitOutcome,
  sentence: r.sentence,
  position: r.position,
});

/**
 * Every rule, in the order they are weighed (a site keeps tens of them, not thousands): the table once the defaults were
 * written into it (ensureRules), the defaults until then. Reading never writes, so a family's read changes nothing.
 */
export async function allRules(em: EntityManager): Promise<FitRuleDto[]> {
  if (!(await em.count(TemperamentSettings, { id: SETTINGS_ID }))) return DEFAULT_FIT_RULES.map((r, i) => ({ ...r, id: -(i + 1) }));
  return (await em.find(FitRule, {}, { orderBy: { position: 'asc', id: 'asc' } })).map(toRuleDto);
}

const SETTINGS_ID = 1;
/** Any number that no other feature uses for pg_advisory_xact_lock. */
const RULES_LOCK = 0x6669_7472; // "fitr"

/** Writes the default rules into fit_rules the first time the breeder's screens need rows of their own. */
export async function ensureRules(em: EntityManager): Promise<void> {
  if (await em.count(TemperamentSettings, { id: SETTINGS_ID })) return;
  await em.transactional(async (tx) => {
    // Two first looks at once (two tabs) write the defaults once.
    await tx.execute('select pg_advisory_xact_lock(?::int)', [RULES_LOCK]);
    if (await tx.count(TemperamentSettings, { id: SETTINGS_ID })) return;
    const now = new Date();
    for (const rule of DEFAULT_FIT_RULES) tx.create(FitRule, { ...rule, createdAt: now });
    tx.create(TemperamentSettings, { id: SETTINGS_ID, rulesWrittenAt: now });
    await tx.flush();
  });
}

export async function shownLitters(em: EntityManager, litterIds: readonly number[]): Promise<Set<number>> {
  if (!litterIds.length) return new Set();
  const rows = await em.find(TemperamentLitterSetting, { litter: { $in: [...litterIds] }, showToFamilies: true });
  return new Set(rows.map((r) => r.litter.id));
}

/** A family's place in a litter, and the answers its fit is read from (null: no application to read). */
export interface FamilyInLitter {
  litterId: number;
  facts: FamilyFacts | null;
}

/**
 * The litters a family is in: its applications waitlisted on a litter's list or matched to one of its puppies, and the
 * litters of the puppies matched to it (the portal's rule: a family sees its puppy's litter). The application that
 * puts it there speaks for the family (the newest when two do); a family matched without one is read from its newest.
 */
export async function familyLitters(em: EntityManager, familyUserId: number): Promise<FamilyInLitter[]> {
  const apps = await em.find(
    Application,
    {
      user: familyUserId,
      anonymisedAt: null,
      $or: [
        { status: 'waitlisted', waitlistLitter: { $ne: null } },
        { status: 'matched', puppy: { litter: { $ne: null } } },
      ],
    },
    { populate: ['puppy'], orderBy: { createdAt: 'desc', id: 'desc' } },
  );
  const out = new Map<number, FamilyInLitter>();
  for (const a of apps) {
    const litterId = a.status === 'matched' ? a.puppy?.litter?.id : a.waitlistLitter?.id;
    if (!litterId || out.has(litterId)) continue;
    out.set(litterId, { litterId, facts: familyFacts(a) });
  }
  const matched = await em.find(Puppy, { family: familyUserId, litter: { $ne: null } }, { fields: ['id', 'litter'] });
  const missing = [...new Set(matched.map((p) => p.litter!.id))].filter((id) => !out.has(id));
  if (missing.length) {
    const facts = await latestFacts(em, familyUserId);
    for (const litterId of missing) out.set(litterId, { litterId, facts });
  }
  return [...out.values()];
}

/** The facts of a family from its newest application (any status but withdrawn or declined), for fits outside a litter. */
export async function latestFacts(em: EntityManager, familyUserId: number): Promise<FamilyFacts | null> {
  const app = await em.findOne(
    Application,
    { user: familyUserId, anonymisedAt: null, status: { $nin: ['withdrawn', 'declined'] } },
    { orderBy: { createdAt: 'desc', id: 'desc' } },
  );
  return app ? familyFacts(app) : null;
}

export async function blockedFor(em: EntityManager, familyUserId: number, puppyIds: readonly number[]): Promise<Set<number>> {
  if (!puppyIds.length) return new Set();
  const rows = await em.find(PuppyBlock, { family: familyUserId, puppy: { $in: [...puppyIds] } });
  return new Set(rows.map((r) => r.puppy.id));
}

export interface FitResult extends FitVerdict {
  puppyId: number;
  blocked: boolean;
}

/** The rules' verdict on one family and these puppies, with the breeder's marks (a marked puppy never suits). */
export function fitsOf(
  rules: readonly FitRuleDto[],
  facts: FamilyFacts | null,
  puppyIds: readonly number[],
  tests: Map<number, { scores: TestScores }>,
  blocked: Set<number>,
): FitResult[] {
  return puppyIds.map((puppyId) => {
    const isBlocked = blocked.has(puppyId);
    if (isBlocked) return { puppyId, suits: false, reason: FIT_MESSAGES.blocked, ruleId: null, blocked: true };
    if (!facts) return { puppyId, suits: true, reason: FIT_MESSAGES.noAnswers, ruleId: null, blocked: false };
    return { puppyId, ...judgeFit(rules, facts, tests.get(puppyId)?.scores ?? null), blocked: false };
  });
}
