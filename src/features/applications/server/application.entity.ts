// Applications (each questionnaire answer a typed column), their timeline, the waitlist place and
// deposit, and a signed-in family's saved draft.
import { defineEntity, p } from '@mikro-orm/core';
import { trigramIndexes } from '../../../lib/server/sql.ts';
import { User } from '../../auth/server/user.entity.ts';
import { Litter } from '../../dogs/server/litter.entity.ts';
import { Puppy } from '../../puppies/server/puppy.entity.ts';
import {
  ACTIVITY_CHOICES,
  ALLERGY_CHOICES,
  CHILDREN_CHOICES,
  ALONE_CHOICES,
  APPLICATION_STATUSES,
  COLOR_CHOICES,
  DEPOSIT_METHODS,
  EXPERIENCE_CHOICES,
  FENCE_CHOICES,
  GENDER_CHOICES,
  HEARD_CHOICES,
  HOME_CHOICES,
  OWNERSHIP_CHOICES,
  SIZE_CHOICES,
  TIMING_CHOICES,
  YARD_CHOICES,
} from '../applications.schema.ts';

const WAITLIST_PLACE_INDEX = 'applications_waitlist_place_unique';
const keys = <T extends Record<string, string>>(labels: T) => Object.keys(labels) as (keyof T & string)[];

export const Application = defineEntity({
  name: 'Application',
  tableName: 'applications',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** The family's account; null once the account is deleted (the record is then anonymised). */
    user: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    /** The client's key for one submit: a retried or double submit finds the first application. */
    idempotencyKey: p.string().length(64),
    status: p.enum(APPLICATION_STATUSES).default('submitted').index(),
    // The answers.
    name: p.string().length(100),
    email: p.string().length(254),
    phone: p.string().length(30).nullable(),
    location: p.string().length(100),
    household: p.text(),
    children: p.enum(keys(CHILDREN_CHOICES)).nullable(),
    activity: p.enum(keys(ACTIVITY_CHOICES)).nullable(),
    otherPets: p.text().default(''),
    allergies: p.enum(keys(ALLERGY_CHOICES)),
    allergyDetails: p.text().nullable(),
    homeType: p.enum(keys(HOME_CHOICES)),
    ownership: p.enum(keys(OWNERSHIP_CHOICES)),
    yard: p.enum(keys(YARD_CHOICES)),
    fence: p.enum(keys(FENCE_CHOICES)).nullable(),
    hoursAlone: p.enum(keys(ALONE_CHOICES)),
    experience: p.enum(keys(EXPERIENCE_CHOICES)),
    experienceDetails: p.text(),
    size: p.enum(keys(SIZE_CHOICES)),
    gender: p.enum(keys(GENDER_CHOICES)),
    color: p.enum(keys(COLOR_CHOICES)),
    timing: p.enum(keys(TIMING_CHOICES)),
    heardAbout: p.enum(keys(HEARD_CHOICES)),
    notes: p.text().default(''),
    /** The litter the family applied for (none: any litter). */
    litter: () => p.manyToOne(Litter).nullable().deleteRule('set null').index(),
    // The breeder's side.
    adminNotes: p.text().default(''),
    readAt: p.datetime().nullable(),
    /** While waitlisted: whose list (none: the general waitlist) and the 1-based place on it. */
    waitlistLitter: () => p.manyToOne(Litter).nullable().deleteRule('set null').index(),
    waitlistPosition: p.integer().nullable(),
    depositAmount: p.integer().nullable(),
    depositReceivedOn: p.string().length(10).nullable(),
    depositMethod: p.enum(DEPOSIT_METHODS).nullable(),
    depositNonRefundable: p.boolean().default(true),
    depositNotes: p.text().default(''),
    depositRefundedOn: p.string().length(10).nullable(),
    depositRefundAmount: p.integer().nullable(),
    puppy: () => p.manyToOne(Puppy).nullable().deleteRule('set null').index(),
    anonymisedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  uniques: [{ properties: ['user', 'idempotencyKey'] }],
  // No two families at one place of one list (the general list is litter 0 here).
  indexes: [
    {
      name: 'applications_list_order_index',
      expression: 'create index "applications_list_order_index" on "applications" ("created_at", "id")',
    },
    {
      name: 'applications_undecided_index',
      expression: `create index "applications_undecided_index" on "applications" ("created_at") where "status" in ('submitted', 'in_review') and "anonymised_at" is null`,
    },
    {
      name: WAITLIST_PLACE_INDEX,
      expression: `create unique index "${WAITLIST_PLACE_INDEX}" on "applications" (coalesce("waitlist_litter_id", 0), "waitlist_position") where "waitlist_position" is not null`,
    },
    ...trigramIndexes('applications', ['name', 'email', 'location']),
  ],
});
export type IApplication = InstanceType<typeof Application.class>;

/** One change of status: the timeline the family and the breeder both read. */
export const ApplicationEvent = defineEntity({
  name: 'ApplicationEvent',
  tableName: 'application_events',
  properties: {
    id: p.integer().primary().autoincrement(),
    application: () => p.manyToOne(Application).deleteRule('cascade').index(),
    at: p.datetime().onCreate(() => new Date()),
    /** Who made the change; null once that account is deleted (byRole still says which side). */
    actor: () => p.manyToOne(User).nullable().deleteRule('set null'),
    byRole: p.enum(['family', 'breeder'] as const),
    status: p.enum(APPLICATION_STATUSES),
    message: p.text().nullable(),
  },
});
export type IApplicationEvent = InstanceType<typeof ApplicationEvent.class>;

/** A signed-in family's partly filled questionnaire, restored on any device. */
export const ApplicationDraft = defineEntity({
  name: 'ApplicationDraft',
  tableName: 'application_drafts',
  properties: {
    user: () => p.oneToOne(User).primary().deleteRule('cascade'),
    values: p.json<Record<string, string>>(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
