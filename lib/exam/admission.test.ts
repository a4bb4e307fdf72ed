import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { admission } from "./admission";

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

/** Lets the line's timers and promises run `ms` of the test's clock. */
const pass = (ms = 0) => vi.advanceTimersByTimeAsync(ms);
const seconds = () => Date.now() / 1000;

/** A pace that stays where it is put, and the durations it was told. */
function steady(perSecond: number) {
  const told: number[] = [];
  return { perSecond, current() { return this.perSecond; }, observe: (milliseconds: number) => void told.push(milliseconds), told };
}

type Refused = Error & { seconds: number };
const refusal = (seconds: number) => Object.assign(new Error("come back"), { seconds });

describe("admission", () => {
  beforeEach(() => void vi.useFakeTimers({ now: 100_000 }));
  afterEach(() => void vi.useRealTimers());

  it("lets pieces in at its pace, at most its limit at once, the waiting in the order they came, a failure freeing its slot", async () => {
    const admit = admission({ limit: 2, pace: steady(1), maxWaitSeconds: 60, refusal, now: seconds });
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    const results = gates.map((gate, index) =>
      admit(async () => {
        started.push(index);
        await gate.promise;
        return index;
      }).catch((error: Error) => error.message),
    );
    await pass();
    expect(started).toEqual([0]);
    // One a second.
    await pass(1000);
    expect(started).toEqual([0, 1]);
    // Two are running: the third's time has come, but not its turn.
    await pass(5000);
    expect(started).toEqual([0, 1]);
    gates[1].reject(new Error("failed"));
    await pass();
    expect(started).toEqual([0, 1, 2]);
    gates[0].resolve();
    await pass();
    // A slot is free, but the pace lets the next in a second after the last.
    expect(started).toEqual([0, 1, 2]);
    await pass(1000);
    expect(started).toEqual([0, 1, 2, 3]);
    for (const gate of [gates[2], gates[3], gates[4]]) gate.resolve();
    await pass(1000);
    expect(await Promise.all(results)).toEqual([0, "failed", 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  it("refuses a newcomer whose wait would pass the limit, handing each refused a later turn at the line's pace", async () => {
    // 2 let in a second: the first goes straight in, the next four wait 0.5 to 2 s.
    const admit = admission({ limit: 10, pace: steady(2), maxWaitSeconds: 2, refusal, now: seconds });
    const gates = Array.from({ length: 5 }, deferred);
    const admitted = gates.map((gate) => admit(() => gate.promise));
    const turns: number[] = [];
    for (let i = 0; i < 5; i++) await admit(async () => undefined).catch((error: Refused) => turns.push(error.seconds));
    // The first refused comes back once the 4 in line are through (3 s: its own turn included), then one every half second.
    expect(turns).toEqual([3, 4, 4, 5, 5]);
    for (const gate of gates) gate.resolve();
    await pass(2000);
    await Promise.all(admitted);
    // The line is empty again: a newcomer is let straight in.
    await pass(1000);
    let inAt: number | undefined;
    const alone = admit(async () => (inAt = Date.now()));
    await pass();
    expect(inAt).toBe(Date.now());
    await alone;
  });

  it("tells its pace how long each piece let in took, never a refusal, and hands out turns at the pace as it is now", async () => {
    const pace = steady(1);
    const admit = admission({ limit: 1, pace, maxWaitSeconds: 0.05, refusal, now: seconds });
    const gate = deferred();
    const running = admit(() => gate.promise);
    await pass();
    const turnOfNextRefused = () => admit(async () => undefined).catch((error: Refused) => error.seconds);
    // At 1 a second the first refused comes back in 2 s (the running piece's second, then its own); the pace
    // learns 10 a second, so the next five a tenth of a second apart after it (at 1 a second: 3, 4, 5, 6, 7 s).
    expect(await turnOfNextRefused()).toBe(2);
    pace.perSecond = 10;
    const turns = [];
    for (let i = 0; i < 5; i++) turns.push(await turnOfNextRefused());
    expect(turns).toEqual([3, 3, 3, 3, 3]);
    expect(pace.told).toEqual([]);
    await pass(30);
    gate.resolve();
    await running;
    expect(pace.told).toHaveLength(1);
  });
});
