// Admin lists: pages of 50 with a total, an id input, and a free-text search. Isomorphic.
import { z } from 'zod';

export const PAGE_SIZE = 50;

export const IdInputSchema = z.object({ id: z.number().int().positive() });

/** A page of an admin list: 1-based page number and an optional free-text search. */
export const PageInputSchema = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
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
}

/** Counting a list stops this many pages past the page shown: the pager reaches that far, the total says "+". */
export const COUNT_PAGES_AHEAD = 10;
export const countCap = (page: number) => (page + COUNT_PAGES_AHEAD) * PAGE_SIZE;

export const pageCount = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));
