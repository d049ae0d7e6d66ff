// The dogs feature's face to the app (decision 146): parent dogs, litters, pedigrees.
import { defineFeature } from '../../../lib/server/feature-module.ts';
import { Litter, litterMediaRefs } from './litter.entity.ts';
import {
  DogHealthTest,
  ParentDog,
  ParentDogPhoto,
  dogHealthTestMediaRefs,
  parentDogMediaRefs,
  parentDogPhotoMediaRefs,
} from './parent-dog.entity.ts';
import { littersRouter } from './litters.router.ts';
import { parentsRouter } from './parents.router.ts';
import { littersAdminRouter } from './litters.admin-router.ts';
import { parentsAdminRouter } from './parents.admin-router.ts';
import { littersRest } from './litters.rest.ts';
import { parentsRest } from './parents.rest.ts';
import { littersToday } from './litters.today.ts';

export const dogsModule = defineFeature({
  name: 'dogs',
  entities: [Litter, ParentDog, ParentDogPhoto, DogHealthTest],
  routers: { litters: littersRouter, parents: parentsRouter },
  adminRouters: { litters: littersAdminRouter, parents: parentsAdminRouter },
  rest: [...littersRest, ...parentsRest],
  today: { name: 'litters', source: littersToday },
  mediaReferences: [litterMediaRefs, parentDogMediaRefs, parentDogPhotoMediaRefs, dogHealthTestMediaRefs],
});
