// SQL helpers shared by the admin services.

/** Escapes SQL LIKE wildcards so a search for "50%" finds exactly that. */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
