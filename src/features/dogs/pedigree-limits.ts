// How many generations a pedigree shows: a plain constant, so the pages that only ask for a pedigree do not load
// the validation library with the schemas that enforce it.
export const PEDIGREE_MAX_GENERATIONS = 5;
