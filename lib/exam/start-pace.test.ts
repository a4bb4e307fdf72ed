import { describe, expect, it } from "vitest";
import { learntPace } from "./start-pace";

/**
 * A pace on a clock the test moves: each second of `seconds` lets starts in (as many as the pace
 * allows, unless `letIn` says how many) and serves its durations, then the pace is read.
 */
function run(seconds: (number[] | undefined)[], { ceiling = 1000, targetMs = 50, letIn = undefined as number | undefined } = {}) {
  let clock = 0;
  const pace = learntPace({ ceiling, targetMs, now: () => clock });
  const paces: number[] = [];
  for (const durations of seconds) {
    const starts = letIn ?? Math.round(pace.current());
    for (let start = 0; start < starts; start++) pace.letIn();
    for (const milliseconds of durations ?? []) pace.observe(milliseconds);
    clock += 1;
    paces.push(Math.round(pace.current()));
  }
  return paces;
}

const fast = Array.from({ length: 100 }, (_, i) => 5 + (i % 20));
const slow = Array.from({ length: 100 }, (_, i) => 40 + i);
const quiet: undefined = undefined;

describe("the start line's learnt pace", () => {
  it.each([
    { case: "starts at its ceiling and stays there while saves are fast", seconds: [fast, fast, fast], paces: [1000, 1000, 1000] },
    { case: "cuts to 70 % in each second whose p95 passes the target", seconds: [slow, slow, slow], paces: [700, 490, 343] },
    { case: "climbs by a twentieth of the ceiling each fast second after a cut", seconds: [slow, slow, fast, fast, fast], paces: [700, 490, 540, 590, 640] },
    { case: "a few slow answers in a fast second (under 5 %) do not cut it", seconds: [[...fast.slice(4), 900, 900, 900, 900], slow], paces: [1000, 700] },
    { case: "never below its floor, a tenth of its ceiling, however long the stall", seconds: Array.from({ length: 10 }, () => [5000]), paces: [700, 490, 343, 240, 168, 118, 100, 100, 100, 100] },
    { case: "quiet seconds (nothing served) raise it too", seconds: [slow, slow, slow, quiet, quiet], paces: [700, 490, 343, 393, 443] },
    { case: "cuts from what the line let in when it let in less than the pace", seconds: [fast, slow, slow, fast], letIn: 200, paces: [1000, 140, 100, 150] },
    { case: "with nothing let in, a slow second cuts it to its floor", seconds: [slow, fast], letIn: 0, paces: [100, 150] },
  ])("$case", ({ seconds, paces, letIn }) => {
    expect(run(seconds, { letIn })).toEqual(paces);
  });

  it("recovers after a stall to its ceiling and never passes it", () => {
    const stall = Array.from({ length: 15 }, () => [4000]);
    const recovery = Array.from({ length: 40 }, () => fast);
    const paces = run([...stall, ...recovery]);
    expect(paces[14]).toBe(100);
    // 50 a second back up: from 100 to 1000 in 18 fast seconds, then held there.
    expect(paces[15 + 16]).toBe(950);
    expect(paces[15 + 17]).toBe(1000);
    expect(Math.max(...paces)).toBe(1000);
    expect(paces.slice(15, 35)).toEqual([...paces.slice(15, 35)].sort((a, b) => a - b));
  });

  it("a long quiet spell counts each of its seconds, read once at its end", () => {
    let clock = 0;
    const pace = learntPace({ ceiling: 1000, targetMs: 50, now: () => clock });
    for (let i = 0; i < 5; i++) {
      for (let start = Math.round(pace.current()); start > 0; start--) pace.letIn();
      for (const milliseconds of slow) pace.observe(milliseconds);
      clock += 1;
    }
    expect(Math.round(pace.current())).toBe(168);
    clock += 6;
    // Six quiet seconds: 168 + 6 × 50.
    expect(Math.round(pace.current())).toBe(468);
  });

  it("keeps the ceiling it is given, however small", () => {
    expect(run([fast, slow, slow, slow, fast], { ceiling: 4 })).toEqual([4, 3, 2, 1, 2]);
  });

  it("tells each new pace", () => {
    let clock = 0;
    const told: number[] = [];
    const pace = learntPace({ ceiling: 100, targetMs: 50, now: () => clock, onChange: (value) => told.push(value) });
    for (let start = 0; start < 100; start++) pace.letIn();
    pace.observe(500);
    clock += 1;
    pace.current();
    expect(told).toEqual([100, 70]);
  });
});
