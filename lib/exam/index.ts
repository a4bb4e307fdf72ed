import "server-only";

/** The exam: access, attempts, order-safe answers, scoring, proctoring logs and recordings, responses. */
export { saveAnswer, saveAnswerForSession, saveAnswersForSession } from "./answers";
export { nextRecordingSequence, storeRecordingChunk, streamRecording } from "./recordings";
export { listFullResponses, listResponses, responseDetail } from "./responses";
export { grantExtraTime, listExtraTime, removeExtraTime, type ExtraTimeGrant, type GrantStanding } from "./extra-time";
export {
  examAccess,
  examClock,
  examStartLine,
  finaliseOverdueAttempts,
  recordFocusEvents,
  resumeExam,
  saveResponse,
  startExam,
  submitExam,
  type ExamClock,
  type ExamView,
} from "./service";
export {
  answerKeyQuizzes,
  answerKeyReview,
  assertKeySettled,
  decideObjections,
  lastRunningDeadline,
  myAnswerKey,
  objectToKey,
  publishAnswerKey,
  rescoreQuiz,
  type AnswerKeyReview,
  type KeyedQuestion,
  type MyAnswerKey,
  type QuestionObjections,
} from "./answer-key";
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
