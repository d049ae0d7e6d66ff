// The breeder's side: litters to test, one puppy's test saved as she scores, the families' switch, the fit rules,
// the fit board of a litter and her "not for this family" marks.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { AppError } from '../../../lib/server/errors.ts';
import { likePattern } from '../../../lib/server/sql.ts';
import { PAGE_SIZE, type Page } from '../../../lib/shared/paging.ts';
import { Application } from '../../applications/server/application.entity.ts';
import { User } from '../../auth/server/user.entity.ts';
import { Litter, type ILitter } from '../../dogs/server/litter.entity.ts';
import { Puppy, type IPuppy } from '../../puppies/server/puppy.entity.ts';
import {
  FIT_MESSAGES,
  factsText,
  familyFacts,
  isComplete,
  wordsSentence,
  type BlockSchema,
  type FitBoardDto,
  type FitRuleDto,
  type FitRuleInputSchema,
  type FitRulePageSchema,
  type LitterPageSchema,
  type LitterTestingDto,
  type LitterTestsDto,
  type PuppyTestDto,
  type SaveTestSchema,
  type TestScores,
} from '../temperament.schema.ts';
import { allRules, ensureRules, fitsOf, testsOf, toRuleDto } from './temperament.core.ts';
import { FitRule, PuppyBlock, TemperamentLitterSetting, TemperamentTestRecord, type ITemperamentTestRecord } from './temperament.entity.ts';

async function findLitter(em: EntityManager, litterId: number): Promise<ILitter> {
  const litter = await em.findOne(Litter, { id: litterId });
  if (!litter) throw new AppError('NOT_FOUND', FIT_MESSAGES.litterNotFound);
  return litter;
}

async function litterDtos(em: EntityManager, litters: ILitter[]): Promise<LitterTestingDto[]> {
  if (!litters.length) return [];
  const ids = litters.map((l) => l.id);
  const puppies = await em.find(Puppy, { litter: { $in: ids } }, { fields: ['id', 'litter'] });
  const tests = await testsOf(
    em,
    puppies.map((p) => p.id),
  );
  const shown = await em.find(TemperamentLitterSetting, { litter: { $in: ids } });
  return litters.map((l) => {
    const mine = puppies.filter((p) => p.litter?.id === l.id);
    return {
      id: l.id,
      name: l.name,
      birthDate: l.birthDate ?? null,
      puppies: mine.length,
      tested: mine.filter((p) => isComplete(tests.get(p.id)?.scores ?? {})).length,
      showToFamilies: shown.some((s) => s.litter.id === l.id && s.showToFamilies),
    };
  });
}

/** Born litters, youngest first (the one being tested is at the top), searched by name on the server. */
export async function listLitters(em: EntityManager, input: z.output<typeof LitterPageSchema>): Promise<Page<LitterTestingDto>> {
  const where: Record<string, unknown> = { birthDate: { $ne: null } };
  if (input.search) where.name = { $ilike: likePattern(input.search) };
  const [rows, total] = await em.findAndCount(Litter, where, {
    orderBy: { birthDate: 'desc', id: 'desc' },
    limit: PAGE_SIZE,
    offset: (input.page - 1) * PAGE_SIZE,
  });
  return { items: await litterDtos(em, rows), total, page: input.page, pageSize: PAGE_SIZE };
}

function toPuppyTestDto(p: IPuppy, t: ITemperamentTestRecord | undefined): PuppyTestDto {
  const scores = t?.scores ?? {};
  return {
    puppyId: p.id,
    name: p.name,
    gender: p.gender,
    color: p.color,
    imageUrl: p.imageUrl ?? null,
    scores,
    summary: t?.summary ?? '',
    testedOn: t?.testedOn ?? null,
    complete: isComplete(scores),
    words: wordsSentence(scores),
    updatedAt: t?.updatedAt.toISOString() ?? null,
  };
}

/** A litter's puppies with their tests, in the litter's order (the scoring screen steps through them). */
export async function litterTests(em: EntityManager, litterId: number): Promise<LitterTestsDto> {
  const litter = await findLitter(em, litterId);
  const puppies = await em.find(Puppy, { litter: litterId }, { orderBy: { id: 'asc' }, limit: 40 });
  const tests = await testsOf(
    em,
    puppies.map((p) => p.id),
  );
  const [dto] = await litterDtos(em, [litter]);
  return { litter: dto!, puppies: puppies.map((p) => toPuppyTestDto(p, tests.get(p.id))) };
}

/**
 * Saves what the breeder scored: the tests sent replace those saved (null clears one), the rest stay. One statement
 * per save, so a retried or replayed save (the phone's queue) leaves the same row.
 */
export async function saveTest(em: EntityManager, input: z.output<typeof SaveTestSchema>): Promise<PuppyTestDto> {
  return em.transactional(async (tx) => {
    const puppy = await tx.findOne(Puppy, { id: input.puppyId });
    if (!puppy) throw new AppError('NOT_FOUND', FIT_MESSAGES.puppyNotFound);
    // Serialises two devices saving one puppy: each merges into what the other saved.
    await tx.execute('select pg_advisory_xact_lock(?::int, ?::int)', [0x7465_6d70, puppy.id]);
    const existing = await tx.findOne(TemperamentTestRecord, { puppy: puppy.id }, { refresh: true });
    const scores: TestScores = { ...(existing?.scores ?? {}) };
    for (const [test, result] of Object.entries(input.scores) as [keyof TestScores, TestScores[keyof TestScores] | null][]) {
      if (result) scores[test] = { score: result.score, note: result.note };
      else delete scores[test];
    }
    const record = existing ?? tx.create(TemperamentTestRecord, { puppy, scores, updatedAt: new Date() });
    record.scores = scores;
    if (input.summary !== undefined) record.summary = input.summary;
    if (input.testedOn !== undefined) record.testedOn = input.testedOn;
    else record.testedOn ??= new Date().toISOString().slice(0, 10);
    record.updatedAt = new Date();
    await tx.flush();
    return toPuppyTestDto(puppy, record);
  });
}

