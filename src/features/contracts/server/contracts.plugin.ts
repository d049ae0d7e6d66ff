// Contracts' Fastify plugin, registered by the top floor: the retry of seals waiting for the timestamp server.
import fp from 'fastify-plugin';
import { retryWaitingSeals } from './contracts.admin-service.ts';

export const SEAL_RETRY_EVERY_MS = 60_000;

export default fp<{ sealRetryEveryMs?: number }>(
  async (app, opts) => {
    // Nothing can wait without a timestamp server (sealing never waits then), so no timer either.
    if (!app.services.env.contractTsaUrl) return;
    let running = false;
    const run = () => {
      if (running) return;
      running = true;
      retryWaitingSeals(app.orm.em.fork(), app.services)
        .catch((err: unknown) => app.log.warn({ err }, 'retrying the contracts waiting for the timestamp server failed'))
        .finally(() => (running = false));
    };
    const timer = setInterval(run, opts.sealRetryEveryMs ?? SEAL_RETRY_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'contract-seals', dependencies: ['database'] },
);
