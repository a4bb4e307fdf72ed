import { describe, expect, it } from "vitest";
import { admission } from "./admission";

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A pace that stays where it is put, and the durations it was told. */
function steady(perSecond: number) {
  const told: number[] = [];
  return { current: () => perSecond, observe: (milliseconds: number) => void told.push(milliseconds), told };
}

describe("admission", () => {
  it("runs at most its limit at once, and the waiting in the order they came, a failure freeing its slot", async () => {
    const admit = admission({ limit: 2, pace: steady(1), maxWaitSeconds: 60, refusal: () => new Error("refused") });
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const results = gates.map((gate, index) =>
      admit(async () => {
        started.push(index);
        most = Math.max(most, ++running);
        try {
          await gate.promise;
          return index;
        } finally {
          running--;
        }
      }).catch((error: Error) => error.message),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    gates[1].reject(new Error("failed"));
    await settle();
    expect(started).toEqual([0, 1, 2]);
    for (const gate of [gates[0], gates[2], gates[3], gates[4]]) {
      gate.resolve();
      await settle();
    }
    expect(await Promise.all(results)).toEqual([0, "failed", 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it("refuses a newcomer whose wait would pass the limit, handing each refused a later turn at the line's pace", async () => {
    const refusal = (seconds: number) => Object.assign(new Error("come back"), { seconds });
    // 2 at once, 2 let through a second: 4 waiting is 2 s of wait.
    const admit = admission({ limit: 2, pace: steady(2), maxWaitSeconds: 2, refusal, now: () => 100 });
    const gates = Array.from({ length: 6 }, deferred);
    const admitted = gates.map((gate) => admit(() => gate.promise));
    await settle();
    const turns: number[] = [];
    for (let i = 0; i < 5; i++) await admit(async () => undefined).catch((error: { seconds: number }) => turns.push(error.seconds));
    // The first refused comes back once the 4 in line are through (2.5 s: its own turn included), then one every half second.
    expect(turns).toEqual([3, 3, 4, 4, 5]);
    for (const gate of gates) {
      gate.resolve();
      await settle();
    }
    await Promise.all(admitted);
    // The line is empty again: a newcomer is let straight in.
    await expect(admit(async () => "in")).resolves.toBe("in");
  });

  it("tells its pace how long each piece let in took, never a refusal, and hands out turns at the pace as it is now", async () => {
    const refusal = (seconds: number) => Object.assign(new Error("come back"), { seconds });
    const pace = { ...steady(1), current: () => perSecond };
    let perSecond = 1;
    const admit = admission({ limit: 1, pace, maxWaitSeconds: 0.05, refusal, now: () => 100 });
    const gate = deferred();
    const running = admit(() => gate.promise);
    await settle();
    const turnOfNextRefused = () => admit(async () => undefined).catch((error: { seconds: number }) => error.seconds);
    // At 1 a second the first refused comes back in 1 s; the pace learns 10 a second, so the next
    // five a tenth of a second apart after it (at 1 a second they would be told 2, 3, 4, 5 and 6 s).
    expect(await turnOfNextRefused()).toBe(1);
    perSecond = 10;
    const turns = [];
    for (let i = 0; i < 5; i++) turns.push(await turnOfNextRefused());
    expect(turns).toEqual([2, 2, 2, 2, 2]);
    expect(pace.told).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 30));
    gate.resolve();
    await running;
    expect(pace.told).toHaveLength(1);
    expect(pace.told[0]).toBeGreaterThanOrEqual(25);
  });
});
