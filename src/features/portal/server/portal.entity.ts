// The family portal's tables: updates (to a litter or one puppy) with photos and weights, who was told,
// the go-home checklist and its ticks, pickup times, documents shared with one family, digest state.
import { defineEntity, p } from '@mikro-orm/core';
import { mediaReference } from '../../../lib/server/media-references.ts';
import { Litter } from '../../dogs/server/litter.entity.ts';
import { Puppy } from '../../puppies/server/puppy.entity.ts';
import { User } from '../../auth/server/user.entity.ts';

/** A post by the breeder: to a whole litter (every family with a puppy in it) or to one puppy (its family). */
export const PuppyUpdate = defineEntity({
  name: 'PuppyUpdate',
  tableName: 'puppy_updates',
  properties: {
    id: p.integer().primary().autoincrement(),
    litter: () => p.manyToOne(Litter).nullable().deleteRule('cascade').index(),
    puppy: () => p.manyToOne(Puppy).nullable().deleteRule('cascade').index(),
    text: p.text(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .index(),
    /**
     * The posting device's key for this update, kept with the row in the same transaction: a post queued offline and
     * replayed (twice, as queued requests can be) stores one update (issue 34).
     */
    idempotencyKey: p.string().length(64).nullable().unique(),
  },
});
export type IPuppyUpdate = InstanceType<typeof PuppyUpdate.class>;

/** A photo of an update (a private upload: served only after an access check). */
export const PuppyUpdatePhoto = defineEntity({
  name: 'PuppyUpdatePhoto',
  tableName: 'puppy_update_photos',
  properties: {
    id: p.integer().primary().autoincrement(),
    update: () => p.manyToOne(PuppyUpdate).deleteRule('cascade').index(),
    url: p.string().length(500),
    position: p.integer(),
  },
});

/** One weighing, in ounces, on a calendar date; usually posted with an update. */
export const PuppyWeight = defineEntity({
  name: 'PuppyWeight',
  tableName: 'puppy_weights',
  properties: {
    id: p.integer().primary().autoincrement(),
    puppy: () => p.manyToOne(Puppy).deleteRule('cascade').index(),
    update: () => p.manyToOne(PuppyUpdate).nullable().deleteRule('cascade').index(),
    ounces: p.double(),
    measuredOn: p.string().length(10),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

/** A family told (or to be told, in the next digest) about an update. */
export const UpdateNotice = defineEntity({
  name: 'UpdateNotice',
  tableName: 'puppy_update_notices',
  properties: {
    id: p.integer().primary().autoincrement(),
    update: () => p.manyToOne(PuppyUpdate).deleteRule('cascade').index(),
    family: () => p.manyToOne(User).deleteRule('cascade').index(),
    /** pending: waits for the family's next digest; emailed; off: the family turned e-mails off; no-email: no address on file. */
    status: p
      .enum(['pending', 'emailed', 'off', 'no-email'] as const)
      .default('pending')
      .index(),
    emailedAt: p.datetime().nullable(),
  },
  uniques: [{ properties: ['update', 'family'] }],
});

/** A family's portal settings: the daily digest switch and the day of the last digest sent. */
export const FamilyPortalState = defineEntity({
  name: 'FamilyPortalState',
  tableName: 'family_portal_states',
  properties: {
    family: () => p.oneToOne(User).primary().deleteRule('cascade'),
    digestEnabled: p.boolean().default(true),
    /** YYYY-MM-DD (UTC) of the last digest: at most one a day. */
    lastDigestOn: p.string().length(10).nullable(),
  },
});

/** The go-home checklist, defined once by the breeder. */
export const ChecklistItem = defineEntity({
  name: 'ChecklistItem',
  tableName: 'checklist_items',
  properties: {
    id: p.integer().primary().autoincrement(),
    label: p.string().length(200),
    position: p.integer(),
  },
});

/** An item a family has ticked. */
export const ChecklistTick = defineEntity({
  name: 'ChecklistTick',
  tableName: 'checklist_ticks',
  properties: {
    id: p.integer().primary().autoincrement(),
    item: () => p.manyToOne(ChecklistItem).deleteRule('cascade').index(),
    family: () => p.manyToOne(User).deleteRule('cascade').index(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  uniques: [{ properties: ['item', 'family'] }],
});

/** When a puppy goes home (one row per puppy, so the puppies table stays as it is). */
export const PuppyPickup = defineEntity({
  name: 'PuppyPickup',
  tableName: 'puppy_pickups',
  properties: {
    puppy: () => p.oneToOne(Puppy).primary().deleteRule('cascade'),
    at: p.datetime(),
  },
});

/** A document (PDF or photo, a private upload) shared with one family. */
export const FamilyDocument = defineEntity({
  name: 'FamilyDocument',
  tableName: 'family_documents',
  properties: {
    id: p.integer().primary().autoincrement(),
    family: () => p.manyToOne(User).deleteRule('cascade').index(),
    title: p.string().length(200),
    url: p.string().length(500),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export const updatePhotoMediaRefs = mediaReference(PuppyUpdatePhoto, ['url']);
export const familyDocumentMediaRefs = mediaReference(FamilyDocument, ['url']);
