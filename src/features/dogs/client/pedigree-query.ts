// The pedigree a family-tree page shows (and the heads of the family-tree pages), in its own module: the route's loader asks for it, and importing it from
// the page's component would put the whole page in the first chunk every visitor downloads.
import { trpc } from '../../../lib/client/trpc.ts';
import { PEDIGREE_MAX_GENERATIONS } from '../pedigree-limits.ts';
import { clip, type ServedHead } from '../../../lib/shared/page-head.ts';
import type { HeadTools } from '../../../lib/client/route-head.ts';

/** The pedigree the page shows: five generations, three open at first. */
export const pedigreeQuery = (id: number) => trpc.parents.pedigree.queryOptions({ id, generations: PEDIGREE_MAX_GENERATIONS });

const TREE_DESCRIPTION = 'The pedigree of our parent dogs and puppies.';

export const familyTreeHead = ({ title }: HeadTools): ServedHead => ({ title: title('Family Tree'), description: TREE_DESCRIPTION });

/** A dog's family tree names the dog and shares its photo (the loader has the pedigree in the cache). */
export function dogTreeHead(tools: HeadTools, id: number): ServedHead {
  const dog = tools.data(pedigreeQuery(id).queryKey);
  if (!dog) return familyTreeHead(tools);
  const description = tools.data(trpc.parents.featured.queryKey())?.find((d) => d.id === id)?.description;
  return {
    title: tools.title(`${dog.name}'s Family Tree`),
    description: clip(description || TREE_DESCRIPTION),
    image: dog.imageUrl,
    jsonLd: [
      tools.breadcrumbs([
        ['Family Tree', '/family-tree'],
        [dog.name, `/family-tree/${dog.id}`],
      ]),
    ],
  };
}
