import "server-only";

/** The exam as a participant takes it: access, attempts, order-safe answers, scoring, the clock, proctoring logs and the recording as it is made. */
export { saveAnswer, saveAnswerForSession, saveAnswersForSession } from "./answers";
export { lastRunningDeadline } from "./clock";
export { examPaper, type ExamPaper } from "./paper";
export { nextRecordingSequence, storeRecordingChunk } from "./recordings";
export { answerIsRight, attemptScore } from "./scoring";
export {
  examAccess,
  examClock,
  examStartPace,
  finaliseOverdueAttempts,
  orderedQuestions,
  recordFocusEvents,
  resumeExam,
  saveResponse,
  startExam,
  startExamForSession,
  submitExam,
  type ExamClock,
  type ExamView,
  type TranslatedQuestion,
} from "./service";
export { examStartLine, examStartSegments } from "./start-line";
