import { useTranslations } from "next-intl";
import type { DashboardQuiz } from "@/lib/quizzes";
import { QuizCard, quizCardTitleId } from "./QuizCard";
import type { PaymentDetails } from "./PaymentModal";

const focusedInSightClass = "sr-only focus:not-sr-only focus:absolute focus:z-10 focus:rounded focus:bg-white focus:p-2 focus:font-semibold focus:text-brand focus:shadow";

/**
 * The dashboard's cards, each opened by a "Skip to next quiz" link, hidden until focused, which
 * takes the keyboard to the next card's link (the last card's past the list): with dozens of
 * quizzes a participant moves card to card instead of through every card's controls. Plain
 * links, so they work before the page has hydrated.
 */
export function QuizCardList({ quizzes, payment, now, listId }: { quizzes: DashboardQuiz[]; payment: PaymentDetails; now: Date; listId: string }) {
  const t = useTranslations("dashboard");
  const skipLinkId = (quizId: string) => `skip-${quizId}`;
  const endId = `${listId}-end`;
  return (
    <>
      <ul className="grid gap-6 md:grid-cols-2">
        {quizzes.map((quiz, index) => (
          <li key={quiz.id} className="relative">
            <a
              id={skipLinkId(quiz.id)}
              href={`#${index + 1 < quizzes.length ? skipLinkId(quizzes[index + 1].id) : endId}`}
              // Read with the card it opens, so a screen reader says where the keyboard is.
              aria-describedby={quizCardTitleId(quiz.id)}
              className={`${focusedInSightClass} focus:top-2 focus:left-2`}
            >
              {t("skipToNextQuiz")}
            </a>
            <QuizCard quiz={quiz} payment={payment} now={now} />
          </li>
        ))}
      </ul>
      {/* Focusable only as the last skip link's target: the next Tab goes on to what follows the list. */}
      <p id={endId} tabIndex={-1} className={focusedInSightClass}>
        {t("endOfQuizList")}
      </p>
    </>
  );
}
