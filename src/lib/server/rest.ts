// REST route tables: each documented /api path calls the same tRPC procedure through a caller.
import type { AnyRouter } from '@trpc/server';
import type { z } from 'zod';
import type { Context } from './trpc.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RestRequest {
  params: Record<string, string>;
  query: Record<string, string | string[] | undefined>;
  body: unknown;
}

type CallerOf<R extends AnyRouter> = ReturnType<R['createCaller']>;

/**
 * What a client author reads about a path in /api/openapi.json. The schemas are the ones the procedure
 * validates with (body, params, query) and the one its answer is checked against in the contract test.
 */
export interface RestDoc {
  summary: string;
  /** The group the path is listed under. */
  tag: string;
  description?: string;
  /** Who may call it: anyone (default), a signed-in user, or an administrator. */
  access?: 'public' | 'signed-in' | 'admin';
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The JSON answer on success, `csv` for a CSV download, `calendar` for an iCalendar (.ics) file, or `zip` for a zip file. */
  response: z.ZodType | 'csv' | 'calendar' | 'zip';
  /** Statuses a client must handle besides success, 500 and 503 (e.g. 400 for bad input, 404, 429). */
  errors?: number[];
}

export interface RestRoute<R extends AnyRouter> {
  method: HttpMethod;
  url: string;
  /** Status on success; 200 unless given. */
  status?: number;
  /** Largest accepted JSON body in bytes. */
  bodyLimit?: number;
  /** Response headers, for answers that are not JSON (e.g. a CSV download). */
  headers?: Record<string, string>;
  call: (caller: CallerOf<R>, req: RestRequest) => Promise<unknown>;
  /** Where the answer says the resource now lives (an old address): a 301 to it instead of the body. */
  movedTo?: (result: unknown) => string | null;
  doc: RestDoc;
}

export interface RestEndpoint {
  method: HttpMethod;
  url: string;
  status: number;
  bodyLimit?: number;
  headers?: Record<string, string>;
  handle: (ctx: Context, req: RestRequest) => Promise<unknown>;
  movedTo?: (result: unknown) => string | null;
  doc: RestDoc;
}

export function restRoutes<R extends AnyRouter>(router: R, routes: RestRoute<R>[]): RestEndpoint[] {
  return routes.map((r) => ({
    method: r.method,
    url: r.url,
    status: r.status ?? 200,
    bodyLimit: r.bodyLimit,
    headers: r.headers,
    movedTo: r.movedTo,
    doc: r.doc,
    handle: (ctx, req) => r.call(router.createCaller(ctx) as CallerOf<R>, req),
  }));
}

/** One query-string value (the first when repeated); empty means absent. */
export function queryValue(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v ? v : undefined;
}
