// Every feature's media columns, in one list: the media service keeps an upload while any of them refers to it.
import type { MediaReference } from '../lib/server/media-references.ts';
import { puppyMediaRefs, puppyPhotoMediaRefs } from '../features/puppies/server/puppy.entity.ts';
import { litterMediaRefs } from '../features/dogs/server/litter.entity.ts';
import { dogHealthTestMediaRefs, parentDogMediaRefs, parentDogPhotoMediaRefs } from '../features/dogs/server/parent-dog.entity.ts';
import { galleryImageMediaRefs } from '../features/gallery/server/gallery-image.entity.ts';
import { testimonialMediaRefs } from '../features/testimonials/server/testimonial.entity.ts';
import { siteSettingsMediaRefs } from '../features/settings/server/site-settings.entity.ts';
import { articleAttachmentMediaRefs, articleMediaRefs, legalVersionMediaRefs } from '../features/articles/server/article.entity.ts';
import { familyDocumentMediaRefs, updatePhotoMediaRefs } from '../features/portal/server/portal.entity.ts';
import { newsletterMediaRefs } from '../features/subscribers/server/newsletter.entity.ts';
import { contractMediaRefs } from '../features/contracts/server/contract.entity.ts';
import { messageAttachmentMediaRefs } from '../features/messages/server/message.entity.ts';
import { messageUploadMediaRefs } from '../features/messages/server/message.entity.ts';

export const mediaReferences: readonly MediaReference[] = [
  puppyMediaRefs,
  puppyPhotoMediaRefs,
  litterMediaRefs,
  parentDogMediaRefs,
  parentDogPhotoMediaRefs,
  dogHealthTestMediaRefs,
  galleryImageMediaRefs,
  testimonialMediaRefs,
  siteSettingsMediaRefs,
  articleMediaRefs,
  articleAttachmentMediaRefs,
  legalVersionMediaRefs,
  updatePhotoMediaRefs,
  familyDocumentMediaRefs,
  newsletterMediaRefs,
  contractMediaRefs,
  messageAttachmentMediaRefs,
  messageUploadMediaRefs,
];
