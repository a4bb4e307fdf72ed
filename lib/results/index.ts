import "server-only";

/**
 * Results: ranking with tie splits, publishing frozen results with their public results file, telling
 * every participant the digest, the winners board, each participant's rank, verification, prize tables.
 */
export { announceResults } from "./announce";
export { myPublishedRanks, publishedWinners, type PublishedBoard } from "./board";
export { defaultPrizeTable, prizeTablesOf, quizPrizeTable, type QuizPrizeTable } from "./prizes";
export { publishResults } from "./publishing";
export { publicResultsFile } from "./results-file";
export type { Comparison, Placement, PrizeTier } from "./ranking";
export { verifyPublishedResults, type Verification } from "./verify";
