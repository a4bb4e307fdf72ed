import "server-only";

/** Results: ranking with tie splits, publishing frozen results, the winners board, each participant's rank, verification, prize tables. */
export { myPublishedRanks, publishedWinners, type PublishedBoard } from "./board";
export { defaultPrizeTable, prizeTablesOf, quizPrizeTable, type QuizPrizeTable } from "./prizes";
export { publishResults } from "./publishing";
export type { Comparison, Placement, PrizeTier } from "./ranking";
export { verifyPublishedResults, type Verification } from "./verify";
