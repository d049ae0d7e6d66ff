// Contracts' Fastify plugin, registered by the top floor: the retry of seals that wait (for the timestamp server, or
// after a process died half-way through one: its claim expires and the retry takes the contract again).
import fp from 'fastify-plugin';
import { retryWaitingSeals } from './seal.ts';

export const SEAL_RETRY_EVERY_MS = 60_000;

export default fp<{ sealRetryEveryMs?: number }>(
  async (app, opts) => {
    let running = false;
    const run = () => {
      if (running) return;
      running = true;
      retryWaitingSeals(app.orm.em.fork(), app.services)
        .catch((err: unknown) => app.log.warn({ err }, 'retrying the contracts waiting to be sealed failed'))
        .finally(() => (running = false));
    };
    // Once at start (a seal a crash cut short is taken again once its claim has expired), then every minute.
    app.addHook('onReady', async () => run());
    const timer = setInterval(run, opts.sealRetryEveryMs ?? SEAL_RETRY_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'contract-seals', dependencies: ['database'] },
);
