import "server-only";

/** Quizzes: the public list, each participant's dashboard, the demo, and the admins' quiz and question authoring. */
export { createQuiz, deleteQuiz, duplicateQuiz, listQuizzesForAdmin, updateQuiz } from "./admin";
export { contestModelsInUse, listCompetitions, listQuizzes } from "./competitions";
export { loadDashboard, type DashboardQuiz } from "./dashboard";
export type { CardAction } from "./dashboard-cards";
export { defaultPrizeTable, prizeTablesOf, quizPrizeTable } from "./prizes";
export { quizPaper } from "./sections";
export { loadDemoQuiz, type DemoQuestion } from "./demo";
export { specQuestion, specQuiz } from "./spec-names";
export { previewQuestion, type QuestionPreview } from "./preview";
export { createQuestion, deleteQuestion, listQuestions, listSubjects, questionUsage, updateQuestion, upgradeStoredRenderings } from "./questions";
export { exportQuestionZip, exportQuestions, importQuestionZip, importQuestions, type ImportRowReport } from "./question-transfer";
export { openQuestionImage, storeQuestionImage } from "./images";
