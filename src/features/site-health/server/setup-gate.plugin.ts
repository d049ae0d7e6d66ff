// The /setup page's door (issue 48): without the one-time token it does not exist (404), once used it is gone (410);
// on a site with no admin, the start logs the one line with the setup address.
import fp from 'fastify-plugin';
import { openSetupLink, setupTokenStatus } from './setup-token.ts';
import { mergeState } from './site-state.ts';

const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head>` +
  `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:5rem auto;padding:0 1rem"><main><h1>${title}</h1><p>${text}</p></main></body></html>`;

export default fp(
  async (app) => {
    const { appOrigin } = app.services.env.site;
    app.addHook('onReady', async () => {
      const em = app.orm.em.fork();
      try {
        // Today's go-live list asks whether the site is on its domain: the origin it was started with.
        await mergeState(em, 'origin', { origin: appOrigin });
        const link = await openSetupLink(em, appOrigin);
        if (link) app.log.warn({ setupUrl: link }, `No admin yet: set up the site at ${link}`);
      } catch (err) {
        app.log.warn({ err }, 'the setup link could not be prepared');
      }
    });

    // The open page carries the token in its address: no cache keeps it (the page renderer says no-cache otherwise).
    app.addHook('onSend', async (request, reply, payload) => {
      if (/^\/setup\/?(\?|$)/.test(request.url)) reply.header('Cache-Control', 'no-store');
      return payload;
    });

    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const [pathname, search = ''] = request.url.split('?');
      if (pathname !== '/setup' && pathname !== '/setup/') return;
      const token = new URLSearchParams(search).get('token') ?? undefined;
      const status = await setupTokenStatus(app.orm.em.fork(), token);
      reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
      if (status === 'used')
        return reply
          .code(410)
          .type('text/html; charset=utf-8')
          .send(
            page('This setup link has been used', 'The site is set up. <a href="/auth">Sign in</a> with the admin account made with it.'),
          );
      if (status === 'invalid')
        return reply.code(404).type('text/html; charset=utf-8').send(page('Page not found', '<a href="/">Back to home</a>'));
      // Open: the page itself is rendered like any other (src/client/routes/setup.tsx).
    });
  },
  { name: 'setup-gate', dependencies: ['database'] },
);
