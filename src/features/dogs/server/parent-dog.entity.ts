import { defineEntity, p } from '@mikro-orm/core';
import { trigramIndexes } from '../../../lib/server/sql.ts';
import { mediaReference } from '../../../lib/server/media-references.ts';
import { HEALTH_TEST_KINDS } from '../dogs.schema.ts';

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
    /** The first of the dog's photos (its card's picture); the rest are ParentDogPhoto rows. */
    imageUrl: p.string().length(500).nullable(),
    /** An optional short video, shown on the dog's family tree page. */
    videoUrl: p.string().length(500).nullable(),
    /** Shown to visitors (home page, family tree) when also ours; a new dog is private until featured. */
    featured: p.boolean().default(false),
    // The registry (issue 12): every dog of a pedigree; the parent dogs are the ones marked ours.
    registeredName: p.string().length(200).default(''),
    registry: p.string().length(20).default(''),
    registrationNumber: p.string().length(50).default(''),
    /** Breed or generation: Golden Retriever, Poodle, F1, F1B, multigen… */
    generation: p.string().length(50).default(''),
    breederOwner: p.string().length(200).default(''),
    notes: p.text().default(''),
    /** Parents; unknown when null (deleting a parent leaves its offspring's reference unknown). */
    sire: () => p.manyToOne(ParentDog).nullable().deleteRule('set null').index(),
    dam: () => p.manyToOne(ParentDog).nullable().deleteRule('set null').index(),
    /** Lives here: a parent dog of the breeder (the home page shows the featured ones). */
    ours: p.boolean().default(false),
    retired: p.boolean().default(false),
    sortOrder: p.integer().default(0),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  // The dashboard list's order, so a page is read from the index, not sorted from the table (issue 35).
  indexes: [
    {
      name: 'parent_dogs_list_order_index',
      expression: 'create index "parent_dogs_list_order_index" on "parent_dogs" ("ours" desc, "sort_order", "name", "id")',
    },
    ...trigramIndexes('parent_dogs', ['name', 'registered_name', 'registration_number']),
  ],
});
export type IParentDog = InstanceType<typeof ParentDog.class>;

/** One of a dog's photos, in the order the breeder set (position 0 is also `ParentDog.imageUrl`). */
export const ParentDogPhoto = defineEntity({
  name: 'ParentDogPhoto',
  tableName: 'parent_dog_photos',
  properties: {
    id: p.integer().primary().autoincrement(),
    dog: () => p.manyToOne(ParentDog).deleteRule('cascade').index(),
    url: p.string().length(500),
    position: p.integer(),
  },
});

/** Columns holding upload URLs: the media feature keeps an upload while any of them refers to it. */
export const parentDogMediaRefs = mediaReference(ParentDog, ['imageUrl', 'videoUrl']);
export const parentDogPhotoMediaRefs = mediaReference(ParentDogPhoto, ['url']);

/** One health test result of a dog, with a verification link (https) or an uploaded certificate. */
export const DogHealthTest = defineEntity({
  name: 'DogHealthTest',
  tableName: 'dog_health_tests',
  properties: {
    id: p.integer().primary().autoincrement(),
    dog: () => p.manyToOne(ParentDog).deleteRule('cascade').index(),
    kind: p.enum(HEALTH_TEST_KINDS),
    test: p.string().length(100).default(''),
    result: p.string().length(100),
    /** YYYY-MM-DD */
    date: p.string().length(10).nullable(),
    verificationUrl: p.string().length(500).nullable(),
    certificateUrl: p.string().length(500).nullable(),
    position: p.integer(),
  },
});
export type IDogHealthTest = InstanceType<typeof DogHealthTest.class>;
export const dogHealthTestMediaRefs = mediaReference(DogHealthTest, ['certificateUrl']);
