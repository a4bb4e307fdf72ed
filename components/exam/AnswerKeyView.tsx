import { TextOrImage } from "@/components/ui/TextOrImage";
import type { KeyedQuestion, MyAnswerKey } from "@/lib/exam";
import { formatIndiaDateTime } from "@/lib/format";
import { wordingIn, type ExamLanguage, type Wording } from "./language";
import { ObjectionForm } from "./ObjectionForm";

const LETTERS = ["A", "B", "C", "D"];

const DECISION_TEXT = {
  keep: "Kept: the answer key stays as it was.",
  change: "Changed: the correct option was changed and every attempt rescored.",
  drop: "Dropped: everyone gets this question's mark.",
} as const;

function OptionRow({ question, wording, index }: { question: KeyedQuestion; wording: Wording & { lang: ExamLanguage }; index: number }) {
  const yours = question.yourAnswer === index;
  const key = question.keyAnswer === index;
  const tone = key ? "border-emerald-300 bg-emerald-50" : yours ? "border-red-200 bg-red-50" : "border-slate-200 bg-white";
  return (
    <li className={`flex flex-wrap items-center gap-2 rounded-lg border px-3 py-2 ${tone}`}>
      <span className="font-semibold text-slate-900">{LETTERS[index]}.</span>
      <span lang={wording.lang}>
        <TextOrImage text={wording.options[index]} alt={`Option ${LETTERS[index]}`} size="thumbnail" />
      </span>
      {yours && <span className="rounded bg-slate-800 px-2 py-0.5 text-xs font-semibold text-white">Your answer</span>}
      {key && <span className="rounded bg-emerald-800 px-2 py-0.5 text-xs font-semibold text-white">Key</span>}
    </li>
  );
}

function ObjectionStatus({ objection }: { objection: NonNullable<KeyedQuestion["objection"]> }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800">
      <p>
        <span className="font-semibold">Your objection:</span> {objection.reason}
      </p>
      {objection.evidenceUrl && (
        <a href={objection.evidenceUrl} className="text-brand underline">Your image</a>
      )}
      <p className="mt-1 font-semibold" data-testid="objection-decision">
        {objection.decision ? DECISION_TEXT[objection.decision.decision] : "Awaiting the admins' decision."}
      </p>
      {objection.decision?.note && <p>Note: {objection.decision.note}</p>}
    </div>
  );
}

/**
 * Each question as the participant saw it: their options' order, their answer and the key's, in
 * Hindi where the language is Hindi and the question has a Hindi version.
 */
export function AnswerKeyView({ view, language = "en" }: { view: MyAnswerKey; language?: ExamLanguage }) {
  return (
    <div className="flex flex-col gap-6">
      <section aria-label="Your score" className="flex flex-col gap-1 text-slate-800">
        <p>
          Your score against this key: <strong data-testid="answer-key-score">{view.score} out of {view.totalMarks}</strong>
        </p>
        <p>
          {view.windowOpen
            ? `You may object to a question until ${formatIndiaDateTime(view.windowClosesAt)}, once per question.`
            : `Objections closed on ${formatIndiaDateTime(view.windowClosesAt)}.`}
        </p>
      </section>
      <ol className="flex flex-col gap-6">
        {view.questions.map((question) => {
          const wording = wordingIn(language, question, question.hi);
          return (
            <li key={question.questionId}>
              <article aria-labelledby={`question-${question.questionId}`} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <h2 id={`question-${question.questionId}`} className="text-lg font-semibold text-slate-900">
                  Question {question.number}
                </h2>
                <p lang={wording.lang}>
                  <TextOrImage text={wording.text} alt={`Question ${question.number}`} />
                </p>
                <ul className="flex flex-col gap-2" aria-label={`Options of question ${question.number}`}>
                  {wording.options.map((_, index) => (
                    <OptionRow key={index} question={question} wording={wording} index={index} />
                  ))}
                </ul>
                <p className="text-sm text-slate-800">
                  {question.yourAnswer === null ? "You did not answer. " : `Your answer: ${LETTERS[question.yourAnswer]}. `}
                  {question.dropped ? "This question was dropped. " : question.keyAnswer !== null ? `Key: ${LETTERS[question.keyAnswer]}. ` : ""}
                  Marks: {question.marks}
                </p>
                {question.objection ? (
                  <ObjectionStatus objection={question.objection} />
                ) : (
                  view.windowOpen && <ObjectionForm quizId={view.quizId} questionId={question.questionId} questionNumber={question.number} />
                )}
              </article>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
