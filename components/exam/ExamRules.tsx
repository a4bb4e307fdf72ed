import { useLocale, useTranslations } from "next-intl";
import type { AnswerType, MarksGroup, Paper, PaperSection } from "@/lib/quizzes/schemas";

export interface QuizFacts {
  questionCount: number;
  durationSeconds: number;
  marksPerQuestion: number;
  /** Marks a wrong answer loses; 0 is no negative marking. */
  wrongAnswerMarks: number;
}

const TYPE_KEYS = { single: "typeSingle", multiple: "typeMultiple", integer: "typeInteger", numerical: "typeNumerical" } as const satisfies Record<AnswerType, string>;

/** The exam's rules, stated on the instructions page and again just before the start (SPEC §2); a paper of sections states each section's marking and the total. */
export function ExamRules({ quiz, paper }: { quiz: QuizFacts; paper?: Paper | null }) {
  const t = useTranslations("exam.rules");
  return (
    <ul className="list-disc space-y-1 pl-6 text-slate-800">
      <li>{t("questions", { count: quiz.questionCount })}</li>
      <li>{t("minutes", { count: Math.round(quiz.durationSeconds / 60) })}</li>
      {paper ? (
        <>
          {paper.sections.map((section, index) => (
            <SectionRule key={index} section={section} />
          ))}
          <li>{t("totalMarks", { marks: paper.totalMarks })}</li>
        </>
      ) : (
        <>
          <li>{t("marksEach", { count: quiz.marksPerQuestion })}</li>
          <li>{quiz.wrongAnswerMarks > 0 ? t("negativeMarking", { count: quiz.wrongAnswerMarks }) : t("noNegativeMarking")}</li>
        </>
      )}
      <li>{t("noReturn")}</li>
      <li>{t("oneClock")}</li>
      <li>{t("scoreAfterWindow")}</li>
    </ul>
  );
}

/** "Section A · One correct: +3 for a correct answer; −1 for a wrong one", in the reader's language. */
function SectionRule({ section }: { section: PaperSection }) {
  const t = useTranslations("exam.rules");
  const types = useTranslations("exam.question");
  const language = useLocale();
  const groups = (list: readonly MarksGroup[], key: "correctGroup" | "wrongGroup") => list.map((group) => t(key, { marks: group.marks, count: group.count })).join(", ");
  const marking = [section.correct.length === 1 ? t("sectionCorrect", { marks: section.correct[0].marks }) : t("sectionCorrectVaried", { groups: groups(section.correct, "correctGroup") })];
  if (section.wrong.every((group) => group.marks === 0)) marking.push(t("sectionNoNegative"));
  else marking.push(section.wrong.length === 1 ? t("sectionWrong", { marks: section.wrong[0].marks }) : t("sectionWrongVaried", { groups: groups(section.wrong, "wrongGroup") }));
  if (section.types.includes("multiple")) marking.push(section.partial === null ? t("sectionAllOrNothing") : t("sectionPartial", { marks: section.partial }));
  if (section.unanswered !== 0) marking.push(t("sectionUnanswered", { marks: section.unanswered }));
  return (
    <li>
      {t("section", {
        name: language === "hi" && section.nameHi ? section.nameHi : section.name,
        types: section.types.map((type) => types(TYPE_KEYS[type])).join(", "),
        marking: marking.join("; "),
      })}
    </li>
  );
}
