// What the server-rendered page and the browser agree on.

/** A procedure called in-process while the server renders a page (path such as 'puppies.featured'). */
export type InProcessCall = (path: string, input: unknown) => Promise<unknown>;

/** The id of the JSON data block carrying the server's query cache (a data block: never run, so the CSP has nothing to allow). */
export const SSR_STATE_ID = 'ssr-state';

/** Public pages rendered on the server; sign-in and the account render in the browser, the dashboard's sections too (its chrome: isDashboard). */
export const isServerRendered = (pathname: string) => !/^\/(admin|auth|account|newsletter|unsubscribe)(\/|$)/.test(pathname);

/**
 * The dashboard's addresses. For an admin the server renders its chrome (header and section links) too, so
 * the keyboard has real links from the first paint; the section itself is drawn in the browser (decision 126).
 */
export const isDashboard = (pathname: string) => /^\/admin(\/|$)/.test(pathname);

/** JSON safe inside a <script> element: nothing in it can close the element or open a comment. */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
