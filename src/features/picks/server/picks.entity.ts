// Pick day's tables: one round per litter (its settings and whose turn it is), the families in its order, and the
// choices (a puppy is chosen once: the database refuses a second choice of it, or a second choice by one family).
import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../../auth/server/user.entity.ts';
import { Litter } from '../../dogs/server/litter.entity.ts';
import { Puppy } from '../../puppies/server/puppy.entity.ts';
import { Application } from '../../applications/server/application.entity.ts';
import { ANSWERS, ENTRY_STATES, MISSED_RULES, PICK_MODES, ROUND_STATUSES, WANTS } from '../picks.schema.ts';

export const PickRound = defineEntity({
  name: 'PickRound',
  tableName: 'pick_rounds',
  properties: {
    id: p.integer().primary().autoincrement(),
    litter: () => p.manyToOne(Litter).unique().deleteRule('cascade'),
    status: p.enum(ROUND_STATUSES).default('answers'),
    mode: p.enum(PICK_MODES).default('choose'),
    answerDeadline: p.datetime(),
    windowMinutes: p.integer().default(24 * 60),
    missedRule: p.enum(MISSED_RULES).default('end'),
    breederPick: p.boolean().default(false),
    overnightPause: p.boolean().default(false),
    quietFrom: p.string().length(5).default('21:00'),
    quietTo: p.string().length(5).default('08:00'),
    /** The entry whose turn it is (an id, not a relation: the entry's row points at the round). */
    currentEntryId: p.integer().nullable(),
    /** Counts the turns: a window's expiry job names the turn it was sent for, and does nothing for any other. */
    turnSeq: p.integer().default(0),
    turnStartedAt: p.datetime().nullable(),
    deadline: p.datetime().nullable(),
    /** While paused: what was left of the window. */
    pausedRemainingMs: p.integer().nullable(),
    resultsSentAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type IPickRound = InstanceType<typeof PickRound.class>;

export const PickEntry = defineEntity({
  name: 'PickEntry',
  tableName: 'pick_entries',
  properties: {
    id: p.integer().primary().autoincrement(),
    round: () => p.manyToOne(PickRound).deleteRule('cascade').index(),
    /** The family's account (null: the breeder's own pick, or a family that deleted its account). */
    family: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    application: () => p.manyToOne(Application).nullable().deleteRule('set null'),
    isBreeder: p.boolean().default(false),
    /** The family's name when the order was made (the board's; never shown to another family). */
    name: p.string().length(100),
    answer: p.enum(ANSWERS).default('pending'),
    answeredAt: p.datetime().nullable(),
    late: p.boolean().default(false),
    /** The deposit's date from the payments ledger (else the application's), YYYY-MM-DD: the order's key. */
    depositOn: p.string().length(10).nullable(),
    /** The waitlist place when the litter was announced: the tie-break after the deposit's date. */
    waitlistPlace: p.integer().nullable(),
    wants: p.enum(WANTS).default('any'),
    colour: p.string().length(40).default(''),
    /** 1-based place in the order (null until the order is set). */
    position: p.integer().nullable(),
    state: p.enum(ENTRY_STATES).default('waiting'),
    missed: p.integer().default(0),
    /** Takes the last puppy (the missed-window rule 'last'). */
    takesLast: p.boolean().default(false),
    /** Matching mode: the puppy the breeder proposes. */
    proposal: () => p.manyToOne(Puppy).nullable().deleteRule('set null'),
    /** What this family has been told about the order (a reorder and its reason, a missed window): newest last. */
    notices: p.json<Array<{ at: string; text: string }>>(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  uniques: [{ properties: ['round', 'family'] }],
  indexes: [
    {
      name: 'pick_entries_place_unique',
      expression: 'create unique index "pick_entries_place_unique" on "pick_entries" ("round_id", "position") where "position" is not null',
    },
  ],
});
export type IPickEntry = InstanceType<typeof PickEntry.class>;

export const PickChoice = defineEntity({
  name: 'PickChoice',
  tableName: 'pick_choices',
  properties: {
    id: p.integer().primary().autoincrement(),
    round: () => p.manyToOne(PickRound).deleteRule('cascade').index(),
    entry: () => p.manyToOne(PickEntry).unique().deleteRule('cascade'),
    puppy: () => p.manyToOne(Puppy).unique().deleteRule('cascade'),
    by: p.enum(['family', 'breeder'] as const),
    at: p.datetime().onCreate(() => new Date()),
  },
});
export type IPickChoice = InstanceType<typeof PickChoice.class>;
