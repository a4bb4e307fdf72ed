/**
 * Ranking and prize split (SPEC §1, §9): highest score first, then faster submission; a full
 * tie (same score and same time) shares one rank and splits the summed prizes of the
 * positions it covers equally, in whole paise. The paise an equal split leaves over (fewer than
 * the tie's size) go one each to the tied participants in order of earlier submission, then of
 * participant id (the pseudonym, in a public results file), so the pool of the ranks taken is
 * always paid in full. Publishing and
 * `results:verify` both rank with this function: the frozen rows and their recomputation agree.
 */

export interface Result {
  participantId: string;
  score: number;
  timeTakenSeconds: number;
  /** When the attempt was submitted: orders the left-over paise of a tie split. */
  submittedAt: Date;
}

export interface PrizeTier {
  rankFrom: number;
  rankTo: number;
  kind: "cash" | "free_pass";
  amountPaise: number;
}

export interface Ranked extends Result {
  rank: number;
  /** This participant's share of the cash of the positions their tie covers, in whole paise (equal but for one left-over paisa). */
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

/** Earlier submission first, then participant id: who receives a tie's left-over paise first. */
function bySubmission(a: Result, b: Result): number {
  return a.submittedAt.getTime() - b.submittedAt.getTime() || byId(a, b);
}

/**
 * A pool of whole paise split among `count` tied participants in their order of precedence: each
 * gets the equal share rounded down, and the first (pool mod count) one paisa more. The shares
 * add up to the pool exactly.
 */
function splitPool(pooledPaise: number, count: number): number[] {
  const share = Math.floor(pooledPaise / count);
  const leftOver = pooledPaise - share * count;
  return Array.from({ length: count }, (_, index) => share + (index < leftOver ? 1 : 0));
}

export function rankParticipants(results: Result[], tiers: PrizeTier[]): Ranked[] {
  const ordered = [...results].sort((a, b) => b.score - a.score || a.timeTakenSeconds - b.timeTakenSeconds || byId(a, b));
  const ranked: Ranked[] = [];
  for (let start = 0; start < ordered.length; ) {
    let end = start + 1;
    while (end < ordered.length && ordered[end].score === ordered[start].score && ordered[end].timeTakenSeconds === ordered[start].timeTakenSeconds) end++;
    const positions = Array.from({ length: end - start }, (_, offset) => start + 1 + offset);
    const pooled = positions.reduce((total, position) => total + cashAt(tiers, position), 0);
    const shares = splitPool(pooled, positions.length);
    const freePass = shares[positions.length - 1] === 0 && positions.some((position) => freePassAt(tiers, position));
    const tie = ordered.slice(start, end).sort(bySubmission);
    for (const [index, result] of tie.entries()) ranked.push({ ...result, rank: start + 1, prizePaise: shares[index], freePass });
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
