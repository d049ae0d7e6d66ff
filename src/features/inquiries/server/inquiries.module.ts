// The inquiries feature's face to the app (decision 146).
import { defineFeature } from '../../../lib/server/feature-module.ts';
import { Inquiry } from './inquiry.entity.ts';
import { inquiriesRouter } from './inquiries.router.ts';
import { inquiriesAdminRouter } from './inquiries.admin-router.ts';
import { inquiriesRest } from './inquiries.rest.ts';
import { inquiriesAdminRest } from './inquiries.admin-rest.ts';
import { inquiriesToday } from './inquiries.today.ts';

export const inquiriesModule = defineFeature({
  name: 'inquiries',
  entities: [Inquiry],
  routers: { inquiries: inquiriesRouter },
  adminRouters: { inquiries: inquiriesAdminRouter },
  rest: [...inquiriesRest, ...inquiriesAdminRest],
  today: { name: 'inquiries', source: inquiriesToday },
});
