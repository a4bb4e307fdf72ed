import "server-only";

/** The exam: access, attempts, order-safe answers, scoring, proctoring logs and recordings, responses. */
export { saveAnswer, saveAnswerForSession, saveAnswersForSession } from "./answers";
export { nextRecordingSequence, storeRecordingChunk, streamRecording, type RecordingKind } from "./recordings";
export { listFullResponses, listResponses, responseDetail } from "./responses";
export { extraSecondsFor, grantExtraTime, listExtraTime, removeExtraTime, type ExtraTimeGrant, type GrantStanding } from "./extra-time";
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
  type ExamAccess,
  type ExamClock,
  type ExamQuestion,
  type TranslatedQuestion,
  type ExamView,
  type FocusEventInput,
  type ResponseSubmission,
} from "./service";
export {
  answerKeyQuizzes,
  answerKeyReview,
  assertKeySettled,
  decideObjections,
  lastRunningDeadline,
  myAnswerKey,
  objectionWindowClosesAt,
  objectToKey,
  publishAnswerKey,
  rescoreQuiz,
  type AnswerKeyReview,
  type KeyDecisionInput,
  type KeyedQuestion,
  type MyAnswerKey,
  type ObjectionInput,
  type QuestionObjections,
} from "./answer-key";
export {
  appealDisqualification,
  assertNoOpenAppeals,
  decideAppeal,
  disqualifyAttempt,
  myDisqualification,
  reinstateAttempt,
  type AppealView,
  type FlaggedKind,
  type IntegrityFlag,
  type MyDisqualification,
  type ProctoringEvent,
  type ProctoringReport,
} from "./integrity";
