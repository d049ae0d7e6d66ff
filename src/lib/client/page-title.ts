// The browser's side of page titles: the page's own words, then the breeder's name from her settings
// (the same pageTitle() the server renders into the HTML, so a hydrated page keeps its title).
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { pageTitle } from '../shared/page-head.ts';
import { trpc } from './trpc.ts';

/** The breeder's name from the settings (already in the cache: the root route loads them). */
export function useSiteName(): string | undefined {
  return useQuery(trpc.settings.get.queryOptions()).data?.breederName;
}

/** Sets document.title to "part | … | site name" while the page is shown. */
export function usePageTitle(...parts: string[]) {
  const site = useSiteName();
  const title = pageTitle(site, ...parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
