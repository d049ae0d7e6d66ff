// The legal pages' search parameter, apart from the page itself: the route validates it before the page's code loads.

/** `?version=<id>`: an earlier version; anything else is the current one. */
export function parseLegalSearch(search: Record<string, unknown>): { version?: number } {
  const v = Number(search.version);
  return Number.isSafeInteger(v) && v > 0 ? { version: v } : {};
}
