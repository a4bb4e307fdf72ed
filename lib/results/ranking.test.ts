import { describe, expect, it } from "vitest";
import { explainPlacement, rankParticipants, type PrizeTier } from "./ranking";

const TIERS: PrizeTier[] = [
  { rankFrom: 1, rankTo: 1, kind: "cash", amountPaise: 10_000_000 },
  { rankFrom: 2, rankTo: 2, kind: "cash", amountPaise: 5_100_000 },
  { rankFrom: 3, rankTo: 3, kind: "cash", amountPaise: 2_500_000 },
  { rankFrom: 4, rankTo: 53, kind: "free_pass", amountPaise: 0 },
];

const result = (participantId: string, score: number, timeTakenSeconds: number) => ({ participantId, score, timeTakenSeconds });

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
    const share = Math.floor((5_100_000 + 2_500_000) / 3);
    expect(ranked.slice(1, 4).map((row) => row.prizePaise)).toEqual([share, share, share]);
    expect(ranked.slice(1, 4).every((row) => !row.freePass)).toBe(true);
    expect(ranked[4]).toMatchObject({ rank: 5, prizePaise: 0, freePass: true });
    expect(ranked.reduce((total, row) => total + row.prizePaise, 0)).toBeLessThanOrEqual(10_000_000 + 5_100_000 + 2_500_000);
  });

  it("gives a full tie for first the first three prizes split evenly", () => {
    const ranked = rankParticipants([result("x", 25, 500), result("y", 25, 500), result("z", 25, 500)], TIERS);
    expect(ranked.map((row) => [row.rank, row.prizePaise])).toEqual([[1, 5_866_666], [1, 5_866_666], [1, 5_866_666]]);
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
