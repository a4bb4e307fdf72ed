import "server-only";

/**
 * Results: ranking with tie splits, publishing frozen results and their revisions with their public
 * results files, telling every participant the digest, the winners board, each participant's rank,
 * verification; the provisional answer key, objections to it and the admins' decisions (each rescoring every attempt).
 */
export {
  answerKeyQuizzes,
  answerKeyReview,
  decideObjections,
  myAnswerKey,
  objectToKey,
  publishAnswerKey,
  type AnswerKeyReview,
  type Key,
  type KeyedQuestion,
  type MyAnswerKey,
  type QuestionObjections,
} from "./answer-key";
export { announceResults } from "./announce";
export { myPublishedRanks, publishedWinners, TOP_RANKS_WITHOUT_PRIZES, type SupersededVersion } from "./board";
export { publicationPreview, publishResults, type PublicationPreview } from "./publishing";
export { publicResultsFile } from "./results-file";
export { publishRevision, resultsVersions, type ResultsVersion } from "./revisions";
export type { Comparison, PrizeTier } from "./ranking";
export { verifyPublishedResults, type ChainBreak, type Verification } from "./verify";
