// Admin lists: pages of 50 with a total, an id input, and a free-text search. Isomorphic.
import { z } from 'zod';

export const PAGE_SIZE = 50;

export const IdInputSchema = z.object({ id: z.number().int().positive() });

/** What a list says of a cursor it cannot read: forged, garbled, or from a list whose order has changed. */
export const CURSOR_INVALID = 'That page link is no longer valid. Go back to the first page of the list.';

/**
 * The page after a row (keyset pagination, issue 35): an opaque base64url token the server handed out as a page's
 * `nextCursor` (the last row's sort key and id). Checked here for its form; the server decodes it against the list's
 * order (`lib/server/keyset.ts`) and answers 400 with CURSOR_INVALID when it does not fit.
 */
export const CursorSchema = z
  .string(CURSOR_INVALID)
  .max(600, CURSOR_INVALID)
  .regex(/^[A-Za-z0-9_-]+$/, CURSOR_INVALID);

/**
 * A page of an admin list: 1-based page number, an optional free-text search, and optionally `after`, the
 * `nextCursor` of the page before it: then the rows are read after that row (keyset) instead of skipping
 * `(page - 1) × 50` rows, and `page` only says which page number this is (for the pager and the count).
 */
export const PageInputSchema = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  after: CursorSchema.optional(),
  search: z
    .string()
    .trim()
    .max(100, 'Search must be at most 100 characters.')
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type PageInput = z.input<typeof PageInputSchema>;

export interface Page<T> {
  items: T[];
  /** Exact below `totalCapped`; past it, the count stopped there (ten pages past the current one): "550+". */
  total: number;
  page: number;
  pageSize: number;
  /** Whether `total` is where counting stopped rather than the whole count (large lists, issue 35). */
  totalCapped?: boolean;
  /** The cursor of the page after this one (pass it as `after`), or null on the last page. Lists in a stable order. */
  nextCursor?: string | null;
}

/** Counting a list stops this many pages past the page shown: the pager reaches that far, the total says "+". */
export const COUNT_PAGES_AHEAD = 10;
export const countCap = (page: number) => (page + COUNT_PAGES_AHEAD) * PAGE_SIZE;

export const pageCount = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));
