import { acceptedAnswersText, lettersOf, OPTION_LETTERS } from "@/components/exam/keyText";
import { TextOrImage } from "@/components/ui/TextOrImage";
import type { answerKeyQuizzes, AnswerKeyReview, Key, QuestionObjections } from "@/lib/results";
import { formatIndiaDateTime } from "@/lib/format";
import { AdminFilterForm, FilterSelect } from "./AdminFilter";
import { counted } from "./adminUi";
import { KeyDecisionForm } from "./KeyDecisionForm";
import { PublishKeyButton } from "./PublishKeyButton";

export interface AnswerKeysLoaded {
  quizzes: Awaited<ReturnType<typeof answerKeyQuizzes>>;
  review: AnswerKeyReview | null;
}

const DECIDED = { keep: "Kept", change: "Changed", drop: "Dropped" } as const;

const TYPE_NAMES = { single: "One correct option", multiple: "One or more correct options", integer: "Integer answer", numerical: "Numerical answer" } as const;

/** A key as the admin reads it: "C", "A, C", or "42 or 57", "2.49 to 2.51". */
function keyWords(key: Key): string {
  if ("keyOptionIndex" in key) return lettersOf(key.keyOptionIndex);
  if ("keyOptions" in key) return lettersOf(key.keyOptions);
  return acceptedAnswersText(key.keyAnswers, "en", (low, high) => `${low} to ${high}`);
}

/** Before publication the key shown is the one publishing will make public, and says so. */
function keyText(question: QuestionObjections, published: boolean): string {
  if (question.dropped) return "Dropped: everyone gets the mark";
  if (question.key === null) return "No key";
  const accepted = "keyAnswers" in question.key;
  const label = published ? (accepted ? "Accepted" : "Key") : accepted ? "Accepted answers to publish" : "Key to publish";
  return `${label}: ${keyWords(question.key)}`;
}

/** Whether an option is in the key (single or multiple correct). */
function inKey(key: Key | null, option: number): boolean {
  return key !== null && (("keyOptionIndex" in key && key.keyOptionIndex === option) || ("keyOptions" in key && key.keyOptions.includes(option)));
}

function QuestionReview({ quizId, question, published }: { quizId: string; question: QuestionObjections; published: boolean }) {
  const headingId = `key-question-${question.questionId}`;
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">Question {question.number}</h3>
        <p className="text-sm font-semibold text-slate-800" data-testid="objection-count">
          {question.openCount} undecided of {counted(question.totalCount, "objection", "objections")}
        </p>
      </div>
      <TextOrImage text={question.text} html={question.html?.text} alt={`Question ${question.number}`} />
      {question.options.length > 0 && (
        <ol className="grid gap-1 sm:grid-cols-2">
          {question.options.map((option, index) => (
            <li key={index} className={`rounded border px-2 py-1 ${!question.dropped && inKey(question.key, index) ? "border-emerald-300 bg-emerald-50" : "border-slate-200"}`}>
              <span className="font-semibold">{OPTION_LETTERS[index]}.</span>{" "}
              <TextOrImage text={option} html={question.html?.options[index]} alt={`Option ${OPTION_LETTERS[index]}`} size="thumbnail" />
            </li>
          ))}
        </ol>
      )}
      <p className="text-sm text-slate-800">
        {TYPE_NAMES[question.answerType]}. {keyText(question, published)}
      </p>
      {question.objections.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label={`Objections to question ${question.number}`}>
          {question.objections.map((objection) => (
            <li key={objection.id} className="rounded border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800">
              <p>
                <span className="font-semibold">{objection.participantName}</span> ({objection.decided ? "decided" : "undecided"}
                {objection.seenAs !== null && objection.seenAs !== question.number && `; their question ${objection.seenAs}`}): {objection.reason}
              </p>
              {objection.evidenceUrl && (
                <a href={objection.evidenceUrl} target="_blank" rel="noreferrer" className="mt-1 inline-block">
                  {/* A private upload served by /api/files to admins; its size is unknown. */}
                  {/* eslint-disable-next-line @next/next/no-img-element */}
                  <img src={objection.evidenceUrl} alt={`Evidence from ${objection.participantName}`} className="max-h-24 max-w-48 rounded border border-slate-200 object-contain" />
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
      {question.decisions.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm text-slate-700" aria-label={`Decisions on question ${question.number}`}>
          {question.decisions.map((decision) => (
            <li key={decision.decidedAt.toISOString()}>
              {formatIndiaDateTime(decision.decidedAt)}: {DECIDED[decision.decision]}
              {decision.decision === "change" && decision.previous && decision.next && ` from ${keyWords(decision.previous)} to ${keyWords(decision.next)}`}
              {decision.decidedBy && ` by ${decision.decidedBy}`}
              {decision.note && ` — ${decision.note}`}
            </li>
          ))}
        </ul>
      )}
      {published && <KeyDecisionForm quizId={quizId} question={question} />}
    </article>
  );
}

function Review({ review }: { review: AnswerKeyReview }) {
  const { quiz } = review;
  const published = quiz.answerKeyPublishedAt !== null;
  return (
    <section aria-labelledby="answer-key-review" className="flex flex-col gap-4">
      <h2 id="answer-key-review" className="text-xl font-semibold text-slate-900">{quiz.title}</h2>
      {quiz.answerKeyPublishedAt ? (
        <p className="text-slate-800">
          Provisional key published {formatIndiaDateTime(quiz.answerKeyPublishedAt)}; objections {quiz.windowClosesAt && quiz.windowClosesAt > new Date() ? "open until" : "closed on"}{" "}
          {formatIndiaDateTime(quiz.windowClosesAt!)}. {counted(review.openObjections, "undecided objection", "undecided objections")}.
        </p>
      ) : (
        <>
          <p className="text-slate-800">Not published yet. Below is the key that publishing makes public: check each question’s key before you publish it.</p>
          <PublishKeyButton quizId={quiz.id} windowHours={quiz.objectionWindowHours} />
        </>
      )}
      {quiz.resultsPublishedAt && (
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Results are published. A decision now (a key error found later) is recorded but changes no score and no published result until you publish a revision of the results, with its reason, under
          Responses.
        </p>
      )}
      <div className="flex flex-col gap-4">
        {review.questions.map((question) => (
          <QuestionReview key={question.questionId} quizId={quiz.id} question={question} published={published} />
        ))}
      </div>
    </section>
  );
}

/** Pick a quiz whose exam window closed; publish its key, then decide objections question by question. */
export function AnswerKeysTab({ quizId, loaded }: { quizId: string | undefined; loaded: AnswerKeysLoaded | null }) {
  if (!loaded) return <p role="alert" className="text-red-700">Error loading answer keys.</p>;
  return (
    <div className="flex flex-col gap-4">
      <AdminFilterForm tab="answer-keys" submitLabel="Show" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <FilterSelect id="answer-keys-quiz" label="Quiz" name="quiz" defaultValue={quizId ?? ""} wide>
          <option value="">Choose a quiz</option>
          {loaded.quizzes.map((quiz) => (
            <option key={quiz.id} value={quiz.id}>
              {quiz.title}
              {quiz.answerKeyPublishedAt ? ` (${counted(quiz.openObjections, "undecided objection", "undecided objections")})` : " (key not published)"}
            </option>
          ))}
        </FilterSelect>
      </AdminFilterForm>
      {loaded.review ? (
        <Review review={loaded.review} />
      ) : (
        <p className="text-slate-700">{loaded.quizzes.length === 0 ? "No quiz has finished its exam window yet." : "Choose a quiz to publish its key or review objections."}</p>
      )}
    </div>
  );
}
