// Wright's coefficient of inbreeding from a stored pedigree, within a stated number of generations, by the tabular
// (kinship) method: no path is enumerated, so a deep, line-bred pedigree costs the pairs of ancestors it holds,
// not the (exponential) pairs of paths through them.

/** One dog of a pedigree: its parents' ids, or null where unknown. */
export interface PedigreeLink {
  sireId: number | null;
  damId: number | null;
}
export type PedigreeLinks = ReadonlyMap<number, PedigreeLink>;

export const COI_DEFAULT_GENERATIONS = 5;

/** Windows are counted in 6 bits of the memo key: no pedigree reaches 63 generations. */
const MAX_WINDOW = 63;
const PAIR = 2 ** 20;
/** Below this many dogs (and 16 generations) a table key fits in a small integer: 11 + 11 bits of dogs, 4 + 4 of windows. */
const SMALL_DOGS = 2 ** 11;

/**
 * The kinship table of one pedigree, filled lazily and shared by every COI asked of it (a litter list asks several).
 * Dogs get dense indices, each after its parents (so the indices order the pedigree: the topological order of the
 * tabular method); `height` is the longest line of known ancestors above a dog, past which a window adds nothing.
 */
export class CoiMemo {
  private readonly index = new Map<number, number>();
  private readonly sire: number[] = [];
  private readonly dam: number[] = [];
  private readonly height: number[] = [];
  private readonly kinship = new Map<number, number>();
  private readonly kinshipLarge = new Map<number, number>();

  private readonly links: PedigreeLinks;

  constructor(links: PedigreeLinks) {
    this.links = links;
  }

  private indexOf(id: number): number {
    const known = this.index.get(id);
    if (known !== undefined) return known;
    // Heights need the parents' first; a stored cycle (the registry refuses them) is cut where it closes.
    const onLine = new Set<number>();
    const visit = (dogId: number): number => {
      const seen = this.index.get(dogId);
      if (seen !== undefined) return seen;
      onLine.add(dogId);
      const link = this.links.get(dogId);
      const parent = (p: number | null | undefined) => (p == null || onLine.has(p) ? -1 : visit(p));
      const s = parent(link?.sireId);
      const d = parent(link?.damId);
      onLine.delete(dogId);
      const i = this.sire.length;
      this.index.set(dogId, i);
      this.sire.push(s);
      this.dam.push(d);
      this.height.push(1 + Math.max(s < 0 ? -1 : this.height[s]!, d < 0 ? -1 : this.height[d]!));
      return i;
    };
    return visit(id);
  }

  /**
   * Kinship of dog x seen with `a` generations of its ancestry and dog y with `b`: the probability that a gene
   * drawn from each is identical by descent, counting only lines of ancestors that fit their windows. This is
   * Wright's sum over pairs of paths (x … A … y, no dog twice) with the paths' lengths bounded by a and b, and
   * A's own inbreeding over what is left of the shorter window, computed by always expanding the younger dog.
   */
  private f(x0: number, a0: number, y0: number, b0: number): number {
    if (x0 < 0 || y0 < 0) return 0;
    if (x0 >= PAIR || y0 >= PAIR) throw new Error('pedigree too large for the COI table');
    // A window past a dog's known ancestry changes nothing: clamping it lets more pairs share one entry.
    const ha = this.height[x0]!;
    const hb = this.height[y0]!;
    const ca = a0 < ha ? a0 : ha;
    const cb = b0 < hb ? b0 : hb;
    if (x0 === y0) return 0.5 * (1 + this.inbreeding(x0, ca < cb ? ca : cb));
    // Kinship is symmetric: one entry per unordered pair, the earlier dog first.
    const swap = x0 > y0;
    const x = swap ? y0 : x0;
    const a = swap ? cb : ca;
    const y = swap ? x0 : y0;
    const b = swap ? ca : cb;
    // Small pedigrees (every real one) key the table with small integers, which V8's maps hash fastest.
    const small = y < SMALL_DOGS && a < 16 && b < 16;
    const key = small ? (((x << 11) | y) << 8) | (a << 4) | b : ((x * PAIR + y) * 64 + a) * 64 + b;
    const table = small ? this.kinship : this.kinshipLarge;
    const known = table.get(key);
    if (known !== undefined) return known;
    // Indices follow the pedigree (a dog's parents are indexed before it), so y, the later, is not an ancestor of
    // x: every line from y passes through one of its parents, one generation further out.
    const value = b === 0 ? 0 : 0.5 * (this.f(x, a, this.sire[y]!, b - 1) + this.f(x, a, this.dam[y]!, b - 1));
    table.set(key, value);
    return value;
  }

  /** A dog's inbreeding over `generations` of its own ancestry: the kinship of its parents. */
  private inbreeding(i: number, generations: number): number {
    if (generations < 1) return 0;
    return this.f(this.sire[i]!, generations - 1, this.dam[i]!, generations - 1);
  }

  /** The inbreeding of the offspring of sire × dam over `generations` (its parents are generation 1). */
  pairing(sireId: number, damId: number, generations: number): number {
    if (generations < 1) return 0;
    const window = Math.min(generations, MAX_WINDOW + 1) - 1;
    return this.f(this.indexOf(sireId), window, this.indexOf(damId), window);
  }
}

/**
 * The inbreeding of the offspring of `sireId` × `damId`, over `generations` generations of that offspring's
 * ancestry (its parents are generation 1). F = Σ (1/2)^(n1+n2+1) (1 + F_A) over every pair of paths from the
 * sire and from the dam that meet at a common ancestor A and share no other dog, n1 and n2 below the window;
 * F_A over what remains of the window above A. Computed without the paths (CoiMemo); pass one memo to several
 * calls over the same links to share the work.
 */
export function coiOfPairing(
  sireId: number | null,
  damId: number | null,
  links: PedigreeLinks,
  generations = COI_DEFAULT_GENERATIONS,
  memo: CoiMemo = new CoiMemo(links),
): number {
  if (sireId == null || damId == null || generations < 1) return 0;
  return memo.pairing(sireId, damId, generations);
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

export function completenessOfPairing(
  sireId: number | null,
  damId: number | null,
  links: PedigreeLinks,
  generations = COI_DEFAULT_GENERATIONS,
): PedigreeCompleteness {
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
