import { describe, expect, it } from "vitest";
import { explainPlacement, rankParticipants, type PrizeTier } from "./ranking";

const TIERS: PrizeTier[] = [
  { rankFrom: 1, rankTo: 1, kind: "cash", amountPaise: 10_000_000 },
  { rankFrom: 2, rankTo: 2, kind: "cash", amountPaise: 5_100_000 },
  { rankFrom: 3, rankTo: 3, kind: "cash", amountPaise: 2_500_000 },
  { rankFrom: 4, rankTo: 53, kind: "free_pass", amountPaise: 0 },
];

const SUBMITTED = Date.UTC(2026, 0, 1);
const result = (participantId: string, score: number, timeTakenSeconds: number, submittedAt = new Date(SUBMITTED)) => ({ participantId, score, timeTakenSeconds, submittedAt });

/** The cash of ranks 1 to n: what a ranking of n participants must pay out in all. */
const poolOf = (tiers: PrizeTier[], participants: number) =>
  tiers.filter((tier) => tier.kind === "cash").reduce((total, tier) => total + tier.amountPaise * Math.max(0, Math.min(tier.rankTo, participants) - tier.rankFrom + 1), 0);

/** A small deterministic generator (mulberry32), so a failing shape can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe("ranking and prizes", () => {
  it("ranks by score, then by the faster submission", () => {
    const ranked = rankParticipants([result("slow", 20, 900), result("best", 24, 1500), result("fast", 20, 600)], TIERS);
    expect(ranked.map(({ participantId, rank, prizePaise }) => [participantId, rank, prizePaise])).toEqual([
      ["best", 1, 10_000_000],
      ["fast", 2, 5_100_000],
      ["slow", 3, 2_500_000],
    ]);
  });

  it("splits second and third prizes and the first free pass equally in a three-way tie for second", () => {
    const ranked = rankParticipants([result("a", 25, 700), result("b", 22, 800), result("c", 22, 800), result("d", 22, 800), result("e", 21, 100)], TIERS);
    expect(ranked.map((row) => [row.participantId, row.rank])).toEqual([["a", 1], ["b", 2], ["c", 2], ["d", 2], ["e", 5]]);
    // ₹76,000 splits evenly in three to the paisa but for one: it goes to the earliest submission, then the lowest id.
    expect(ranked.slice(1, 4).map((row) => row.prizePaise)).toEqual([2_533_334, 2_533_333, 2_533_333]);
    expect(ranked.slice(1, 4).every((row) => !row.freePass)).toBe(true);
    expect(ranked[4]).toMatchObject({ rank: 5, prizePaise: 0, freePass: true });
    expect(ranked.reduce((total, row) => total + row.prizePaise, 0)).toBe(10_000_000 + 5_100_000 + 2_500_000);
  });

  it("gives a full tie for first the first three prizes split evenly", () => {
    const ranked = rankParticipants([result("x", 25, 500), result("y", 25, 500), result("z", 25, 500)], TIERS);
    // ₹1,76,000 in three: ₹58,666.66 each and the two paise left over one each by earliest submission (then the id).
    expect(ranked.map((row) => [row.participantId, row.rank, row.prizePaise])).toEqual([["x", 1, 5_866_667], ["y", 1, 5_866_667], ["z", 1, 5_866_666]]);
  });

  it("pays a three-way tie for a ₹200 prize ₹200.00 in all: the left-over paise one each in order of earlier submission", () => {
    const tiers: PrizeTier[] = [{ rankFrom: 1, rankTo: 1, kind: "cash", amountPaise: 20_000 }];
    const at = (seconds: number) => new Date(SUBMITTED + seconds * 1000);
    const ranked = rankParticipants([result("a", 5, 300, at(30)), result("b", 5, 300, at(10)), result("c", 5, 300, at(20))], tiers);
    expect(Object.fromEntries(ranked.map((row) => [row.participantId, row.prizePaise]))).toEqual({ b: 6_667, c: 6_667, a: 6_666 });
    expect(ranked.reduce((total, row) => total + row.prizePaise, 0)).toBe(20_000);
  });

  it("gives the left-over paise by participant id when the tied submissions came at the same moment", () => {
    const tiers: PrizeTier[] = [{ rankFrom: 1, rankTo: 2, kind: "cash", amountPaise: 10_001 }];
    const ranked = rankParticipants([result("q", 5, 300), result("p", 5, 300), result("r", 5, 300)], tiers);
    expect(Object.fromEntries(ranked.map((row) => [row.participantId, row.prizePaise]))).toEqual({ p: 6_668, q: 6_667, r: 6_667 });
  });

  it("pays the whole pool of the ranks taken, whatever the shape of the ties", () => {
    const tierSets: PrizeTier[][] = [
      TIERS,
      [{ rankFrom: 1, rankTo: 1, kind: "cash", amountPaise: 20_000 }],
      [
        { rankFrom: 1, rankTo: 1, kind: "cash", amountPaise: 100_001 },
        { rankFrom: 2, rankTo: 4, kind: "cash", amountPaise: 33_337 },
        { rankFrom: 5, rankTo: 9, kind: "cash", amountPaise: 7 },
        { rankFrom: 10, rankTo: 12, kind: "free_pass", amountPaise: 0 },
      ],
    ];
    const next = random(33);
    for (let round = 0; round < 300; round++) {
      const tiers = tierSets[round % tierSets.length];
      const size = 1 + Math.floor(next() * 15);
      // Few distinct scores and times, so ties of every size (two, three, all) come up.
      const results = Array.from({ length: size }, (_, index) =>
        result(`p${String(index).padStart(2, "0")}`, Math.floor(next() * 3), 100 * Math.floor(next() * 2), new Date(SUBMITTED + Math.floor(next() * 4) * 1000)),
      );
      const ranked = rankParticipants(results, tiers);
      expect(ranked.reduce((total, row) => total + row.prizePaise, 0)).toBe(poolOf(tiers, size));
      for (const rank of new Set(ranked.map((row) => row.rank))) {
        const tie = ranked.filter((row) => row.rank === rank);
        const shares = tie.map((row) => row.prizePaise);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
        // Nobody submitted earlier than someone paid a paisa more.
        for (const richer of tie) for (const poorer of tie) {
          if (richer.prizePaise > poorer.prizePaise) expect(richer.submittedAt.getTime()).toBeLessThanOrEqual(poorer.submittedAt.getTime());
        }
      }
    }
  });

  it("gives free passes to ranks 4 to 53 and nothing after", () => {
    const results = Array.from({ length: 60 }, (_, index) => result(`p${index}`, 100 - index, 600));
    const ranked = rankParticipants(results, TIERS);
    expect(ranked[3]).toMatchObject({ rank: 4, freePass: true, prizePaise: 0 });
    expect(ranked[52]).toMatchObject({ rank: 53, freePass: true });
    expect(ranked[53]).toMatchObject({ rank: 54, freePass: false, prizePaise: 0 });
  });

  it("breaks ties on score by time, not by name", () => {
    const ranked = rankParticipants([result("aaa", 10, 300), result("zzz", 10, 200)], TIERS);
    expect(ranked.map((row) => [row.participantId, row.rank])).toEqual([["zzz", 1], ["aaa", 2]]);
  });
});

describe("explaining a participant's place", () => {
  it("names score as the rule against a higher scorer and time against an equal score", () => {
    const placement = explainPlacement({ rank: 2, score: 20, timeTakenSeconds: 900, tiedWith: 0 }, { rank: 1, score: 24, timeTakenSeconds: 1500 }, { rank: 3, score: 20, timeTakenSeconds: 960 });
    expect(placement).toEqual({
      tiedWith: 0,
      above: { rank: 1, score: 24, timeTakenSeconds: 1500, decidedBy: "score" },
      below: { rank: 3, score: 20, timeTakenSeconds: 960, decidedBy: "time" },
    });
  });

  it("has no one above first place and counts the others in a full tie", () => {
    const placement = explainPlacement({ rank: 1, score: 25, timeTakenSeconds: 500, tiedWith: 2 }, null, { rank: 4, score: 22, timeTakenSeconds: 400 });
    expect(placement).toEqual({ tiedWith: 2, above: null, below: { rank: 4, score: 22, timeTakenSeconds: 400, decidedBy: "score" } });
  });
});
