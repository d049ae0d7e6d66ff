// Small helpers every dashboard screen shares: toasts, cache invalidation, zod form validation, server field errors.
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { schemaResolver } from '@mantine/form';
import { errorMessage, fieldErrorsOf } from '../trpc.ts';

export function notifySaved(title: string, message?: string) {
  notifications.show({ color: 'green', title, message: message ?? 'Your changes are saved.' });
}

export function notifyFailed(title: string, error: unknown, fallback = 'Please try again.') {
  notifications.show({ color: 'red', title, message: errorMessage(error, fallback) });
}

/** A public tRPC namespace whose queries an admin change can affect (tRPC keys start with [path]). */
export type PublicArea = string;

/**
 * After an admin change: every admin query and the named public queries are refetched (at once when
 * on screen, otherwise on next use), so the public site shows the change without waiting 5 minutes.
 */
export function useInvalidate() {
  const queryClient = useQueryClient();
  return useCallback(
    (...areas: PublicArea[]) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [['admin']] }),
        ...areas.map((area) => queryClient.invalidateQueries({ queryKey: [[area]] })),
      ]),
    [queryClient],
  );
}

/**
 * A @mantine/form validator from the shared zod schema: the form's values are first turned into the
 * procedure's input (empty strings to null, select strings to numbers), so browser and server agree.
 */
export function zodValidate<V>(schema: Parameters<typeof schemaResolver>[0], toInput: (values: V) => unknown) {
  const resolve = schemaResolver(schema, { sync: true });
  return (values: V) => resolve(toInput(values));
}

interface FormLike {
  setErrors: (errors: Record<string, string>) => void;
}

/** Shows the server's field messages under the fields; answers whether there were any. */
export function applyServerErrors(form: FormLike, error: unknown): boolean {
  const fieldErrors = fieldErrorsOf(error);
  if (!fieldErrors || Object.keys(fieldErrors).length === 0) return false;
  form.setErrors(Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, v[0] ?? 'Invalid value.'])));
  return true;
}

export const emptyToNull = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
export const numberOrNull = (v: number | string | null | undefined) =>
  v === '' || v === null || v === undefined || Number.isNaN(Number(v)) ? null : Number(v);

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** For form.onSubmit's failure callback: brings the first field with a message into view and focus. */
export function focusFirstInvalid(_errors: unknown, _values: unknown, event?: { currentTarget: EventTarget | null }) {
  const form = event?.currentTarget as HTMLElement | null | undefined;
  requestAnimationFrame(() => {
    const field = (form ?? document).querySelector<HTMLElement>('[aria-invalid="true"]');
    field?.focus();
    field?.scrollIntoView({ block: 'center' });
  });
}

/** An export link for the list's current search and filters. */
export function csvLink(path: string, params: Record<string, string | null | undefined>): string {
  const qs = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => !!e[1])).toString();
  return qs ? `${path}?${qs}` : path;
}
