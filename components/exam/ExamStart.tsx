import { FormMessage, primaryButtonClass } from "@/components/ui/form";
import { ExamRules, type QuizFacts } from "./ExamRules";

interface ExamStartProps {
  quiz: QuizFacts & { title: string };
  resuming: boolean;
  starting: boolean;
  error?: string;
  onStart: () => void;
}

/** The instructions again, what proctoring involves, and the button that starts (or resumes) the exam. */
export function ExamStart({ quiz, resuming, starting, error, onStart }: ExamStartProps) {
  return (
    <section aria-labelledby="exam-start" className="flex flex-col items-start gap-4">
      <h1 id="exam-start" className="text-3xl font-bold tracking-tight text-slate-900">{quiz.title}</h1>
      <h2 className="text-xl font-semibold text-slate-900">Instructions</h2>
      <ExamRules quiz={quiz} />
      <p className="max-w-2xl text-slate-700">
        Starting asks to share your screen, camera and microphone; they are recorded until you submit. The quiz runs in
        full-screen mode: leaving it pauses the timer and locks the answers until you return. Copying, pasting, right
        clicks, developer tools, reloading and leaving the page are blocked and logged.
      </p>
      {resuming && (
        <p className="max-w-2xl text-slate-700">
          You have already started this quiz. Your answers and the time left are saved: resume where you left off.
        </p>
      )}
      <button type="button" className={primaryButtonClass} disabled={starting} onClick={onStart}>
        {resuming ? "Resume Quiz" : "Start Quiz"}
      </button>
      {error && <FormMessage tone="error">{error}</FormMessage>}
    </section>
  );
}
