import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { admission, type Caller } from "./admission";

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
  return { perSecond, current() { return this.perSecond; }, observe: (milliseconds: number) => void told.push(milliseconds), letIn: () => undefined, told };
}

type Refused = Error & { seconds: number; place: string };
let callersSoFar = 0;
/** A caller the line has not seen, who may hold a place. */
const newcomer = (): Caller => ({ id: `caller ${callersSoFar++}`, mayHoldAPlace: async () => undefined });
const refusal = (seconds: number, place: string) => Object.assign(new Error("come back"), { seconds, place });
/** The key every instance's line shares (from the deployment's secret, in lib/exam/start-line.ts). */
const KEY = Buffer.alloc(32, 7);

/** A line of one at a time, 10 a second, held by a piece that runs until `gate` opens, and 30 callers refused by it in turn. */
async function thirtyRefused() {
  const admit = admission({ limit: 1, pace: steady(10), maxWaitSeconds: 0.05, holdAtMost: 1000, ceiling: 10, horizonSeconds: 600, refusal, key: KEY, now: seconds });
  const gate = deferred();
  const running = admit(() => gate.promise, newcomer());
  await pass();
  const ask = (caller: Caller, place?: string) => admit(async () => "in", caller, place).catch((error: Refused) => error);
  const callers = Array.from({ length: 30 }, newcomer);
  const refused = [] as Refused[];
  for (const caller of callers) refused.push((await ask(caller)) as Refused);
  return { admit, gate, running, ask, callers, refused };
}

