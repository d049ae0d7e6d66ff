import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ancestorPlaces,
  CoiMemo,
  coiIsInformative,
  coiOf,
  coiOfPairing,
  completenessOf,
  completenessOfPairing,
  formatCoi,
  formatCoiWithCompleteness,
  type PedigreeLink,
} from './coi.ts';

/** A pedigree written as [dog, sire, dam] rows; a dog with no row has unknown parents. */
const pedigree = (...rows: Array<[number, number | null, number | null]>) =>
  new Map<number, PedigreeLink>(rows.map(([id, sireId, damId]) => [id, { sireId, damId }]));

/**
 * The path-counting method the tabular one replaced (issue 35), kept as the reference: every pair of lines of
 * ancestors from the sire and from the dam, within the window, that meet at a common ancestor and share no other dog.
 */
function pathsFrom(start: number, depth: number, links: ReadonlyMap<number, PedigreeLink>): number[][] {
  const out: number[][] = [];
  const walk = (path: number[]) => {
    out.push(path);
    if (path.length - 1 >= depth) return;
    const link = links.get(path[path.length - 1]!);
    for (const parent of [link?.sireId, link?.damId]) if (parent != null && !path.includes(parent)) walk([...path, parent]);
  };
  walk([start]);
  return out;
}

function coiByPaths(sireId: number | null, damId: number | null, links: ReadonlyMap<number, PedigreeLink>, generations = 5): number {
  if (sireId == null || damId == null || generations < 1) return 0;
  let f = 0;
  for (const a of pathsFrom(sireId, generations - 1, links)) {
    const ancestor = a[a.length - 1]!;
    const onA = new Set(a);
    for (const b of pathsFrom(damId, generations - 1, links)) {
      if (b[b.length - 1] !== ancestor || b.slice(0, -1).some((id) => onA.has(id))) continue;
      const link = links.get(ancestor);
      const fa = link ? coiByPaths(link.sireId, link.damId, links, generations - (Math.max(a.length, b.length) - 1 + 1)) : 0;
      f += 0.5 ** (a.length + b.length - 1) * (1 + fa);
    }
  }
  return f;
}

describe("Wright's coefficient of inbreeding", () => {
  it('is 0 for the offspring of unrelated parents and of unknown parents', () => {
    // 1 × 2, whose parents are 3,4 and 5,6: no dog in common.
    const links = pedigree([1, 3, 4], [2, 5, 6]);
    expect(coiOfPairing(1, 2, links)).toBe(0);
    expect(coiOfPairing(null, 2, links)).toBe(0);
    expect(coiOf(99, links)).toBe(0);
  });

  it('is 1/8 for the offspring of half-siblings', () => {
    // Sire 1 and dam 2 share their sire 10 only: one path 1-10-2, (1/2)^3.
    const links = pedigree([1, 10, 11], [2, 10, 12], [3, 1, 2]);
    expect(coiOfPairing(1, 2, links)).toBe(0.125);
    expect(coiOf(3, links)).toBe(0.125);
  });

  it('is 1/4 for the offspring of full siblings', () => {
    // Two paths, through the shared sire 10 and the shared dam 11: 2 × (1/2)^3.
    expect(coiOfPairing(1, 2, pedigree([1, 10, 11], [2, 10, 11]))).toBe(0.25);
  });

  it('is 1/4 for the offspring of a parent and its offspring', () => {
    // Sire 1 is the dam's own sire: one path 1-2, (1/2)^2.
    expect(coiOfPairing(1, 2, pedigree([2, 1, 20]))).toBe(0.25);
  });

  it('is 1/16 for the offspring of first cousins', () => {
    // 1's dam 3 and 2's sire 4 are full siblings (parents 10 × 11): paths 1-3-10-4-2 and 1-3-11-4-2, 2 × (1/2)^5.
    const links = pedigree([1, 30, 3], [2, 4, 31], [3, 10, 11], [4, 10, 11]);
    expect(coiOfPairing(1, 2, links)).toBe(0.0625);
  });

  it("counts a common ancestor's own inbreeding: half-siblings through an ancestor with F = 1/8 give 0.140625", () => {
    // 10 is the offspring of half-siblings 20 and 21 (shared sire 30): F_10 = 1/8.
    // Sire 1 and dam 2 are half-siblings through 10: (1/2)^3 × (1 + 1/8) = 0.140625.
    const links = pedigree([20, 30, 31], [21, 30, 32], [10, 20, 21], [1, 10, 11], [2, 10, 12]);
    expect(coiOf(10, links)).toBe(0.125);
    expect(coiOfPairing(1, 2, links)).toBe(0.140625);
  });

  it('only sees the stated number of generations', () => {
    // The half-siblings' shared sire 10 is two generations above the offspring: a window of one misses it.
    const links = pedigree([1, 10, 11], [2, 10, 12]);
    expect(coiOfPairing(1, 2, links, 1)).toBe(0);
    expect(coiOfPairing(1, 2, links, 2)).toBe(0.125);
  });

  it('agrees with path counting on random pedigrees with loops, for every window (property)', () => {
    // Dog i's parents are earlier dogs or unknown: few dogs and many matings make loops (shared ancestors) common.
    const pedigreeArb = fc
      .integer({ min: 2, max: 14 })
      .chain((n) =>
        fc.tuple(
          fc.constant(n),
          fc.array(fc.tuple(fc.option(fc.nat(), { nil: null }), fc.option(fc.nat(), { nil: null })), { minLength: n, maxLength: n }),
          fc.integer({ min: 1, max: n }),
          fc.integer({ min: 1, max: n }),
          fc.integer({ min: 0, max: 7 }),
        ),
      );
    fc.assert(
      fc.property(pedigreeArb, ([n, parents, sire, dam, generations]) => {
        const links = new Map<number, PedigreeLink>();
        parents.forEach(([s, d], i) => {
          const id = i + 1;
          if (id === 1) return;
          links.set(id, { sireId: s == null ? null : (s % (id - 1)) + 1, damId: d == null ? null : (d % (id - 1)) + 1 });
        });
        expect(n).toBeGreaterThanOrEqual(2);
        const expected = coiByPaths(sire, dam, links, generations);
        expect(Math.abs(coiOfPairing(sire, dam, links, generations) - expected)).toBeLessThan(1e-12);
      }),
      { numRuns: 400, seed: 35 },
    );
  });

  it('follows full-sibling mating over 12 generations: F_t = (1 + 2 F_t-1 + F_t-2) / 4', () => {
    // Founders 1 × 2; each generation a brother and a sister of the last pair are mated: the tightest loop there is.
    const links = new Map<number, PedigreeLink>();
    let pair: [number, number] = [1, 2];
    let next = 3;
    const expected = [0, 0.25];
    for (let t = 1; t <= 11; t++) {
      const brother = next++;
      const sister = next++;
      links.set(brother, { sireId: pair[0], damId: pair[1] });
      links.set(sister, { sireId: pair[0], damId: pair[1] });
      pair = [brother, sister];
      if (t >= 2) expected.push((1 + 2 * expected[t - 1]! + expected[t - 2]!) / 4);
    }
    // The pair of generation 11 has the founders 12 generations above its litter.
    expect(Math.abs(coiOfPairing(pair[0], pair[1], links, 12) - expected[11]!)).toBeLessThan(1e-12);
    expect(expected[11]).toBeGreaterThan(0.85);
    // A shorter window sees less of the same loop, exactly as path counting does.
    expect(Math.abs(coiOfPairing(pair[0], pair[1], links, 4) - coiByPaths(pair[0], pair[1], links, 4))).toBeLessThan(1e-12);
    // One memo serves several windows and pairings of the same links.
    const memo = new CoiMemo(links);
    expect(coiOfPairing(pair[0], pair[1], links, 12, memo)).toBe(coiOfPairing(pair[0], pair[1], links, 12));
    expect(coiOfPairing(pair[0], pair[1], links, 4, memo)).toBe(coiOfPairing(pair[0], pair[1], links, 4));
  });

  it('writes the coefficient as a percentage', () => {
    expect(formatCoi(0)).toBe('0%');
    expect(formatCoi(0.125)).toBe('12.5%');
    expect(formatCoi(0.140625)).toBe('14.06%');
  });
});

