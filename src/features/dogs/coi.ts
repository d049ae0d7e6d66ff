// Wright's coefficient of inbreeding from a stored pedigree: every path through every common ancestor, each
// weighted by that ancestor's own inbreeding, within a stated number of generations.

/** One dog of a pedigree: its parents' ids, or null where unknown. */
export interface PedigreeLink {
  sireId: number | null;
  damId: number | null;
}
export type PedigreeLinks = ReadonlyMap<number, PedigreeLink>;

export const COI_DEFAULT_GENERATIONS = 5;

/** Every line of ancestors from `start` (itself first) up to `depth` generations above it. */
function pathsFrom(start: number, depth: number, links: PedigreeLinks): number[][] {
  const out: number[][] = [];
  const walk = (path: number[]) => {
    out.push(path);
    if (path.length - 1 >= depth) return;
    const link = links.get(path[path.length - 1]!);
    for (const parent of [link?.sireId, link?.damId]) {
      // A stored cycle would never end; the registry refuses them, this guards the walk anyway.
      if (parent != null && !path.includes(parent)) walk([...path, parent]);
    }
  };
  walk([start]);
  return out;
}

/**
 * The inbreeding of the offspring of `sireId` × `damId`, over `generations` generations of that offspring's
 * ancestry (its parents are generation 1). F = Σ (1/2)^(n1+n2+1) (1 + F_A) over every pair of paths from the
 * sire and from the dam that meet at a common ancestor A and share no other dog; F_A over what remains of the
 * window above A.
 */
export function coiOfPairing(
  sireId: number | null,
  damId: number | null,
  links: PedigreeLinks,
  generations = COI_DEFAULT_GENERATIONS,
  memo = new Map<string, number>(),
): number {
  if (sireId == null || damId == null || generations < 1) return 0;
  const key = `${sireId}:${damId}:${generations}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const fromSire = pathsFrom(sireId, generations - 1, links);
  const fromDam = pathsFrom(damId, generations - 1, links);
  let f = 0;
  for (const a of fromSire) {
    const ancestor = a[a.length - 1]!;
    const onA = new Set(a);
    for (const b of fromDam) {
      if (b[b.length - 1] !== ancestor) continue;
      if (b.slice(0, -1).some((id) => onA.has(id))) continue;
      const n1 = a.length - 1;
      const n2 = b.length - 1;
      // A sits max(n1, n2) + 1 generations above the offspring; its own ancestry has the rest of the window.
      const above = generations - (Math.max(n1, n2) + 1);
      const link = links.get(ancestor);
      const fa = link ? coiOfPairing(link.sireId, link.damId, links, above, memo) : 0;
      f += 0.5 ** (n1 + n2 + 1) * (1 + fa);
    }
  }
  memo.set(key, f);
  return f;
}

/** A dog's own inbreeding: that of its parents' pairing. */
export function coiOf(dogId: number, links: PedigreeLinks, generations = COI_DEFAULT_GENERATIONS): number {
  const link = links.get(dogId);
  return link ? coiOfPairing(link.sireId, link.damId, links, generations) : 0;
}

/**
 * How much of a pedigree the COI rests on: of the 2 + 4 + … + 2^generations places for ancestors of an
 * offspring of `sireId` × `damId` within `generations` generations (its parents are generation 1, so 62
 * places over 5), how many hold a known dog. A COI of 0 over an unknown ancestry says nothing.
 */
export interface PedigreeCompleteness {
  known: number;
  total: number;
}

/** 2 + 4 + … + 2^generations: 62 over 5 generations. */
export const ancestorPlaces = (generations: number) => Math.max(0, 2 ** (generations + 1) - 2);

export function completenessOfPairing(sireId: number | null, damId: number | null, links: PedigreeLinks, generations = COI_DEFAULT_GENERATIONS): PedigreeCompleteness {
  let known = 0;
  // Every place counts, a dog met twice (a common ancestor) once per place it fills; the depth bounds the walk.
  const visit = (id: number | null, generation: number) => {
    if (id == null || generation > generations) return;
    known += 1;
    const link = links.get(id);
    if (link) {
      visit(link.sireId, generation + 1);
      visit(link.damId, generation + 1);
    }
  };
  visit(sireId, 1);
  visit(damId, 1);
  return { known, total: ancestorPlaces(generations) };
}

/** A dog's own pedigree completeness: that of its parents' pairing. */
export function completenessOf(dogId: number, links: PedigreeLinks, generations = COI_DEFAULT_GENERATIONS): PedigreeCompleteness {
  const link = links.get(dogId);
  return completenessOfPairing(link?.sireId ?? null, link?.damId ?? null, links, generations);
}

/**
 * Whether a COI says anything: both parents known and at least one dog above them (only there can a common
 * ancestor be found). Below that a public page shows no COI at all rather than a bare "0%".
 */
export const coiIsInformative = (c: { known: number }, bothParentsKnown: boolean) => bothParentsKnown && c.known > 2;

/** "0% over 5 generations, 4 of 62 ancestors known". */
export const formatCoiWithCompleteness = (coi: number, generations: number, c: PedigreeCompleteness) =>
  `${formatCoi(coi)} over ${generations} generations, ${c.known} of ${c.total} ancestors known`;

/** 0.140625 → '14.06%'; 0 → '0%'. */
export function formatCoi(coi: number): string {
  const pct = Math.round(coi * 10_000) / 100;
  return `${pct.toFixed(2).replace(/\.?0+$/, '')}%`;
}

/**
 * Gathers the pedigree links of `roots` and their ancestors up to `generations` above them, one `fetch` per
 * generation (the feature supplies the query). A dog already seen is not fetched again, so a stored cycle ends.
 */
export async function collectLinks<T extends { id: number } & PedigreeLink>(
  roots: readonly number[],
  generations: number,
  fetch: (ids: number[]) => Promise<T[]>,
): Promise<Map<number, T>> {
  const found = new Map<number, T>();
  let wanted = [...new Set(roots)];
  for (let level = 0; level <= generations && wanted.length > 0; level++) {
    const rows = await fetch(wanted);
    for (const row of rows) found.set(row.id, row);
    wanted = [...new Set(rows.flatMap((r) => [r.sireId, r.damId]).filter((id): id is number => id != null && !found.has(id)))];
  }
  return found;
}
