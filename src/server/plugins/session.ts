// Session plugin: resolves the signed-in user from the session cookie (accounts issue fills this in).
import fp from 'fastify-plugin';

export default fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
  },
  { name: 'session', dependencies: ['database'] },
);
