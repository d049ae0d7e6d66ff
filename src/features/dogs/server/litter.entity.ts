import { defineEntity, p } from '@mikro-orm/core';
import { mediaReference } from '../../../lib/server/media-references.ts';
import { ParentDog } from './parent-dog.entity.ts';

export const Litter = defineEntity({
  name: 'Litter',
  tableName: 'litters',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(100),
    description: p.text().default(''),
    imageUrl: p.string().length(500).nullable(),
    motherName: p.string().length(100),
    fatherName: p.string().length(100),
    /** The registry's dogs behind motherName and fatherName (issue 12); the names follow them when set. */
    sire: () => p.manyToOne(ParentDog).nullable().deleteRule('set null').index(),
    dam: () => p.manyToOne(ParentDog).nullable().deleteRule('set null').index(),
    expectedDate: p.string().length(10).nullable(),
    birthDate: p.string().length(10).nullable(),
    puppyCount: p.integer().nullable(),
    active: p.boolean().default(true),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type ILitter = InstanceType<typeof Litter.class>;

/** Columns holding upload URLs: the media feature keeps an upload while any of them refers to it. */
export const litterMediaRefs = mediaReference(Litter, ['imageUrl']);
