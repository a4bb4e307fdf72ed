/**
 * Ranking and prize split (SPEC §1, §9): highest score first, then faster submission; a full
 * tie (same score and same time) shares one rank and splits the summed prizes of the
 * positions it covers equally.
 */

export interface Result {
  participantId: string;
  score: number;
  timeTakenSeconds: number;
}

export interface PrizeTier {
  rankFrom: number;
  rankTo: number;
  kind: "cash" | "free_pass";
  amountPaise: number;
}

export interface Ranked extends Result {
  rank: number;
  /** This participant's equal share of the cash of the positions their tie covers, in whole paise. */
  prizePaise: number;
  /** Plays the next quiz free. */
  freePass: boolean;
}

function cashAt(tiers: PrizeTier[], position: number): number {
  const tier = tiers.find((candidate) => candidate.kind === "cash" && position >= candidate.rankFrom && position <= candidate.rankTo);
  return tier?.amountPaise ?? 0;
}

function freePassAt(tiers: PrizeTier[], position: number): boolean {
  return tiers.some((tier) => tier.kind === "free_pass" && position >= tier.rankFrom && position <= tier.rankTo);
}

/** Code-unit order, the same on every machine and locale: the digest depends on it. */
export function byId(a: Pick<Result, "participantId">, b: Pick<Result, "participantId">): number {
  return a.participantId < b.participantId ? -1 : a.participantId > b.participantId ? 1 : 0;
}

export function rankParticipants(results: Result[], tiers: PrizeTier[]): Ranked[] {
  const ordered = [...results].sort((a, b) => b.score - a.score || a.timeTakenSeconds - b.timeTakenSeconds || byId(a, b));
  const ranked: Ranked[] = [];
  for (let start = 0; start < ordered.length; ) {
    let end = start + 1;
    while (end < ordered.length && ordered[end].score === ordered[start].score && ordered[end].timeTakenSeconds === ordered[start].timeTakenSeconds) end++;
    const positions = Array.from({ length: end - start }, (_, offset) => start + 1 + offset);
    const pooled = positions.reduce((total, position) => total + cashAt(tiers, position), 0);
    // Whole paise: a share never exceeds the pool; at most (tie size - 1) paise stay unpaid.
    const share = Math.floor(pooled / positions.length);
    const freePass = share === 0 && positions.some((position) => freePassAt(tiers, position));
    for (const result of ordered.slice(start, end)) ranked.push({ ...result, rank: start + 1, prizePaise: share, freePass });
    start = end;
  }
  return ranked;
}

export interface Standing {
  rank: number;
  score: number;
  timeTakenSeconds: number;
}

/** How the tie rule separated a participant from one neighbour: by score, or by time on equal scores. */
export interface Comparison extends Standing {
  decidedBy: "score" | "time";
}

export interface Placement {
  /** How many others share this rank (same score and same time) and split its prizes. */
  tiedWith: number;
  /** The nearest rank above, and the rule that put it there; null for first place. */
  above: Comparison | null;
  /** The nearest rank below; null for last place. */
  below: Comparison | null;
}

/** Which rule placed a participant against their neighbours in the ranking. */
export function explainPlacement(mine: Standing & { tiedWith: number }, above: Standing | null, below: Standing | null): Placement {
  const compare = (other: Standing | null): Comparison | null =>
    other && { ...other, decidedBy: other.score === mine.score ? "time" : "score" };
  return { tiedWith: mine.tiedWith, above: compare(above), below: compare(below) };
}
