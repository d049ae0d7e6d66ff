// Production request logging that costs no throughput: errors, slow requests, a sample, and a periodic summary.
import fp from 'fastify-plugin';

export interface AccessLogOptions {
  /** Requests at least this slow (ms) are logged at warn; 0 logs none for slowness. */
  slowMs: number;
  /** Share (0–1) of the remaining requests logged at info. */
  sample: number;
  /** Seconds between summaries at info; 0 turns them off. */
  summarySeconds: number;
}

/** Durations kept per summary interval; beyond it a uniform reservoir sample keeps percentiles honest. */
const RESERVOIR = 4096;

/**
 * Replaces Fastify's two info lines per request (turned off by buildApp's logController): at thousands of
 * requests a second, writing them costs more than serving many responses. Kept: every 5xx (error),
 * every slow request (warn), `sample` of the rest (info), and one summary line per interval with
 * counts by status class and p50/p99/max latency. A sample of 1 keeps Fastify's own lines instead.
 */
export default fp<AccessLogOptions>(
  async (app, { slowMs, sample, summarySeconds }) => {
    let count = 0;
    const classes = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
    const durations = new Float64Array(RESERVOIR);
    let max = 0;

    app.addHook('onResponse', async (request, reply) => {
      const ms = reply.elapsedTime;
      const status = reply.statusCode;
      count++;
      const cls = status >= 500 ? '5xx' : status >= 400 ? '4xx' : status >= 300 ? '3xx' : '2xx';
      classes[cls]++;
      if (ms > max) max = ms;
      if (count <= RESERVOIR) durations[count - 1] = ms;
      else {
        const slot = Math.floor(Math.random() * count);
        if (slot < RESERVOIR) durations[slot] = ms;
      }
      const line = { method: request.method, url: request.url, statusCode: status, ms: Math.round(ms * 10) / 10 };
      if (status >= 500) request.log.error(line, 'request answered with a server error');
      else if (slowMs > 0 && ms >= slowMs) request.log.warn(line, 'slow request');
      else if (sample > 0 && sample < 1 && Math.random() < sample) request.log.info(line, 'request');
    });

    if (summarySeconds > 0) {
      const timer = setInterval(() => {
        if (count === 0) return;
        const kept = durations.slice(0, Math.min(count, RESERVOIR)).sort();
        const at = (q: number) => Math.round(kept[Math.min(kept.length - 1, Math.floor(q * kept.length))]! * 10) / 10;
        app.log.info(
          { requests: count, ...classes, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: Math.round(max * 10) / 10, seconds: summarySeconds },
          'requests summary',
        );
        count = 0;
        max = 0;
        for (const k of Object.keys(classes) as (keyof typeof classes)[]) classes[k] = 0;
      }, summarySeconds * 1000);
      timer.unref();
      app.addHook('onClose', async () => clearInterval(timer));
    }
  },
  { name: 'access-log' },
);
