// The public search's limit, without Zod: the list routes read it while the first view loads (their search parsing
// is part of the route tree, in the entry chunk), and the schema checks it on the server.
export const ARTICLE_SEARCH_MAX = 100;
export const ARTICLE_SEARCH_TOO_LONG = `Search for at most ${ARTICLE_SEARCH_MAX} characters.`;
