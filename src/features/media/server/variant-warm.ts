// Background variants (decision 092): after a photo upload, the variants pages ask for first are rendered one at a time, off the request.
import { qualityForWidth } from '../../../lib/shared/format.ts';
import { MediaGoneError } from './media-store.ts';
import type { MediaMeta, VariantQuery } from './variant-naming.ts';

/**
 * The variants pages ask for first, rendered in the background right after a photo is uploaded (warm),
 * with the quality imageUrl() gives each width: the admin's preview (MediaField, w=320) first, the blurred
 * placeholder every ResponsiveImage shows (w=40 q=30), the admin lists' thumbnails (w=160), then the widths
 * the public srcsets offer for the site's 280–800 px boxes at 1x and 2x (the lightbox's w=800 q=80 among them).
 */
export const WARM_VARIANTS: ReadonlyArray<{ width: number; quality: number }> = [
  { width: 320, quality: qualityForWidth(320) },
  { width: 40, quality: 30 },
  ...[160, 480, 640, 800, 1024].map((width) => ({ width, quality: qualityForWidth(width) })),
];
/** Current browsers take AVIF; then WebP for the few that stop there, and the original's own format for the rest. */
export const WARM_ACCEPTS = ['image/avif,image/webp,*/*', 'image/webp,*/*', '*/*'] as const;

/** Where background failures are reported (the media plugin may hand over the app's logger). */
export interface VariantsLog {
  warn(obj: object, msg: string): void;
}

/** Without the app's logger: one JSON line on stderr, shaped like the app's own (pino) warnings. */
export const stderrLog: VariantsLog = {
  warn(obj, msg) {
    const { err, ...rest } = obj as { err?: unknown };
    const error = err instanceof Error ? { type: err.name, message: err.message, stack: err.stack } : err;
    process.stderr.write(
      `${JSON.stringify({ level: 40, time: Date.now(), pid: process.pid, ...rest, ...(err === undefined ? {} : { err: error }), msg })}\n`,
    );
  },
};

/** One uploaded photo whose common variants are waiting to be rendered (or being rendered). */
interface WarmJob {
  meta: MediaMeta;
  cancelled: boolean;
  running: Promise<unknown> | null;
}

/** Renders a variant the way a request would (joining a render already under way). */
type Resolve = (meta: MediaMeta, query: VariantQuery, accept: string) => Promise<unknown>;

/** Photos waiting for their common variants, rendered one at a time; failures are reported, never thrown. */
export class WarmQueue {
  private readonly queue: WarmJob[] = [];
  private current: WarmJob | null = null;
  private draining: Promise<void> | null = null;
  private stopped = false;
  private readonly resolve: Resolve;
  private readonly report: VariantsLog['warn'];

  constructor(resolve: Resolve, report: VariantsLog['warn']) {
    this.resolve = resolve;
    this.report = report;
  }

  /** Queues a photo's WARM_VARIANTS in every WARM_ACCEPTS format and returns at once. */
  add(meta: MediaMeta): void {
    if (this.stopped) return;
    this.queue.push({ meta, cancelled: false, running: null });
    this.draining ??= this.drain();
  }

  /** Settles when no background work is left (what tests await instead of waiting for a while). */
  idle(): Promise<void> {
    return this.draining ?? Promise.resolve();
  }

  /** Drops an id's queued work and waits for its render in progress, so nothing of it is written afterwards. */
  async cancel(id: string): Promise<void> {
    for (const job of this.queue) if (job.meta.id === id) job.cancelled = true;
    if (this.current?.meta.id === id) {
      this.current.cancelled = true;
      await this.current.running?.catch(() => {});
    }
  }

  /** Stops for good: the queue is emptied and the render in progress finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.queue.length = 0;
    await this.current?.running?.catch(() => {});
  }

  private async drain(): Promise<void> {
    // Lets add() store this promise before the loop can finish and clear it.
    await Promise.resolve();
    for (let job = this.queue.shift(); job; job = this.queue.shift()) {
      this.current = job;
      await this.warmOne(job);
      this.current = null;
    }
    // Synchronously after the queue was found empty: the next add() starts a new drain.
    this.draining = null;
  }

  private async warmOne(job: WarmJob): Promise<void> {
    for (const accept of WARM_ACCEPTS) {
      for (const { width, quality } of WARM_VARIANTS) {
        if (job.cancelled || this.stopped) return;
        const running = this.resolve(job.meta, { width, quality }, accept);
        job.running = running;
        try {
          await running;
        } catch (err) {
          // A photo deleted meanwhile is no failure; anything else is logged, and its other variants skipped.
          if (!(err instanceof MediaGoneError)) {
            this.report({ err, mediaId: job.meta.id, width, accept }, 'rendering a variant in the background failed');
          }
          return;
        } finally {
          job.running = null;
        }
      }
    }
  }
}