describe('how complete the pedigree under a COI is (issue 29)', () => {
  it('counts the known dogs among the 62 ancestor places over 5 generations, parents included', () => {
    expect(ancestorPlaces(5)).toBe(62);
    expect(ancestorPlaces(3)).toBe(14);
    // A litter of 1 × 2 whose ancestry is unknown: only its two parents are known.
    expect(completenessOfPairing(1, 2, pedigree())).toEqual({ known: 2, total: 62 });
    expect(completenessOfPairing(null, 2, pedigree())).toEqual({ known: 1, total: 62 });
    // 1's parents 3 and 4 known: 4 of 62, and the COI over that says little (0%), so the wording says so.
    const links = pedigree([1, 3, 4]);
    expect(completenessOfPairing(1, 2, links)).toEqual({ known: 4, total: 62 });
    expect(formatCoiWithCompleteness(coiOfPairing(1, 2, links), 5, completenessOfPairing(1, 2, links))).toBe(
      '0% over 5 generations, 4 of 62 ancestors known',
    );
    // A dog's own: that of its parents' pairing (dog 9 of 1 × 2).
    expect(completenessOf(9, pedigree([9, 1, 2], [1, 3, 4]))).toEqual({ known: 4, total: 62 });
    expect(completenessOf(99, links)).toEqual({ known: 0, total: 62 });
  });

  it('counts a common ancestor once per place it fills, and nothing beyond the window', () => {
    // Full siblings 1 and 2 (parents 10 × 11): 2 parents + 4 grandparent places.
    expect(completenessOfPairing(1, 2, pedigree([1, 10, 11], [2, 10, 11]))).toEqual({ known: 6, total: 62 });
    // A line of sires 1 ← 2 ← 3 ← … ← 8 above the sire: generations 1 to 5 hold 1, 2, 3, 4, 5; 6 to 8 are outside.
    const line = pedigree(...[1, 2, 3, 4, 5, 6, 7].map((id): [number, number, null] => [id, id + 1, null]));
    expect(completenessOfPairing(1, null, line)).toEqual({ known: 5, total: 62 });
    expect(completenessOfPairing(1, null, line, 3)).toEqual({ known: 3, total: 14 });
    // A full pedigree: every place known.
    let next = 100;
    const full = new Map<number, PedigreeLink>();
    const grow = (id: number, depth: number) => {
      if (depth === 0) return;
      const [s, d] = [next++, next++];
      full.set(id, { sireId: s, damId: d });
      grow(s, depth - 1);
      grow(d, depth - 1);
    };
    grow(1, 4);
    grow(2, 4);
    expect(completenessOfPairing(1, 2, full)).toEqual({ known: 62, total: 62 });
  });

  it('calls a COI informative only with both parents and some dog above them known', () => {
    expect(coiIsInformative({ known: 2 }, true)).toBe(false);
    expect(coiIsInformative({ known: 3 }, true)).toBe(true);
    expect(coiIsInformative({ known: 5 }, false)).toBe(false);
  });
});
