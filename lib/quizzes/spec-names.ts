import { paiseToRupees } from "@/lib/money";

interface QuizRow {
  id: string;
  title: string;
  name: string;
  description: string;
  prizeMoneyPaise: number;
  formStartAt: Date;
  formEndAt: Date;
  examStartAt: Date;
  resultAt: Date;
  questionCount: number;
}

interface QuestionRow {
  id: string;
  createdById: string | null;
}

/**
 * A quiz with SPEC §3's Quiz names beside its own (prizeMoney in rupees). `questions` is the
 * picked question ids where the caller may know them (admins), else how many: SPEC's "count".
 */
export function specQuiz<Row extends QuizRow & { questions?: string[] }>(quiz: Row) {
  return {
    ...quiz,
    _id: quiz.id,
    prizeMoney: paiseToRupees(quiz.prizeMoneyPaise),
    examDate: quiz.examStartAt,
    formStartDate: quiz.formStartAt,
    formEndDate: quiz.formEndAt,
    resultDate: quiz.resultAt,
    questions: quiz.questions ?? quiz.questionCount,
  };
}

/** A bank question with SPEC §3's Question names beside its own. */
export function specQuestion<Row extends QuestionRow>(question: Row) {
  return { ...question, _id: question.id, createdBy: question.createdById };
}
