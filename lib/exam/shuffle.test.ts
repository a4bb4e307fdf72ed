import { describe, expect, it } from "vitest";
import { questionSeed, seededPermutation } from "./shuffle";

describe("seeded shuffles", () => {
  it("are permutations, stable for a seed and different across seeds", () => {
    const first = seededPermutation(25, 12345);
    expect([...first].sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(seededPermutation(25, 12345)).toEqual(first);
    expect(seededPermutation(25, 54321)).not.toEqual(first);
  });

  it("give each question its own option order", () => {
    const orders = new Set(Array.from({ length: 10 }, (_, n) => seededPermutation(4, questionSeed(99, n)).join("")));
    expect(orders.size).toBeGreaterThan(3);
  });
});
