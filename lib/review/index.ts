import "server-only";

/**
 * Review: what admins decide about attempts after (or while) they are taken: the responses and
 * their proctoring reports, recordings to watch, disqualification and a participant's appeal,
 * and extra time as an accommodation.
 */
export { grantExtraTime, listExtraTime, removeExtraTime, type ExtraTimeGrant, type GrantStanding } from "./extra-time";
export {
  appealDisqualification,
  assertNoOpenAppeals,
  decideAppeal,
  disqualifyAttempt,
  myDisqualification,
  reinstateAttempt,
  type IntegrityFlag,
  type MyDisqualification,
  type ProctoringReport,
} from "./integrity";
export { streamRecording } from "./recordings";
export { listFullResponses, listResponses, responseDetail } from "./responses";
