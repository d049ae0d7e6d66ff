// Work a request starts but does not wait for: it runs on its own entity manager once the caller has its
// answer, so how long it takes (or whether it runs at all) cannot be read from the answer's timing.
import type { EntityManager } from '@mikro-orm/postgresql';

export interface AfterAnswer {
  /** Runs `task` on a fresh entity manager after the current request has answered; failures are logged. */
  run(label: string, task: (em: EntityManager) => Promise<void>): void;
  /** Resolves when every task started so far has finished (tests, and closing the app). */
  idle(): Promise<void>;
}

export function createAfterAnswer(fork: () => EntityManager, log: { warn: (obj: object, msg: string) => void }): AfterAnswer {
  const running = new Set<Promise<void>>();
  return {
    run(label, task) {
      // setImmediate: after the procedure's promise settles and its answer is written, not before.
      const done = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => task(fork()))
        .catch((err: unknown) => log.warn({ err, task: label }, 'work after the answer failed'))
        .finally(() => running.delete(done));
      running.add(done);
    },
    async idle() {
      while (running.size) await Promise.all([...running]);
    },
  };
}
