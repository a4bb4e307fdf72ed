import "server-only";

/** Results: ranking with tie splits, publishing, the winners board and each participant's rank. */
export { defaultPrizeTable, prizeTablesOf, quizPrizeTable, type QuizPrizeTable } from "./prizes";
export { myPublishedRanks, publishedWinners, publishResults, type RankedParticipant } from "./publishing";
