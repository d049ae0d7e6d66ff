import { defineEntity, p } from '@mikro-orm/core';
import { mediaReference } from '../../../lib/server/media-references.ts';
import { Litter } from '../../dogs/server/litter.entity.ts';
import { User } from '../../auth/server/user.entity.ts';
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
    /** The first of the puppy's photos (its card's picture); the rest are PuppyPhoto rows. */
    imageUrl: p.string().length(500).nullable(),
    /** An optional short video, shown in the puppy's dialog with controls, muted until played. */
    videoUrl: p.string().length(500).nullable(),
    litter: () => p.manyToOne(Litter).nullable().deleteRule('set null').index(),
    status: p.enum(PUPPY_STATUSES).default('available'),
    /**
     * The family this puppy is matched to (set when the breeder matches an application to it). Private:
     * never part of a public shape; the public site only shows the puppy as reserved.
     */
    family: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
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
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type IPuppy = InstanceType<typeof Puppy.class>;

/** One of a puppy's photos, in the order the breeder set (position 0 is also `Puppy.imageUrl`). */
export const PuppyPhoto = defineEntity({
  name: 'PuppyPhoto',
  tableName: 'puppy_photos',
  properties: {
    id: p.integer().primary().autoincrement(),
    puppy: () => p.manyToOne(Puppy).deleteRule('cascade').index(),
    url: p.string().length(500),
    position: p.integer(),
  },
});

/** Columns holding upload URLs: the media feature keeps an upload while any of them refers to it. */
export const puppyMediaRefs = mediaReference(Puppy, ['imageUrl', 'videoUrl']);
export const puppyPhotoMediaRefs = mediaReference(PuppyPhoto, ['url']);
