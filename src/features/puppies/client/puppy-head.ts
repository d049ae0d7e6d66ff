// The head of a shared puppy link (/?puppy=<id>): the puppy's name, a line about it and its photo, so the
// link preview a family sends shows that puppy. The home page's loader has the puppies in the cache.
import { trpc } from '../../../lib/client/trpc.ts';
import { clip, type ServedHead } from '../../../lib/shared/page-head.ts';
import type { HeadTools } from '../../../lib/client/route-head.ts';

/** Null for an unknown or sold puppy: the link was shared in good faith, and opens the home page. */
export function sharedPuppyHead({ data, title }: HeadTools, puppyId: number | undefined): ServedHead | null {
  const puppy = puppyId ? data(trpc.puppies.featured.queryKey())?.find((p) => p.id === puppyId) : undefined;
  if (!puppy) return null;
  const what = `${puppy.gender === 'male' ? 'Male' : 'Female'} ${puppy.color.toLowerCase()} mini Goldendoodle puppy`;
  return {
    title: title(`${puppy.name}: ${what}`),
    description: clip(puppy.description ? `${what}. ${puppy.description}` : `${what}, raised in our family home.`),
    image: puppy.imageUrl,
    canonicalPath: `/?puppy=${puppy.id}`,
  };
}