export async function setShowToFamilies(em: EntityManager, litterId: number, show: boolean): Promise<LitterTestingDto> {
  const litter = await findLitter(em, litterId);
  await em.execute(
    `insert into "temperament_litter_settings" ("litter_id", "show_to_families") values (?, ?)
     on conflict ("litter_id") do update set "show_to_families" = excluded."show_to_families"`,
    [litterId, show],
  );
  const [dto] = await litterDtos(em, [litter]);
  return dto!;
}

// The rules.

export async function listRules(em: EntityManager, input: z.output<typeof FitRulePageSchema>): Promise<Page<FitRuleDto>> {
  await ensureRules(em);
  const where = input.search ? { sentence: { $ilike: likePattern(input.search) } } : {};
  const [rows, total] = await em.findAndCount(FitRule, where, {
    orderBy: { position: 'asc', id: 'asc' },
    limit: PAGE_SIZE,
    offset: (input.page - 1) * PAGE_SIZE,
  });
  return { items: rows.map(toRuleDto), total, page: input.page, pageSize: PAGE_SIZE };
}

type RuleData = z.output<typeof FitRuleInputSchema>;

export async function createRule(em: EntityManager, data: RuleData): Promise<FitRuleDto> {
  await ensureRules(em);
  const last = await em.findOne(FitRule, { id: { $gt: 0 } }, { orderBy: { position: 'desc' } });
  const rule = em.create(FitRule, { ...data, position: (last?.position ?? 0) + 1, createdAt: new Date() });
  await em.flush();
  return toRuleDto(rule);
}

export async function getRule(em: EntityManager, id: number): Promise<FitRuleDto> {
  return toRuleDto(await findRule(em, id));
}

async function findRule(em: EntityManager, id: number) {
  await ensureRules(em);
  const rule = await em.findOne(FitRule, { id });
  if (!rule) throw new AppError('NOT_FOUND', FIT_MESSAGES.ruleNotFound);
  return rule;
}

export async function updateRule(em: EntityManager, id: number, data: RuleData): Promise<FitRuleDto> {
  const rule = await findRule(em, id);
  em.assign(rule, data);
  await em.flush();
  return toRuleDto(rule);
}

export async function removeRule(em: EntityManager, id: number): Promise<{ ok: true }> {
  em.remove(await findRule(em, id));
  await em.flush();
  return { ok: true };
}

// The fit board.

/** The families in a litter: its waitlist in order, then those matched to one of its puppies. */
async function litterFamilies(em: EntityManager, litterId: number) {
  const apps = await em.find(
    Application,
    {
      user: { $ne: null },
      anonymisedAt: null,
      $or: [
        { status: 'waitlisted', waitlistLitter: litterId },
        { status: 'matched', puppy: { litter: litterId } },
      ],
    },
    { populate: ['user'], orderBy: { waitlistPosition: 'asc', createdAt: 'asc', id: 'asc' }, limit: 200 },
  );
  const seen = new Set<number>();
  return apps.filter((a) => a.user && !seen.has(a.user.id) && seen.add(a.user.id));
}

export async function fitBoard(em: EntityManager, litterId: number): Promise<FitBoardDto> {
  const litter = await findLitter(em, litterId);
  const puppies = await em.find(Puppy, { litter: litterId }, { orderBy: { id: 'asc' }, limit: 40 });
  const ids = puppies.map((p) => p.id);
  const [rules, tests, families] = [await allRules(em), await testsOf(em, ids), await litterFamilies(em, litterId)];
  const blocks = ids.length ? await em.find(PuppyBlock, { puppy: { $in: ids }, family: { $in: families.map((f) => f.user!.id) } }) : [];
  return {
    litter: { id: litter.id, name: litter.name },
    puppies: puppies.map((p) => ({ id: p.id, name: p.name })),
    families: families.map((a) => {
      const familyId = a.user!.id;
      const facts = familyFacts(a);
      const blocked = new Set(blocks.filter((b) => b.family.id === familyId).map((b) => b.puppy.id));
      return {
        familyId,
        name: a.user!.displayName || a.name,
        facts,
        factsText: factsText(facts),
        cells: fitsOf(rules, facts, ids, tests, blocked).map(({ puppyId, suits, reason, blocked }) => ({
          puppyId,
          suits,
          reason,
          blocked,
        })),
      };
    }),
  };
}

/** Marks a puppy "not for this family", or takes the mark off; a repeat changes nothing. */
export async function setBlocked(em: EntityManager, input: z.output<typeof BlockSchema>): Promise<{ blocked: boolean }> {
  if (!(await em.count(Puppy, { id: input.puppyId }))) throw new AppError('NOT_FOUND', FIT_MESSAGES.puppyNotFound);
  if (!(await em.count(User, { id: input.familyId, isAdmin: false }))) throw new AppError('NOT_FOUND', FIT_MESSAGES.familyNotFound);
  if (input.blocked) {
    await em.execute(
      `insert into "temperament_blocks" ("puppy_id", "family_id", "created_at") values (?, ?, ?) on conflict ("puppy_id", "family_id") do nothing`,
      [input.puppyId, input.familyId, new Date()],
    );
  } else {
    await em.nativeDelete(PuppyBlock, { puppy: input.puppyId, family: input.familyId });
  }
  return { blocked: input.blocked };
}
