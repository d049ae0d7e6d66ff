// Every REST route table, in one list the rest plugin registers.
import type { RestEndpoint } from '../lib/server/rest.ts';
import { puppiesRest } from '../features/puppies/server/puppies.rest.ts';
import { littersRest } from '../features/dogs/server/litters.rest.ts';
import { parentsRest } from '../features/dogs/server/parents.rest.ts';
import { galleryRest } from '../features/gallery/server/gallery.rest.ts';
import { testimonialsRest } from '../features/testimonials/server/testimonials.rest.ts';
import { inquiriesRest } from '../features/inquiries/server/inquiries.rest.ts';
import { subscribersRest } from '../features/subscribers/server/subscribers.rest.ts';
import { settingsRest } from '../features/settings/server/settings.rest.ts';
import { inquiriesAdminRest } from '../features/inquiries/server/inquiries.admin-rest.ts';
import { subscribersAdminRest } from '../features/subscribers/server/subscribers.admin-rest.ts';
import { articlesRest } from '../features/articles/server/articles.rest.ts';
import { articlesAdminRest } from '../features/articles/server/articles.admin-rest.ts';
import { authRest } from '../features/auth/server/auth.rest.ts';
import { applicationsRest } from '../features/applications/server/applications.rest.ts';
import { applicationsAdminRest } from '../features/applications/server/applications.admin-rest.ts';
import { paymentsAdminRest, paymentsRest } from '../features/payments/server/payments.rest.ts';
import { healthRest } from '../features/health/server/health.rest.ts';
import { visitsRest } from '../features/visits/server/visits.rest.ts';
import { contractsRest } from '../features/contracts/server/contracts.rest.ts';
import { messagesRest } from '../features/messages/server/messages.rest.ts';

export const restEndpoints: RestEndpoint[] = [
  ...puppiesRest,
  ...littersRest,
  ...parentsRest,
  ...galleryRest,
  ...testimonialsRest,
  ...inquiriesRest,
  ...subscribersRest,
  ...settingsRest,
  ...inquiriesAdminRest,
  ...subscribersAdminRest,
  ...authRest,
  ...articlesRest,
  ...articlesAdminRest,
  ...applicationsRest,
  ...applicationsAdminRest,
  ...paymentsRest,
  ...paymentsAdminRest,
  ...healthRest,
  ...visitsRest,
  ...contractsRest,
  ...messagesRest,
];
