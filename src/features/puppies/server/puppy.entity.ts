import { defineEntity, p } from '@mikro-orm/core';
import { mediaReference } from '../../../lib/server/media-references.ts';
import { Litter } from '../../litters/server/litter.entity.ts';
import { GENDERS, PUPPY_STATUSES, TRAIT_LEVELS } from '../puppies.schema.ts';

const trait = () => p.enum(TRAIT_LEVELS).default('unassessed');

export const Puppy = defineEntity({
  name: 'Puppy',
  tableName: 'puppies',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(100),
    gender: p.enum(GENDERS),
    color: p.string().length(100),
    description: p.text().default(''),
    imageUrl: p.string().length(500).nullable(),
    litter: () => p.manyToOne(Litter).nullable().deleteRule('set null').index(),
    status: p.enum(PUPPY_STATUSES).default('available'),
    visible: p.boolean().default(true),
    generation: p.string().length(50).nullable(),
    weight: p.double().nullable(),
    price: p.integer().nullable(),
    assessmentComplete: p.boolean().default(false),
    energyLevel: trait(),
    confidence: trait(),
    independence: trait(),
    sociability: trait(),
    foodMotivation: trait(),
    toyDrive: trait(),
    biddability: trait(),
    handlingResponse: p.text().nullable(),
    soundSensitivity: p.text().nullable(),
    visualSensitivity: p.text().nullable(),
    personalityNotes: p.text().nullable(),
    trainingProgress: p.text().nullable(),
    idealHome: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type IPuppy = InstanceType<typeof Puppy.class>;

/** Columns holding upload URLs: the media feature keeps an upload while any of them refers to it. */
export const puppyMediaRefs = mediaReference(Puppy, ['imageUrl']);
