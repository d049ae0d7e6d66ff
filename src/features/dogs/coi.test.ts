import { describe, expect, it } from 'vitest';
import { ancestorPlaces, coiIsInformative, coiOf, coiOfPairing, completenessOf, completenessOfPairing, formatCoi, formatCoiWithCompleteness, type PedigreeLink } from './coi.ts';

/** A pedigree written as [dog, sire, dam] rows; a dog with no row has unknown parents. */
const pedigree = (...rows: Array<[number, number | null, number | null]>) =>
  new Map<number, PedigreeLink>(rows.map(([id, sireId, damId]) => [id, { sireId, damId }]));

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
    expect(formatCoiWithCompleteness(coiOfPairing(1, 2, links), 5, completenessOfPairing(1, 2, links))).toBe('0% over 5 generations, 4 of 62 ancestors known');
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
