import { describe, expect, it } from "vitest";
import { admission } from "./admission";

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("admission", () => {
  it("runs at most its limit at once, and the waiting in the order they came, a failure freeing its slot", async () => {
    const admit = admission(2);
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
});
