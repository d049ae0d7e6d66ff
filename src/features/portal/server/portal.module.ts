// The portal feature's face to the app (decision 146): the family's puppy page, updates, documents, pickups.
import { defineFeature } from '../../../lib/server/feature-module.ts';
import {
  ChecklistItem,
  ChecklistTick,
  FamilyDocument,
  FamilyPortalState,
  PuppyPickup,
  PuppyUpdate,
  PuppyUpdatePhoto,
  PuppyWeight,
  UpdateNotice,
  familyDocumentMediaRefs,
  updatePhotoMediaRefs,
} from './portal.entity.ts';
import { portalRouter } from './portal.router.ts';
import { portalAdminRouter } from './portal.admin-router.ts';
import { portalJobs } from './portal.jobs.ts';
import { erasePortalData } from './portal.service.ts';
import { canReadPrivateUpload } from './portal-access.ts';

export const portalModule = defineFeature({
  name: 'portal',
  entities: [
    PuppyUpdate,
    PuppyUpdatePhoto,
    PuppyWeight,
    UpdateNotice,
    FamilyPortalState,
    ChecklistItem,
    ChecklistTick,
    PuppyPickup,
    FamilyDocument,
  ],
  routers: { portal: portalRouter },
  adminRouters: { portal: portalAdminRouter },
  jobs: portalJobs,
  eraseUser: erasePortalData,
  canReadPrivateUpload,
  mediaReferences: [updatePhotoMediaRefs, familyDocumentMediaRefs],
});
