import { describe, expect, it } from "vitest";
import { placesInLine } from "./places";

describe("places in line", () => {
  it("counts exactly the places still out ahead of one, whatever order their holders are let in", () => {
    const places = placesInLine();
    const handed = Array.from({ length: 5_000 }, () => places.handOut());
    expect(handed.slice(0, 3)).toEqual([0, 1, 2]);
    expect(places.ahead(4_999)).toBe(4_999);
    // Every third let in, from the back; twice is once.
    for (let place = 4_998; place >= 0; place -= 3) places.letIn(place);
    places.letIn(0);
    expect(places.ahead(4_999)).toBe(4_999 - 1_667);
    expect(places.ahead(3)).toBe(2);
    expect(places.ahead(0)).toBe(0);
    // A place never handed out counts for nothing.
    places.letIn(10_000);
    expect(places.ahead(4_999)).toBe(3_332);
    // Handed out after the tree grew, the counts still hold.
    const later = Array.from({ length: 3_000 }, () => places.handOut());
    expect(places.ahead(later.at(-1)!)).toBe(3_332 + 1 + 2_999);
  });

  it("forgets every place at once, and counts the new ones from there", () => {
    const places = placesInLine();
    for (let i = 0; i < 10; i++) places.handOut();
    places.forgetAll();
    expect(places.ahead(9)).toBe(0);
    const next = places.handOut();
    expect(next).toBe(10);
    expect(places.ahead(next)).toBe(0);
    expect(places.ahead(places.handOut())).toBe(1);
    places.letIn(3);
    expect(places.ahead(12)).toBe(2);
  });

  it("counts the places handed out before a time and still out: those ahead of a place another line gave then", () => {
    const places = placesInLine();
    for (let i = 0; i < 3_000; i++) places.handOut(100 + i);
    expect(places.aheadOf(105)).toBe(5);
    expect(places.aheadOf(105.5)).toBe(6);
    places.letIn(2);
    expect(places.aheadOf(105)).toBe(4);
    expect(places.aheadOf(99)).toBe(0);
    expect(places.aheadOf(1e9)).toBe(2_999);
    // A clock that goes back is taken as standing still: the place counts as handed out with the one before it.
    places.handOut(50);
    expect(places.aheadOf(3_099)).toBe(2_998);
    expect(places.aheadOf(3_100)).toBe(3_000);
    places.forgetAll();
    expect(places.aheadOf(1e9)).toBe(0);
  });
});
