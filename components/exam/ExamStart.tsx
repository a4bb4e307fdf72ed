import { useTranslations } from "next-intl";
import { FormMessage, primaryButtonClass } from "@/components/ui/form";
import { useHydrated } from "@/components/ui/useHydrated";
import type { Paper, ShownText } from "@/lib/quizzes/schemas";
import { ExamRules, type QuizFacts } from "./ExamRules";
import { ExpectedWait } from "./ExpectedWait";

/** The server's word that this start waits its turn in a queue, and when that turn comes (ms since the epoch). */
export interface QueuedStart {
  note: string;
  turnAt: number;
}

interface ExamStartProps {
  /** The title in the page's language (quizTextsIn). */
  quiz: QuizFacts & { title: ShownText };
  paper?: Paper | null;
  resuming: boolean;
  starting: boolean;
  error?: string;
  queue?: QueuedStart;
  onStart: () => void;
}

/** The instructions again, what proctoring involves, and the button that starts (or resumes) the exam. */
export function ExamStart({ quiz, paper, resuming, starting, error, queue, onStart }: ExamStartProps) {
  const t = useTranslations("exam");
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="exam-start" className="flex flex-col items-start gap-4">
      <h1 id="exam-start" lang={quiz.title.lang} className="text-3xl font-bold tracking-tight text-slate-900">{quiz.title.text}</h1>
      <h2 className="text-xl font-semibold text-slate-900">{t("instructions")}</h2>
      <ExamRules quiz={quiz} paper={paper} />
      <p className="max-w-2xl text-slate-700">{t("start.proctoring")}</p>
      {resuming && <p className="max-w-2xl text-slate-700">{t("start.resumeNote")}</p>}
      <button type="button" className={primaryButtonClass} disabled={starting || !hydrated} onClick={onStart}>
        {resuming ? t("start.resumeQuiz") : t("start.startQuiz")}
      </button>
      {queue && <FormMessage tone="info">{queue.note}</FormMessage>}
      {queue && <ExpectedWait key={queue.turnAt} turnAt={queue.turnAt} />}
      {error && <FormMessage tone="error">{error}</FormMessage>}
    </section>
  );
}
