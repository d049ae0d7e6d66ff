// The dog registry's procedures for the DogPicker: a dog's sire and dam, a litter's mother and father, a planned
// pairing.
import { trpc, trpcClient } from '../../../../lib/client/trpc.ts';

export const dogRegistry = {
  search: (input: { search: string; gender: 'male' | 'female'; exclude?: number }) => trpc.admin.parents.search.queryOptions(input),
  addAncestor: (input: { name: string; gender: 'male' | 'female' }) => trpcClient.admin.parents.createAncestor.mutate(input),
};
