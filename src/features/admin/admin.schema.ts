// Shapes every admin list shares (pages of 50 with a total), and the user-management inputs.
import { z } from 'zod';
import { NewPasswordSchema } from '../auth/auth.schema.ts';

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
  total: number;
  page: number;
  pageSize: number;
}

export const pageCount = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));

/** Escapes SQL LIKE wildcards so a search for "50%" finds exactly that. */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// Users (the accounts feature owns the User entity; these are the admin's inputs).

export interface AdminUserDto {
  id: number;
  username: string;
  isAdmin: boolean;
  createdAt: string;
}

export const SetAdminSchema = z.object({
  id: z.number().int().positive(),
  isAdmin: z.boolean(),
});

/** A new password set by an administrator: the same rules as registration. */
export const ResetPasswordSchema = z.object({
  id: z.number().int().positive(),
  password: NewPasswordSchema,
});
export type ResetPasswordInput = z.input<typeof ResetPasswordSchema>;

export const LAST_ADMIN_MESSAGE = 'This is the last administrator. Make another user an administrator first.';

/**
 * The hook the server may register as ctx.services.releaseMedia: given upload URLs that an admin
 * change stopped using (a replaced or deleted photo), it deletes those nothing else references.
 */
export type ReleaseMedia = (urls: Array<string | null | undefined>) => Promise<void>;

/** Calls the releaseMedia hook when the server registered one; a failure never undoes the admin's save. */
export async function releaseMedia(services: Record<string, unknown>, urls: Array<string | null | undefined>): Promise<void> {
  const hook = services.releaseMedia as ReleaseMedia | undefined;
  const released = urls.filter((u): u is string => typeof u === 'string' && u.startsWith('/uploads/'));
  if (!hook || released.length === 0) return;
  try {
    await hook(released);
  } catch {
    // Left-over uploads cost only space; the hook logs its own failures.
  }
}

/**
 * Spreadsheet formula injection: a cell starting with = + - @ (or a tab or carriage return) is run
 * as a formula by Excel and LibreOffice. A leading apostrophe makes it plain text.
 */
export function escapeCsvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One query-string value (the first when repeated); empty means absent. */
export function queryValue(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v ? v : undefined;
}

export const csvHeaders = (filename: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${filename}"`,
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
});
