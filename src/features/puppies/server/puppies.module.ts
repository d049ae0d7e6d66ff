// The puppies feature's face to the app (decision 146).
import { defineFeature } from '../../../lib/server/feature-module.ts';
import { Puppy, PuppyPhoto, puppyMediaRefs, puppyPhotoMediaRefs } from './puppy.entity.ts';
import { puppiesRouter } from './puppies.router.ts';
import { puppiesAdminRouter } from './puppies.admin-router.ts';
import { puppiesRest } from './puppies.rest.ts';

export const puppiesModule = defineFeature({
  name: 'puppies',
  entities: [Puppy, PuppyPhoto],
  routers: { puppies: puppiesRouter },
  adminRouters: { puppies: puppiesAdminRouter },
  rest: puppiesRest,
  mediaReferences: [puppyMediaRefs, puppyPhotoMediaRefs],
});
