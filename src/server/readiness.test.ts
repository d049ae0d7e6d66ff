// The readiness check's own rules: probes that arrive together share one look at the database, and a
// look that does not answer is a "no" within the bound. (Busy pools and outages: db-outage.test.ts.)
import { stat } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharedCheck } from './readiness.ts';

describe('readiness check', () => {
  it('probes that arrive while a look is under way share it; the next probe looks again', async () => {
    let looks = 0;
    let answer!: () => void;
    // Started from the loop's check phase: the next turn begins with its timers, and the bound has passed by then.
    await new Promise((resolve) => setImmediate(resolve));
    const check = sharedCheck(
      () =>
        new Promise<void>((resolve) => {
          looks++;
          answer = resolve;
        }),
      1000,
    );
    const together = Array.from({ length: 20 }, () => check());
    expect(looks).toBe(1);
    answer();
    expect(await Promise.all(together)).toEqual(together.map(() => true));
    const later = check();
    expect(looks).toBe(2);
    answer();
    expect(await later).toBe(true);
  });

  it('an answer that arrived while the event loop was busy past the bound still counts', async () => {
    // The answer completes on libuv's thread pool while this thread is blocked; when the loop turns again its
    // timers come first, before the poll phase delivers the answer (as a socket's data would be).
    // Started from the loop's check phase: the next turn begins with its timers, and the bound has passed by then.
    await new Promise((resolve) => setImmediate(resolve));
    const check = sharedCheck(() => new Promise<void>((resolve) => stat(import.meta.filename, () => resolve())), 50);
    const answer = check();
    const until = performance.now() + 200;
    while (performance.now() < until);
    expect(await answer).toBe(true);
  });

  it('a look that fails or does not answer within the bound is a no, and is not kept', async () => {
    let fail = true;
    const failing = sharedCheck(async () => {
      if (fail) throw new Error('connection refused');
    }, 1000);
    expect(await failing()).toBe(false);
    fail = false;
    expect(await failing()).toBe(true);

    const hanging = sharedCheck(() => new Promise<void>(() => {}), 100);
    const started = performance.now();
    expect(await Promise.all([hanging(), hanging()])).toEqual([false, false]);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
