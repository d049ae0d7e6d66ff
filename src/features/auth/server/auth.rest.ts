import { restRoutes } from '../../../lib/server/rest.ts';
import { AppError } from '../../../lib/server/errors.ts';
import { AUTH_MESSAGES } from '../auth.schema.ts';
import { authRouter } from './auth.router.ts';

export const authRest = restRoutes(authRouter, [
  {
    method: 'GET',
    url: '/api/user',
    call: async (c) => {
      const user = await c.me();
      if (!user) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.notSignedIn);
      return user;
    },
  },
  { method: 'POST', url: '/api/register', status: 201, bodyLimit: 4096, call: (c, { body }) => c.register(body as never) },
  { method: 'POST', url: '/api/login', bodyLimit: 4096, call: (c, { body }) => c.login(body as never) },
  { method: 'POST', url: '/api/logout', call: (c) => c.logout() },
]);
