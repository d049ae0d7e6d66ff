import { describe, expect, it } from 'vitest';
import { headFor, NOT_FOUND_HEAD } from '../../server/head-tags.ts';
import { pageHeadFor } from './page-head.ts';

const PATHS = ['/', '/blog', '/blog/first-post', '/auth', '/questionnaire', '/family-tree', '/family-tree/12', '/resources', '/resources/3', '/unsubscribe', '/privacy-policy', '/terms-of-service', '/admin', '/admin/puppies', '/nope', '/blog/a/b'];

describe('page titles in the browser', () => {
  it.each(PATHS)('match what the server renders for %s', (path) => {
    expect(pageHeadFor(path)).toEqual(headFor(path) ?? NOT_FOUND_HEAD);
  });
});
