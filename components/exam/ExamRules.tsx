import { formatMinutes } from "@/lib/format";

export interface QuizFacts {
  questionCount: number;
  durationSeconds: number;
  marksPerQuestion: number;
}

/** The exam's rules, stated on the instructions page and again just before the start (SPEC §2). */
export function ExamRules({ quiz }: { quiz: QuizFacts }) {
  return (
    <ul className="list-disc space-y-1 pl-6 text-slate-800">
      <li>{quiz.questionCount} questions</li>
      <li>{formatMinutes(quiz.durationSeconds)}</li>
      <li>
        {quiz.marksPerQuestion} {quiz.marksPerQuestion === 1 ? "mark" : "marks"} each
      </li>
      <li>No negative marking</li>
      <li>No return once started</li>
    </ul>
  );
}
