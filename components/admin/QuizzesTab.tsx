import { config } from "@/lib/config";
import { formatIndiaDateTime } from "@/lib/format";
import { formatRupeesWithSymbol } from "@/lib/money";
import type { listQuestions, listQuizzesForAdmin } from "@/lib/quizzes";
import { CONTEST_MODEL_EXPLANATIONS, CONTEST_MODEL_LABELS, CONTEST_MODELS } from "@/lib/quizzes/schemas";
import { QuizManager } from "./QuizManager";
import { quizFormValues, type ContestModelOption } from "./quizFormValues";
import type { QuizListItem } from "./QuizList";

/** Every quiz, and the whole question bank to pick a quiz's questions from. */
export interface QuizzesAndBank {
  quizzes: Awaited<ReturnType<typeof listQuizzesForAdmin>>;
  bank: Awaited<ReturnType<typeof listQuestions>>;
}

/**
 * Dates and money are formatted here, so the browser shows exactly what the server rendered.
 * `loaded` is null when the quizzes could not be loaded.
 */
export function QuizzesTab({ loaded }: { loaded: QuizzesAndBank | null }) {
  if (!loaded) return <p role="alert" className="text-red-700">Error loading quizzes. Please try again.</p>;

  const quizzes: QuizListItem[] = loaded.quizzes.map((quiz) => ({
    id: quiz.id,
    title: quiz.title,
    isDemo: quiz.isDemo,
    contestModel: CONTEST_MODEL_LABELS[quiz.contestModel],
    registration: `${formatIndiaDateTime(quiz.formStartAt)} to ${formatIndiaDateTime(quiz.formEndAt)}`,
    exam: `${formatIndiaDateTime(quiz.examStartAt)} to ${formatIndiaDateTime(quiz.examEndAt)}`,
    result: formatIndiaDateTime(quiz.resultAt),
    entryFee: formatRupeesWithSymbol(quiz.entryFeePaise),
    prizeMoney: formatRupeesWithSymbol(quiz.prizeMoneyPaise),
    capacity: quiz.capacity === null ? "Unlimited" : String(quiz.capacity),
    questionCount: quiz.questions.length,
    values: quizFormValues(quiz),
  }));
  const bank = loaded.bank.map(({ id, text, subject, answerType }) => ({ id, text, subject, answerType }));

  const contestModels: ContestModelOption[] = CONTEST_MODELS.map((model) => ({
    value: model,
    label: CONTEST_MODEL_LABELS[model],
    text: config.contest.texts[model],
    explanation: CONTEST_MODEL_EXPLANATIONS[model],
    allowed: model !== "paid_cash" || config.contest.cashPrizesAllowed,
  }));

  return <QuizManager quizzes={quizzes} bank={bank} contestModels={contestModels} />;
}
