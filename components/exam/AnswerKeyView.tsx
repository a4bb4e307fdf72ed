import { useLocale, useTranslations } from "next-intl";
import { TextOrImage } from "@/components/ui/TextOrImage";
import type { AcceptedRanges } from "@/lib/quizzes/schemas";
import type { KeyedQuestion, MyAnswerKey } from "@/lib/results";
import { formatIndiaDateTime } from "@/lib/format";
import { acceptedAnswersText, lettersOf, OPTION_LETTERS } from "./keyText";
import { wordingIn, type ExamLanguage, type Wording } from "./language";
import { ObjectionForm } from "./ObjectionForm";

/** Whether a displayed option is among an answer's (or the key's) options. */
function includesOption(answer: KeyedQuestion["yourAnswer"] | KeyedQuestion["keyAnswer"], index: number): boolean {
  return answer === index || (Array.isArray(answer) && (answer as unknown[]).includes(index));
}

/** The words of a "change" on the key: the option, the options or the accepted answers changed. */
const CHANGED = { single: "change", multiple: "changeOptions", integer: "changeAnswers", numerical: "changeAnswers" } as const;

function decisionText(question: KeyedQuestion, decision: "keep" | "change" | "drop") {
  return decision === "change" ? CHANGED[question.answerType] : decision;
}

function OptionRow({ question, wording, index }: { question: KeyedQuestion; wording: Wording & { lang: ExamLanguage }; index: number }) {
  const t = useTranslations("exam.answerKey");
  const yours = includesOption(question.yourAnswer, index);
  const key = includesOption(question.keyAnswer, index);
  const tone = key ? "border-emerald-300 bg-emerald-50" : yours ? "border-red-200 bg-red-50" : "border-slate-200 bg-white";
  return (
    <li className={`flex flex-wrap items-center gap-2 rounded-lg border px-3 py-2 ${tone}`}>
      <span className="font-semibold text-slate-900">{OPTION_LETTERS[index]}.</span>
      <span lang={wording.lang}>
        <TextOrImage text={wording.options[index]} html={wording.html?.options[index]} alt={t("option", { letter: OPTION_LETTERS[index] })} size="thumbnail" />
      </span>
      {yours && <span className="rounded bg-slate-800 px-2 py-0.5 text-xs font-semibold text-white">{t("yourAnswerBadge")}</span>}
      {key && <span className="rounded bg-emerald-800 px-2 py-0.5 text-xs font-semibold text-white">{t("keyBadge")}</span>}
    </li>
  );
}

function ObjectionStatus({ question, objection }: { question: KeyedQuestion; objection: NonNullable<KeyedQuestion["objection"]> }) {
  const t = useTranslations("exam.answerKey");
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800">
      <p>
        <span className="font-semibold">{t("yourObjection")}</span> {objection.reason}
      </p>
      {objection.evidenceUrl && (
        <a href={objection.evidenceUrl} className="text-brand underline">{t("yourImage")}</a>
      )}
      <p className="mt-1 font-semibold" data-testid="objection-decision">
        {objection.decision ? t(`decision.${decisionText(question, objection.decision.decision)}`) : t("awaitingDecision")}
      </p>
      {objection.decision?.note && <p>{t("note", { note: objection.decision.note })}</p>}
    </div>
  );
}

/** Every decision on a question's key, whoever objected, each with its reason. */
function KeyDecisions({ question }: { question: KeyedQuestion }) {
  const t = useTranslations("exam.answerKey");
  const language = useLocale();
  return (
    <section aria-label={t("decisionsOn", { number: question.number })} className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-800">
      <h3 className="font-semibold text-slate-900">{t("decisionsOn", { number: question.number })}</h3>
      <ul className="mt-1 flex flex-col gap-1">
        {question.decisions.map((decision, index) => (
          <li key={index} data-testid="key-decision">
            {t(`decision.${decisionText(question, decision.decision)}`)} {decision.note ? t("reason", { reason: decision.note }) : t("noReason")}{" "}
            <span className="text-slate-600">({formatIndiaDateTime(decision.decidedAt, language)})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Each question as the participant saw it: their options' order, their answer and the key's, in
 * Hindi where the page is in Hindi and the question has a Hindi version.
 */
export function AnswerKeyView({ view }: { view: MyAnswerKey }) {
  const t = useTranslations("exam.answerKey");
  const language = useLocale();
  // "Your answer: B. Key: C. Marks: 0", or for a typed answer "Your answer: 2.50. Accepted answer: 2.49 to 2.51. Marks: 3".
  const answerLine = (question: KeyedQuestion) => {
    const given = question.yourAnswer;
    const key = question.keyAnswer;
    const yours = given === null ? t("notAnswered") : t("yourAnswer", { answer: typeof given === "string" ? given : lettersOf(given) });
    const keyed =
      question.dropped || key === null
        ? question.dropped && t("dropped")
        : question.answerType === "single" || question.answerType === "multiple"
          ? t("key", { answer: lettersOf(key as number | number[]) })
          : t("accepted", { answers: acceptedAnswersText(key as AcceptedRanges, language, (low, high) => t("range", { low, high })) });
    return [yours, keyed, t("marks", { marks: question.marks })].filter(Boolean).join(" ");
  };
  const closesAt = formatIndiaDateTime(view.windowClosesAt, language);
  return (
    <div className="flex flex-col gap-6">
      <section aria-label={t("yourScore")} className="flex flex-col gap-1 text-slate-800">
        <p>
          {t.rich("scoreAgainstKey", {
            score: view.score,
            total: view.totalMarks,
            strong: (chunks) => <strong data-testid="answer-key-score">{chunks}</strong>,
          })}
        </p>
        <p>{view.windowOpen ? t("windowOpen", { closesAt }) : t("windowClosed", { closesAt })}</p>
        <p data-testid="answer-key-status">{view.keyFinal ? t("keyFinal") : t("keyProvisional")}</p>
      </section>
      <ol className="flex flex-col gap-6">
        {view.questions.map((question) => {
          const wording = wordingIn(language, question, question.hi);
          return (
            <li key={question.questionId}>
              <article aria-labelledby={`question-${question.questionId}`} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <h2 id={`question-${question.questionId}`} className="text-lg font-semibold text-slate-900">
                  {t("question", { number: question.number })}
                </h2>
                <div lang={wording.lang}>
                  <TextOrImage text={wording.text} html={wording.html?.text} alt={t("question", { number: question.number })} />
                </div>
                {wording.options.length > 0 && (
                  <ul className="flex flex-col gap-2" aria-label={t("options", { number: question.number })}>
                    {wording.options.map((_, index) => (
                      <OptionRow key={index} question={question} wording={wording} index={index} />
                    ))}
                  </ul>
                )}
                <p className="text-sm text-slate-800">{answerLine(question)}</p>
                {question.decisions.length > 0 && <KeyDecisions question={question} />}
                {question.objection ? (
                  <ObjectionStatus question={question} objection={question.objection} />
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
