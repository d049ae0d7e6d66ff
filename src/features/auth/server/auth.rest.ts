import { z } from 'zod';
import { restRoutes } from '../../../lib/server/rest.ts';
import { AppError } from '../../../lib/server/errors.ts';
import { OkSchema } from '../../../lib/shared/api-error.ts';
import { AUTH_MESSAGES, LoginSchema, RegisterSchema, type AuthUser } from '../auth.schema.ts';
import { authRouter } from './auth.router.ts';

/** The signed-in user as every client sees it. */
export const UserResponseSchema = z
  .strictObject({
    id: z.number().int(),
    username: z.string(),
    isAdmin: z.boolean(),
    displayName: z.string().nullable().optional(),
  })
  .meta({ id: 'User' }) satisfies z.ZodType<AuthUser>;

export const authRest = restRoutes(authRouter, [
  {
    method: 'GET',
    url: '/api/user',
    call: async (c) => {
      const user = await c.me();
      if (!user) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.notSignedIn);
      return user;
    },
    doc: {
      tag: 'Accounts',
      summary: 'The signed-in user (401 when nobody is signed in)',
      access: 'signed-in',
      response: UserResponseSchema,
      errors: [401],
    },
  },
  {
    method: 'POST',
    url: '/api/register',
    status: 201,
    bodyLimit: 4096,
    call: (c, { body }) => c.register(body as never),
    doc: {
      tag: 'Accounts',
      summary: 'Create a family account and sign in (sets the session cookie)',
      body: RegisterSchema,
      response: UserResponseSchema,
      errors: [400, 409, 429],
    },
  },
  {
    method: 'POST',
    url: '/api/login',
    bodyLimit: 4096,
    call: (c, { body }) => c.login(body as never),
    doc: {
      tag: 'Accounts',
      summary: 'Sign in (sets the session cookie)',
      body: LoginSchema,
      response: UserResponseSchema,
      errors: [400, 401, 429],
    },
  },
  {
    method: 'POST',
    url: '/api/logout',
    call: (c) => c.logout(),
    doc: { tag: 'Accounts', summary: 'Sign out (ends the session)', response: OkSchema },
  },
]);
