import { formatIndiaDateTime } from "@/lib/format";
import { formatRupeesWithSymbol } from "@/lib/money";
import { listQuestions } from "@/lib/questions/service";
import { listQuizzesForAdmin } from "@/lib/quizzes/admin";
import { QuizManager } from "./QuizManager";
import { quizFormValues } from "./quizForm";
import type { QuizListItem } from "./QuizList";

async function load() {
  try {
    const [quizzes, bank] = await Promise.all([listQuizzesForAdmin(), listQuestions()]);
    return { quizzes, bank };
  } catch (error) {
    console.error("loading quizzes for the admin failed", error);
    return null;
  }
}

/** Dates and money are formatted here, so the browser shows exactly what the server rendered. */
export async function QuizzesTab() {
  const loaded = await load();
  if (!loaded) return <p role="alert" className="text-red-700">Error loading quizzes. Please try again.</p>;

  const quizzes: QuizListItem[] = loaded.quizzes.map((quiz) => ({
    id: quiz.id,
    title: quiz.title,
    isDemo: quiz.isDemo,
    registration: `${formatIndiaDateTime(quiz.formStartAt)} to ${formatIndiaDateTime(quiz.formEndAt)}`,
    exam: `${formatIndiaDateTime(quiz.examStartAt)} to ${formatIndiaDateTime(quiz.examEndAt)}`,
    result: formatIndiaDateTime(quiz.resultAt),
    entryFee: formatRupeesWithSymbol(quiz.entryFeePaise),
    prizeMoney: formatRupeesWithSymbol(quiz.prizeMoneyPaise),
    capacity: quiz.capacity === null ? "Unlimited" : String(quiz.capacity),
    questionCount: quiz.questions.length,
    values: quizFormValues(quiz),
  }));
  const bank = loaded.bank.map(({ id, text, subject }) => ({ id, text, subject }));

  return <QuizManager quizzes={quizzes} bank={bank} />;
}
