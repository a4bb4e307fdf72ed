import { describe, expect, it } from "vitest";
import { earliestFirst } from "./earliest-first";

describe("earliestFirst", () => {
  it("gives items back earliest first, whatever order they came in, ties and all", () => {
    const times = Array.from({ length: 1000 }, (_, index) => (index * 7919) % 257);
    const queue = earliestFirst<number>((time) => time);
    for (const time of times) queue.push(time);
    const out: number[] = [];
    for (let time = queue.pop(); time !== undefined; time = queue.pop()) out.push(time);
    expect(out).toEqual([...times].sort((a, b) => a - b));
  });

  it("shows the earliest without taking it, and keeps its order when items come between takes", () => {
    const queue = earliestFirst<{ at: number }>(({ at }) => at);
    expect(queue.peek()).toBeUndefined();
    for (const at of [5, 3, 9]) queue.push({ at });
    expect(queue.peek()).toEqual({ at: 3 });
    expect(queue.pop()).toEqual({ at: 3 });
    queue.push({ at: 1 });
    expect([queue.pop(), queue.pop(), queue.pop(), queue.pop()]).toEqual([{ at: 1 }, { at: 5 }, { at: 9 }, undefined]);
    queue.push({ at: 2 });
    queue.clear();
    expect(queue.pop()).toBeUndefined();
  });
});
