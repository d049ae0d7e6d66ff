// The pedigree a family-tree page shows, in its own module: the route's loader asks for it, and importing it from
// the page's component would put the whole page in the first chunk every visitor downloads.
import { trpc } from '../../../lib/client/trpc.ts';
import { PEDIGREE_MAX_GENERATIONS } from '../../../lib/shared/pedigree-limits.ts';

/** The pedigree the page shows: five generations, three open at first. */
export const pedigreeQuery = (id: number) => trpc.parents.pedigree.queryOptions({ id, generations: PEDIGREE_MAX_GENERATIONS });
