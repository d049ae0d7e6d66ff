import { defineEntity, p } from '@mikro-orm/core';
import { mediaReference } from '../../../lib/server/media-references.ts';

export const ParentDog = defineEntity({
  name: 'ParentDog',
  tableName: 'parent_dogs',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(100),
    gender: p.enum(['female', 'male'] as const),
    breed: p.string().length(100),
    color: p.string().length(100),
    /** pounds */
    weight: p.double().nullable(),
    /** YYYY-MM-DD */
    birthDate: p.string().length(10).nullable(),
    description: p.text().default(''),
    imageUrl: p.string().length(500).nullable(),
    featured: p.boolean().default(true),
    sortOrder: p.integer().default(0),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type IParentDog = InstanceType<typeof ParentDog.class>;

/** Columns holding upload URLs: the media feature keeps an upload while any of them refers to it. */
export const parentDogMediaRefs = mediaReference(ParentDog, ['imageUrl']);
