// Temperament's tables: one aptitude test per puppy, each litter's "show temperament to families" switch, the fit rules,
// and the breeder's "not for this family" marks.
import { defineEntity, p } from '@mikro-orm/core';
import { Litter } from '../../dogs/server/litter.entity.ts';
import { Puppy } from '../../puppies/server/puppy.entity.ts';
import { User } from '../../auth/server/user.entity.ts';
import type { TestScores } from '../temperament.schema.ts';

/** A puppy's aptitude test: the scores (1–6) with notes by test, validated by SaveTestSchema at the boundary. */
export const TemperamentTestRecord = defineEntity({
  name: 'TemperamentTestRecord',
  tableName: 'temperament_tests',
  properties: {
    puppy: () => p.oneToOne(Puppy).primary().deleteRule('cascade'),
    scores: p.json<TestScores>(),
    /** The breeder's own summary (shown to families with the words). */
    summary: p.text().default(''),
    testedOn: p.string().length(10).nullable(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type ITemperamentTestRecord = InstanceType<typeof TemperamentTestRecord.class>;

/** Per litter: whether its families see the temperament results yet (off until the breeder turns it on). */
export const TemperamentLitterSetting = defineEntity({
  name: 'TemperamentLitterSetting',
  tableName: 'temperament_litter_settings',
  properties: {
    litter: () => p.oneToOne(Litter).primary().deleteRule('cascade'),
    showToFamilies: p.boolean().default(false),
  },
});

/** A fit rule: a condition on a family fact, a condition on one test's score, and the sentence that explains it. */
export const FitRule = defineEntity({
  name: 'FitRule',
  tableName: 'fit_rules',
  properties: {
    id: p.integer().primary().autoincrement(),
    fact: p.string().length(30),
    factValues: p.json<string[]>(),
    test: p.string().length(30),
    scoreMin: p.integer(),
    scoreMax: p.integer(),
    outcome: p.enum(['unsuited', 'suited'] as const),
    sentence: p.text(),
    position: p.integer().default(0),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IFitRule = InstanceType<typeof FitRule.class>;

/** "Not for this family": the breeder's mark; the family cannot choose this puppy. */
export const PuppyBlock = defineEntity({
  name: 'PuppyBlock',
  tableName: 'temperament_blocks',
  properties: {
    id: p.integer().primary().autoincrement(),
    puppy: () => p.manyToOne(Puppy).deleteRule('cascade').index(),
    family: () => p.manyToOne(User).deleteRule('cascade').index(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  uniques: [{ properties: ['puppy', 'family'] }],
});

/**
 * One row (id 1) once the default rules were written into fit_rules (the breeder's first look at the rules): from then
 * on the table is the rules, even emptied; before, the fit is judged by DEFAULT_FIT_RULES.
 */
export const TemperamentSettings = defineEntity({
  name: 'TemperamentSettings',
  tableName: 'temperament_settings',
  properties: {
    id: p.integer().primary(),
    rulesWrittenAt: p.datetime(),
  },
});
