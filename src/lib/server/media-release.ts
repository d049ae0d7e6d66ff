// The releaseMedia hook the server registers: uploads an admin change stopped using are deleted when unused.

/**
 * Given upload URLs that an admin change stopped using (a replaced or deleted photo), deletes those
 * nothing else references.
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
