// The care records' tables (issue 33). Puppies, litters and families belong to other features: rows name them by
// id (foreign keys in the migration), and the health service reads what it needs of them with its own SQL.
import { defineEntity, p } from '@mikro-orm/core';
import { CARE_KINDS, DOSE_UNITS, SCHEDULE_KINDS } from '../health.schema.ts';

/** One thing done for one puppy: a vaccination, deworming, treatment, vet check, microchip or note. */
export const CareItem = defineEntity({
  name: 'CareItem',
  tableName: 'health_care_items',
  properties: {
    id: p.integer().primary().autoincrement(),
    puppyId: p.integer().index(),
    kind: p.enum(CARE_KINDS),
    givenOn: p.string().length(10),
    product: p.string().length(120).default(''),
    manufacturer: p.string().length(120).default(''),
    lotNumber: p.string().length(60).default(''),
    lotExpiry: p.string().length(10).nullable(),
    dose: p.double().nullable(),
    doseUnit: p.enum(DOSE_UNITS).nullable(),
    givenBy: p.string().length(120).default(''),
    nextDueOn: p.string().length(10).nullable(),
    findings: p.text().default(''),
    vet: p.string().length(120).default(''),
    clinic: p.string().length(120).default(''),
    microchip: p.string().length(15).nullable(),
    registry: p.string().length(120).default(''),
    notes: p.text().default(''),
    /** Private upload URLs (/uploads/<id>.<ext>): photos or PDFs such as a vet certificate. */
    attachments: p.json<string[]>().default([]),
    scheduleItemId: p.integer().nullable(),
    /** The recording request that made it (its idempotency key), for a replay's answer. */
    requestId: p.integer().nullable().index(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type ICareItem = InstanceType<typeof CareItem.class>;

/** One line of the breeder's care protocol, applied to every litter from its birth date. */
export const CareScheduleItem = defineEntity({
  name: 'CareScheduleItem',
  tableName: 'health_schedule_items',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** The protocol (health_protocols) this item belongs to. */
    protocolId: p.integer().index(),
    /** A heading within the protocol ("Before go-home", "Recommended to your vet"). */
    protocol: p.string().length(100),
    label: p.string().length(120),
    kind: p.enum(SCHEDULE_KINDS),
    startDay: p.integer(),
    everyDays: p.integer().nullable(),
    untilDay: p.integer().nullable(),
    afterGoHome: p.boolean().default(false),
    position: p.integer(),
  },
});

/** A read-only link a family gives its vet: signed, time-limited, and revocable here. */
export const HealthShareLink = defineEntity({
  name: 'HealthShareLink',
  tableName: 'health_share_links',
  properties: {
    id: p.integer().primary().autoincrement(),
    puppyId: p.integer().index(),
    createdById: p.integer(),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

/** A reminder e-mailed to a family about an item due after go-home (one per puppy, item and date; item 0: a next dose written on a record). */
export const HealthReminder = defineEntity({
  name: 'HealthReminder',
  tableName: 'health_reminders',
  properties: {
    id: p.integer().primary().autoincrement(),
    puppyId: p.integer().index(),
    scheduleItemId: p.integer(),
    dueOn: p.string().length(10),
    sentAt: p.datetime(),
  },
  uniques: [{ properties: ['puppyId', 'scheduleItemId', 'dueOn'] }],
});

/** A family's choice about the reminder e-mails (on unless turned off). */
export const HealthFamilyPrefs = defineEntity({
  name: 'HealthFamilyPrefs',
  tableName: 'health_family_prefs',
  properties: {
    familyId: p.integer().primary(),
    remindersEnabled: p.boolean().default(true),
  },
});

/** The go-home e-mail sent for a puppy (with its passport and a vet link): the row is the once-only rule. */
export const HealthGoHomeMail = defineEntity({
  name: 'HealthGoHomeMail',
  tableName: 'health_go_home_mails',
  properties: {
    puppyId: p.integer().primary(),
    pickupAt: p.datetime(),
    shareLinkId: p.integer().nullable(),
    sentAt: p.datetime(),
  },
});

/** One recording request (one puppy or a litter), by its idempotency key: a replay of the key stores nothing new. */
export const CareRequest = defineEntity({
  name: 'CareRequest',
  tableName: 'health_care_requests',
  properties: {
    id: p.integer().primary().autoincrement(),
    idempotencyKey: p.string().length(64).unique(),
    createdAt: p.datetime(),
  },
});

/** A named care protocol; one is the default, which litters follow unless they chose another or none. */
export const HealthProtocol = defineEntity({
  name: 'HealthProtocol',
  tableName: 'health_protocols',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(100).unique(),
    isDefault: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

/** A litter's choice of protocol (null: none). A litter without a row follows the default. */
export const HealthLitterProtocol = defineEntity({
  name: 'HealthLitterProtocol',
  tableName: 'health_litter_protocols',
  properties: {
    litterId: p.integer().primary(),
    protocolId: p.integer().nullable().index(),
  },
});
