import { useTranslations } from "next-intl";
import type { AnswerType } from "@/lib/quizzes/schemas";
import type { ExamView } from "@/lib/exam";
import type { ExamLanguage } from "./language";

type Section = ExamView["sections"][number];
type Marks = ExamView["questions"][number]["marks"];

/** A section's name in the language, or in English where it has no Hindi one. */
export function sectionNameIn(language: ExamLanguage, section: Section): string {
  return (language === "hi" && section.nameHi) || section.name;
}

const TYPE_LABELS = { single: "typeSingle", multiple: "typeMultiple", integer: "typeInteger", numerical: "typeNumerical" } as const satisfies Record<AnswerType, string>;

interface QuestionMarkingProps {
  answerType: AnswerType;
  section: Section | null;
  /** The question's own marks, resolved (its override, else its section's, else the quiz's). */
  marks: Marks;
  /** The quiz's marks for a correct answer: a quiz without sections states them on its instructions page. */
  quizMarks: number;
  language: ExamLanguage;
}

/**
 * "Section B · One or more correct · +4 / partial +1 per correct option / −2", and the question's
 * own marks where they differ from its section's. A quiz without sections, of single-correct
 * questions at its one mark value, shows nothing: its instructions said it all.
 */
export function QuestionMarking({ answerType, section, marks, quizMarks, language }: QuestionMarkingProps) {
  const t = useTranslations("exam.question");
  const scheme = (own: { full: number; wrong: number; partial?: number | null }) =>
    own.partial != null && answerType === "multiple"
      ? t("marksPartial", { correct: own.full, partial: own.partial, wrong: own.wrong })
      : t("marks", { correct: own.full, wrong: own.wrong });
  const sectionScheme = section && (section.unanswered !== 0 ? t("marksUnanswered", { marks: scheme(section), unanswered: section.unanswered }) : scheme(section));
  const ownDiffers = section ? marks.full !== section.full || marks.wrong !== section.wrong : marks.full !== quizMarks;
  const parts = [
    section && sectionNameIn(language, section),
    (section || answerType !== "single") && t(TYPE_LABELS[answerType]),
    sectionScheme,
    ownDiffers && t("questionMarks", { marks: scheme({ ...marks, partial: section?.partial }) }),
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return <span className="mt-1 block text-sm text-slate-700">{parts.join(" · ")}</span>;
}
