// What the article routes' loaders need: telling "no such article" apart from a failure.

/** A tRPC NOT_FOUND, whether from the browser's client (data.code) or an in-process call (code). */
export function isNotFoundError(error: unknown): boolean {
  const e = error as { code?: unknown; data?: { code?: unknown } } | null;
  return e?.data?.code === 'NOT_FOUND' || e?.code === 'NOT_FOUND';
}
