import "server-only";

/** Results: ranking with tie splits, publishing frozen results, the winners board, each participant's rank, verification. */
export { myPublishedRanks, publishedWinners, type PublishedBoard } from "./board";
export { defaultPrizeTable } from "./prizes";
export { publishResults } from "./publishing";
export type { Comparison, Placement, PrizeTier } from "./ranking";
export { verifyPublishedResults, type Verification } from "./verify";