describe("admission", () => {
  beforeEach(() => void vi.useFakeTimers({ now: 100_000 }));
  afterEach(() => void vi.useRealTimers());

  it("lets pieces in at its pace, at most its limit at once, the waiting in the order they came, a failure freeing its slot", async () => {
    const admit = admission({ limit: 2, pace: steady(1), maxWaitSeconds: 60, holdAtMost: 1000, ceiling: 1, horizonSeconds: 60, refusal, key: KEY, now: seconds });
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    const results = gates.map((gate, index) =>
      admit(async () => {
        started.push(index);
        await gate.promise;
        return index;
      }, newcomer()).catch((error: Error) => error.message),
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

  it("refuses a newcomer whose wait would pass the limit, giving each refused the next place and a turn from the places ahead of it", async () => {
    // 2 let in a second: the first goes straight in, the next four wait 0.5 to 2 s. No full second
    // measured yet, so the turns assume twice the ceiling: 4 a second after the 2.5 s of the line.
    const admit = admission({ limit: 10, pace: steady(2), maxWaitSeconds: 2, holdAtMost: 1000, ceiling: 2, horizonSeconds: 60, refusal, key: KEY, now: seconds });
    const gates = Array.from({ length: 5 }, deferred);
    const admitted = gates.map((gate) => admit(() => gate.promise, newcomer()));
    const refused: Refused[] = [];
    for (let i = 0; i < 5; i++) await admit(async () => undefined, newcomer()).catch((error: Refused) => refused.push(error));
    expect(refused.map((error) => error.seconds)).toEqual([3, 3, 3, 4, 4]);
    expect(refused.map((error) => error.place.split(".")[0])).toEqual(["0", "1", "2", "3", "4"]);
    for (const gate of gates) gate.resolve();
    await pass(2000);
    await Promise.all(admitted);
    // The line is empty again: a newcomer is let straight in.
    await pass(1000);
    let inAt: number | undefined;
    const alone = admit(async () => (inAt = Date.now()), newcomer());
    await pass();
    expect(inAt).toBe(Date.now());
    await alone;
  });

  it("holds no more than its hold at once, however short their wait: the next is refused with a turn, and those held are let in", async () => {
    // A thousand a second, one at a time: each wait is a millisecond, far under the 60 s allowed.
    const admit = admission({ limit: 1, pace: steady(1000), maxWaitSeconds: 60, holdAtMost: 2, ceiling: 1000, horizonSeconds: 60, refusal, key: KEY, now: seconds });
    const gate = deferred();
    const running = admit(() => gate.promise, newcomer());
    await pass();
    const held = [admit(async () => "in", newcomer()), admit(async () => "in", newcomer())];
    const third = (await admit(async () => "in", newcomer()).catch((error: Refused) => error)) as Refused;
    expect(third.seconds).toBeGreaterThanOrEqual(1);
    expect(third.place.split(".")[0]).toBe("0");
    gate.resolve();
    await pass(10);
    await running;
    expect(await Promise.all(held)).toEqual(["in", "in"]);
  });

  it("keeps the place and turn of a caller back too soon, with its place or without it; at its turn, only the places still ahead of it count; a place not given to the caller counts as none", async () => {
    const { admit, gate, running, ask, callers, refused } = await thirtyRefused();
    // The line's next tenth of a second, then 29 ahead at twice 10 a second: the 30th comes back in 2 s.
    expect(refused.map(({ seconds }) => seconds)).toEqual([...Array(19).fill(1), ...Array(11).fill(2)]);
    // Back too soon, with its place or without, it is told the same place and turn again, not sent behind the 30.
    for (const place of [refused[29].place, undefined, "garbage"]) {
      const again = (await ask(callers[29], place)) as Refused;
      expect(again.place).toBe(refused[29].place);
      expect(again.seconds).toBe(2);
    }
    // A place from a line with another key, given to another caller, or forged, is a newcomer's: the 31st and on.
    const otherKey = admission({ limit: 0, pace: steady(10), maxWaitSeconds: 0, holdAtMost: 0, ceiling: 10, horizonSeconds: 600, refusal, key: Buffer.alloc(32, 8), now: seconds });
    const ofOtherKey = (await otherKey(async () => "in", newcomer()).catch((error: Refused) => error)) as Refused;
    const foreign = [ofOtherKey.place, refused[0].place, refused[0].place.replace(/^0\./, "29."), "0", "x.y", ""];
    expect(await Promise.all(foreign.map(async (place) => ((await ask(newcomer(), place)) as Refused).place.split(".")[0]))).toEqual(["30", "31", "32", "33", "34", "35"]);
    // At their turn, the first 20 come back and are let in: the 30th, back at its turn to a busy line, then has 9 ahead.
    gate.resolve();
    await running;
    await pass(1000);
    for (const [index, caller] of callers.slice(0, 20).entries()) {
      expect(await ask(caller, refused[index].place)).toBe("in");
      await pass(100);
    }
    const hold = deferred();
    const busy = admit(() => hold.promise, newcomer());
    await pass();
    const atItsTurn = (await ask(callers[29], refused[29].place)) as Refused;
    // The same place (its number, line and when it was given), told a new turn.
    expect(atItsTurn.place.split(".").slice(0, 3)).toEqual(refused[29].place.split(".").slice(0, 3));
    expect(atItsTurn.seconds).toBe(1);
    hold.resolve();
    await busy;
  });

  it("honours a place another instance's line gave with the same key: the same turn before it, and at it only the places this line gave earlier count ahead", async () => {
    const lineB = admission({ limit: 1, pace: steady(10), maxWaitSeconds: 0.05, holdAtMost: 1000, ceiling: 10, horizonSeconds: 600, refusal, key: KEY, now: seconds });
    const gateB = deferred();
    const runningB = lineB(() => gateB.promise, newcomer());
    await pass();
    const askB = (caller: Caller, place?: string) => lineB(async () => "in", caller, place).catch((error: Refused) => error);
    for (let i = 0; i < 50; i++) await askB(newcomer());
    await pass(1);
    // The other instance refuses 30 after B's 50; then B gives 20 more places.
    const { callers, refused } = await thirtyRefused();
    for (let i = 0; i < 20; i++) await askB(newcomer());
    // Back too soon at B, the 30th is told its place and turn again, as its own line would.
    expect(await askB(callers[29], refused[29].place)).toMatchObject({ place: refused[29].place, seconds: 2 });
    // At its turn, B is busy: B's 50 places given before it are ahead, its 20 later ones are not (at
    // twice the 5.5 a second B let in while full: 50 ahead is 5 s, 70 would be 7 s, none 1 s).
    await pass(2000);
    gateB.resolve();
    await runningB;
    const holdB = deferred();
    const busyB = lineB(() => holdB.promise, newcomer());
    await pass();
    const atItsTurn = (await askB(callers[29], refused[29].place)) as Refused;
    expect(atItsTurn.seconds).toBe(5);
    expect(atItsTurn.place.split(".").slice(0, 3)).toEqual(refused[29].place.split(".").slice(0, 3));
    // At that turn, with room at B, it is let in there.
    holdB.resolve();
    await busyB;
    await pass(5000);
    expect(await askB(callers[29], atItsTurn.place)).toBe("in");
  });

  it("lets nobody in before its turn, even into an empty line: a caller asking every 250 ms gets in no sooner than one back when told", async () => {
    const { gate, running, ask, callers, refused } = await thirtyRefused();
    const [obeying, hammering] = [0, 29];
    const toldAt = Date.now();
    gate.resolve();
    await running;
    const inAt = new Map<number, number>();
    const hammered: Refused[] = [];
    while (inAt.size < 2) {
      await pass(250);
      if (!inAt.has(hammering)) {
        // Sometimes with its place, sometimes without.
        const answer = await ask(callers[hammering], hammered.length % 2 ? undefined : refused[hammering].place);
        if (answer === "in") inAt.set(hammering, Date.now());
        else hammered.push(answer as Refused);
      }
      if (!inAt.has(obeying) && Date.now() >= toldAt + refused[obeying].seconds * 1000) {
        expect(await ask(callers[obeying], refused[obeying].place)).toBe("in");
        inAt.set(obeying, Date.now());
      }
    }
    expect(inAt.get(obeying)).toBe(toldAt + refused[obeying].seconds * 1000);
    expect(inAt.get(hammering)).toBe(toldAt + refused[hammering].seconds * 1000);
    expect(hammered).toHaveLength(4 * refused[hammering].seconds - 1);
    for (const { place, seconds } of hammered) {
      expect(place).toBe(refused[hammering].place);
      expect(seconds).toBeGreaterThanOrEqual(1);
    }
  });

  it("gives a place only to a caller who may hold one, and answers the others as the caller's check does", async () => {
    const admit = admission({ limit: 1, pace: steady(10), maxWaitSeconds: 0.05, holdAtMost: 1000, ceiling: 10, horizonSeconds: 600, refusal, key: KEY, now: seconds });
    const gate = deferred();
    const running = admit(() => gate.promise, newcomer());
    await pass();
    const asked: string[] = [];
    const stranger: Caller = {
      id: "stranger",
      mayHoldAPlace: async () => {
        asked.push("stranger");
        throw new Error("no entry");
      },
    };
    const strangerAsks = admit(async () => "in", stranger);
    await expect(strangerAsks).rejects.toThrow("no entry");
    const participant = { id: "participant", mayHoldAPlace: async () => void asked.push("participant") };
    const first = (await admit(async () => "in", participant).catch((error: Refused) => error)) as Refused;
    expect(first.place.split(".")[0]).toBe("0");
    // Back with its place, it is not asked again.
    await admit(async () => "in", participant, first.place).catch(() => undefined);
    expect(asked).toEqual(["stranger", "participant"]);
    gate.resolve();
    await running;
  });

  it("sets turns at twice the rate it let callers in while it was full, never past its horizon but spread beyond it at the ceiling", async () => {
    // 2 let in a second, and each second also refuses two: six full seconds at 2 a second.
    const admit = admission({ limit: 10, pace: steady(2), maxWaitSeconds: 0.01, holdAtMost: 1000, ceiling: 20, horizonSeconds: 5, refusal, key: KEY, now: seconds });
    const turnOfRefused = () => admit(async () => NaN, newcomer()).catch((error: Refused) => error.seconds);
    for (let half = 0; half < 12; half++) {
      await admit(async () => undefined, newcomer());
      await turnOfRefused();
      await pass(500);
    }
    // The guess it began with (the ceiling) weighs 1/64 by now: about 2.3 a second while full, so
    // twice that: 12 places out and half a second of line, 3.1 s.
    await admit(async () => undefined, newcomer());
    expect(await turnOfRefused()).toBe(4);
    // 300 more, further back each.
    const turns: number[] = [];
    for (let i = 0; i < 300; i++) turns.push(await turnOfRefused());
    expect(turns.slice(0, 4)).toEqual([4, 4, 4, 5]);
    // Past the horizon, twenty more a second at the ceiling of 20: 312 places out, 5 + 15.6 s.
    expect(turns.filter((turn) => turn === 10)).toHaveLength(20);
    expect(turns.at(-1)).toBe(21);
    expect(turns).toEqual([...turns].sort((a, b) => a - b));
  });

  it("forgives the places not back once every turn it handed out is past", async () => {
    const admit = admission({ limit: 1, pace: steady(1), maxWaitSeconds: 0.5, holdAtMost: 1000, ceiling: 1, horizonSeconds: 600, refusal, key: KEY, now: seconds });
    const turnsOfRefused = async (count: number) => {
      await admit(async () => undefined, newcomer());
      const turns: number[] = [];
      for (let i = 0; i < count; i++) await admit(async () => undefined, newcomer()).catch((error: Refused) => turns.push(error.seconds));
      return turns;
    };
    // A second of line, then 2 a second assumed: the tenth of ten refused has 9 places ahead.
    expect((await turnsOfRefused(10)).at(-1)).toBe(6);
    // Long after every turn, nobody came back: a newcomer refused then has no one ahead.
    await pass(60_000);
    expect(await turnsOfRefused(1)).toEqual([1]);
  });

  it("stops counting a place 5 s after its turn, even one told again after places far back were given", async () => {
    const admit = admission({ limit: 1, pace: steady(1), maxWaitSeconds: 0.5, holdAtMost: 1000, ceiling: 1, horizonSeconds: 600, refusal, key: KEY, now: seconds });
    const ask = (caller: Caller, place?: string) => admit(async () => "in", caller, place).catch((error: Refused) => error);
    const gate = deferred();
    const running = admit(() => gate.promise, newcomer());
    await pass();
    // The front of the line, told 1 s; twenty behind it, told 2 to 11 s (2 a second assumed).
    const front = newcomer();
    const frontRefused = (await ask(front)) as Refused;
    expect(frontRefused.seconds).toBe(1);
    const behind: Refused[] = [];
    for (let i = 0; i < 20; i++) behind.push((await ask(newcomer())) as Refused);
    expect(behind.map((error) => error.seconds)).toEqual([2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11]);
    // At its turn the line is still full (one waits in it): the front is told again, 1 s, and then
    // never comes back (let in by another instance, say).
    await pass(1000);
    const waiter = admit(async () => "in", newcomer());
    expect(await ask(front, frontRefused.place)).toMatchObject({ seconds: 1 });
    // 7.5 s in, the front's turn (2 s) is 5.5 s past, as are the first two behind it: none of the
    // three is ahead of a newcomer any more, only the other eighteen (at 1 a second, twice the half
    // a second the line let in while full, behind a second's wait: 19 s; 20 with the front).
    await pass(6500);
    expect(await ask(newcomer())).toMatchObject({ seconds: 19 });
    gate.resolve();
    await running;
    await waiter;
  });

  it("tells its pace how long each piece let in took, never a refusal", async () => {
    const pace = steady(1);
    const admit = admission({ limit: 1, pace, maxWaitSeconds: 0.05, holdAtMost: 1000, ceiling: 1, horizonSeconds: 60, refusal, key: KEY, now: seconds });
    const gate = deferred();
    const running = admit(() => gate.promise, newcomer());
    await pass();
    for (let i = 0; i < 5; i++) await admit(async () => undefined, newcomer()).catch(() => undefined);
    expect(pace.told).toEqual([]);
    await pass(30);
    gate.resolve();
    await running;
    expect(pace.told).toHaveLength(1);
  });
});
