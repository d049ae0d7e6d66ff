// Domain errors that services throw, and the one mapping of any error to an HTTP status and JSON body.
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import type { ApiErrorBody } from '../shared/api-error.ts';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './db-errors.ts';

export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_REQUESTS'
  // Told as it is (not the generic 5xx message): a live stream ended by a shutdown, which the client retries.
  | 'SERVICE_UNAVAILABLE';

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly fieldErrors?: FieldErrors;
  constructor(code: AppErrorCode, message: string, fieldErrors?: FieldErrors) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found.`);
export const badRequest = (message: string, fieldErrors?: FieldErrors) => new AppError('BAD_REQUEST', message, fieldErrors);

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';
const INVALID_FIELDS_MESSAGE = 'Please check the highlighted fields.';
export const NUL_MESSAGE = 'The request contains a NUL character, which is not allowed.';
export const FORBIDDEN_KEY_MESSAGE = 'The request contains a key that is not allowed (__proto__ or constructor.prototype).';
export const JSON_ONLY_MESSAGE = 'Send the request body as JSON (Content-Type: application/json).';

export function fieldErrorsOf(error: ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** What Fastify and its plugins throw: a code (FST_…) and usually a status. */
interface FrameworkError {
  code?: string;
  statusCode?: number;
  validation?: unknown;
  message: string;
}

function isFrameworkError(error: unknown): error is FrameworkError {
  if (!(error instanceof Error)) return false;
  const { statusCode, code } = error as FrameworkError;
  return typeof statusCode === 'number' || (typeof code === 'string' && code.startsWith('FST_'));
}

/**
 * The one place that maps an error to an HTTP status and the documented `{ message, fieldErrors? }`
 * body, for every transport: the tRPC error formatter, the REST adapters, the media upload and
 * Fastify's error handler. `internal` says the error is ours (log it); its message is hidden
 * outside development.
 */
export function toApiError(error: unknown, isDev: boolean): { status: number; body: ApiErrorBody; internal: boolean } {
  const internal = (message: string) => ({
    status: 500,
    body: { message: isDev ? message : INTERNAL_MESSAGE },
    internal: true,
  });
  if (isDatabaseUnavailable(error)) return { status: 503, body: { message: DATABASE_UNAVAILABLE_MESSAGE }, internal: false };
  if (error instanceof AppError) {
    const status = getHTTPStatusCodeFromError(new TRPCError({ code: error.code }));
    return { status, body: { message: error.message, fieldErrors: error.fieldErrors }, internal: false };
  }
  if (error instanceof TRPCError) {
    const cause = error.cause;
    if (cause instanceof ZodError) {
      return { status: 400, body: { message: INVALID_FIELDS_MESSAGE, fieldErrors: fieldErrorsOf(cause) }, internal: false };
    }
    if (cause instanceof AppError) return toApiError(cause, isDev);
    const status = getHTTPStatusCodeFromError(error);
    if (status >= 500) return { ...internal(error.message), status };
    return { status, body: { message: error.message }, internal: false };
  }
  if (isFrameworkError(error)) {
    const status = error.statusCode ?? 500;
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return { status: 400, body: { message: 'The request is too large.' }, internal: false };
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return { status: 415, body: { message: JSON_ONLY_MESSAGE }, internal: false };
    }
    if (error.validation || status === 400 || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return { status: 400, body: { message: 'The request body is not valid JSON.' }, internal: false };
    }
    if (status < 500) return { status, body: { message: error.message }, internal: false };
    return internal(error.message);
  }
  return internal(error instanceof Error ? error.message : String(error));
}
