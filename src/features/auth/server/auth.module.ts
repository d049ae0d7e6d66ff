// The auth feature's face to the app (decision 146): accounts, sessions, the users list.
import { defineFeature } from '../../../lib/server/feature-module.ts';
import { Session, User } from './user.entity.ts';
import { AccountErasure } from './account-erasure.entity.ts';
import { authRouter } from './auth.router.ts';
import { usersAdminRouter } from './users.admin-router.ts';
import { authRest } from './auth.rest.ts';
import { authJobs } from './auth.jobs.ts';

export const authModule = defineFeature({
  name: 'auth',
  entities: [User, Session, AccountErasure],
  routers: { auth: authRouter },
  adminRouters: { users: usersAdminRouter },
  rest: authRest,
  jobs: authJobs,
});
