import "server-only";

/**
 * Results: ranking with tie splits, publishing frozen results and their revisions with their public
 * results files, telling every participant the digest, the winners board, each participant's rank,
 * verification, prize tables.
 */
export { announceResults } from "./announce";
export { myPublishedRanks, publishedWinners, type SupersededVersion } from "./board";
export { defaultPrizeTable, prizeTablesOf, quizPrizeTable } from "./prizes";
export { publishResults } from "./publishing";
export { publicResultsFile } from "./results-file";
export { publishRevision, resultsVersions, type ResultsVersion } from "./revisions";
export type { Comparison, PrizeTier } from "./ranking";
export { verifyPublishedResults, type ChainBreak, type Verification } from "./verify";
