// The dog registry's procedures for the shared DogPicker (lib/client/admin): this feature's forms use it, and
// the top floor hands it to other features' forms (a litter's mother and father).
import { trpc, trpcClient } from '../../../../lib/client/trpc.ts';

export const dogRegistry = {
  search: (input: { search: string; gender: 'male' | 'female'; exclude?: number }) => trpc.admin.parents.search.queryOptions(input),
  addAncestor: (input: { name: string; gender: 'male' | 'female' }) => trpcClient.admin.parents.createAncestor.mutate(input),
};

