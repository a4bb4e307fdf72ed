import { z } from "zod";
import type { listQuizzesForAdmin } from "@/lib/quizzes";
import { CASH_PRIZES_UNCONFIRMED } from "@/lib/catalogue";
import { paiseToRupees } from "@/lib/money";
import { CONTEST_MODELS, copyTitle, quizSchema, type ContestModel, type PrizeTierRow, type SectionInput } from "@/lib/quizzes/schemas";
import { fromIndiaInput, toIndiaInput } from "./indiaDateTime";

type AdminQuizRow = Awaited<ReturnType<typeof listQuizzesForAdmin>>[number];

/** What the quiz form's inputs hold: text, India-time datetime-local values and picked question ids. */
const quizFields = z.object({
  title: z.string(),
  /** Blank: no Hindi title, and Hindi pages show the English one. */
  titleHi: z.string(),
  name: z.string(),
  description: z.string(),
  descriptionHi: z.string(),
  /** "" until the admin picks one: a new quiz has no model preselected. */
  contestModel: z.union([z.enum(CONTEST_MODELS), z.literal("")]),
  /** The confirmation that paid entry with cash prizes is lawful where the quiz runs; ticked anew on every save. */
  cashPrizesLawfulConfirmed: z.boolean(),
  prizeMoney: z.string(),
  entryFee: z.string(),
  capacity: z.string(),
  durationMinutes: z.string(),
  marksPerQuestion: z.string(),
  wrongAnswerMarks: z.string(),
  shuffleQuestions: z.boolean(),
  shuffleOptions: z.boolean(),
  objectionWindowHours: z.string(),
  formStartDate: z.string(),
  formEndDate: z.string(),
  examDate: z.string(),
  examEndDate: z.string(),
  resultDate: z.string(),
  questions: z.array(z.string()),
  /** The quiz's sections as typed; none: every question takes the marking scheme above. */
  sections: z.array(
    z.object({
      name: z.string(),
      nameHi: z.string(),
      marksCorrect: z.string(),
      marksWrong: z.string(),
      marksUnanswered: z.string(),
      /** Partial marks for a multiple-correct question's correct but incomplete choice; off: all or nothing. */
      partial: z.boolean(),
      marksPartial: z.string(),
    }),
  ),
  /** Each picked question's section (its index, "" for none yet) and own marks ("" for the section's), by question id. */
  // A question picked just now has no entry until its inputs are drawn: blank until then.
  placement: z.record(z.string(), z.object({ section: z.string().default(""), marksCorrect: z.string().default(""), marksWrong: z.string().default("") })),
  /** The prize table's rows as typed: ranks and the cash per rank in rupees. */
  prizes: z.array(z.object({ rankFrom: z.string(), rankTo: z.string(), kind: z.enum(["cash", "free_pass"]), amount: z.string().optional() })),
  /** Registration has opened: the prizes are shown read-only and not sent, so they stay as they are. */
  prizesLocked: z.boolean(),
});

type PrizeRowValues = QuizFormValues["prizes"][number];

export type QuizFormValues = z.input<typeof quizFields>;

/** Blank number inputs must fail as missing, not pass as 0 (which Number("") would give). */
function blankToUndefined(value: string): string | undefined {
  return value.trim() === "" ? undefined : value;
}

type Placement = QuizFormValues["placement"];

/** A question's own marks left blank: none, it takes its section's. */
function blankToNull(value: string): string | null {
  return value.trim() === "" ? null : value;
}

/**
 * The sections as the API takes them, each with its picked questions in the picked order. A
 * picked question in no section is in none of them, so the quiz's questions (sent in the picked
 * order then) differ from the sections' and quizSchema says so.
 */
function sectionsBody(values: Pick<QuizFormValues, "sections" | "questions" | "placement">) {
  return values.sections.map((section, index) => ({
    name: section.name,
    nameHi: section.nameHi,
    marksCorrect: blankToUndefined(section.marksCorrect),
    marksWrong: blankToUndefined(section.marksWrong),
    marksUnanswered: blankToUndefined(section.marksUnanswered),
    marksPartial: section.partial ? section.marksPartial : null,
    questions: values.questions
      .filter((questionId) => values.placement[questionId]?.section === String(index))
      .map((questionId) => ({ questionId, marksCorrect: blankToNull(values.placement[questionId].marksCorrect ?? ""), marksWrong: blankToNull(values.placement[questionId].marksWrong ?? "") })),
  }));
}

/** The quiz's questions in order: the sections', section after section, once every picked one is in a section. */
function orderedQuestions(questions: readonly string[], placement: Placement, sectionCount: number): string[] {
  if (sectionCount === 0 || questions.some((questionId) => !placement[questionId]?.section)) return [...questions];
  return Array.from({ length: sectionCount }, (_, index) => questions.filter((questionId) => placement[questionId].section === String(index))).flat();
}

/**
 * The inputs are turned into the API's body and checked with the API's own quizSchema, so the
 * browser and the server never disagree; the keys are the same, so errors land on their fields.
 */
export const quizFormSchema = quizFields
  .transform(({ prizesLocked, placement, ...values }): z.input<typeof quizSchema> => ({
    ...values,
    questions: orderedQuestions(values.questions, placement, values.sections.length),
    sections: sectionsBody({ ...values, placement }),
    // None picked: undefined, which quizSchema refuses with the catalogue's "Choose a contest model"
    // on the radio group (the cast only lets the value through to that check).
    contestModel: (values.contestModel || undefined) as ContestModel,
    cashPrizesLawfulConfirmed: values.contestModel === "paid_cash" ? values.cashPrizesLawfulConfirmed : undefined,
    prizes: prizesLocked
      ? undefined
      : values.prizes.map((tier) => ({
          rankFrom: blankToUndefined(tier.rankFrom),
          rankTo: blankToUndefined(tier.rankTo),
          kind: tier.kind,
          amount: tier.kind === "cash" ? (tier.amount ?? "") : undefined,
        })),
    name: blankToUndefined(values.name),
    prizeMoney: blankToUndefined(values.prizeMoney),
    entryFee: blankToUndefined(values.entryFee),
    // A blank capacity means unlimited seats.
    capacity: blankToUndefined(values.capacity) ?? null,
    durationMinutes: blankToUndefined(values.durationMinutes),
    // Not sent once registration has opened (shown read-only), so the quiz keeps its own.
    marksPerQuestion: prizesLocked ? undefined : blankToUndefined(values.marksPerQuestion),
    wrongAnswerMarks: prizesLocked ? undefined : blankToUndefined(values.wrongAnswerMarks),
    objectionWindowHours: blankToUndefined(values.objectionWindowHours),
    formStartDate: fromIndiaInput(values.formStartDate),
    formEndDate: fromIndiaInput(values.formEndDate),
    examDate: fromIndiaInput(values.examDate),
    examEndDate: fromIndiaInput(values.examEndDate),
    resultDate: fromIndiaInput(values.resultDate),
  }))
  .pipe(quizSchema)
  // The server refuses it too (lib/quizzes/admin.ts); here it lands on the checkbox.
  .superRefine((quiz, context) => {
    if (quiz.contestModel === "paid_cash" && quiz.cashPrizesLawfulConfirmed !== true) {
      context.addIssue({ code: "custom", message: CASH_PRIZES_UNCONFIRMED, path: ["cashPrizesLawfulConfirmed"] });
    }
  });

function prizeRowValues(tiers: readonly PrizeTierRow[]): PrizeRowValues[] {
  return tiers.map((tier) => ({
    rankFrom: String(tier.rankFrom),
    rankTo: String(tier.rankTo),
    kind: tier.kind,
    amount: tier.kind === "cash" ? String(paiseToRupees(tier.amountPaise)) : "",
  }));
}

/**
 * A new quiz starts from the spec's usual exam (500 rupees, 30 minutes), with no contest model (the
 * admin picks one) and no prizes: every tier it pays is one the admin added and saw, never a tier
 * of the default table (whose free passes to ranks 4 to 53 a small quiz would carry unnoticed).
 */
export function newQuizValues(): QuizFormValues {
  return { ...NEW_QUIZ, prizeMoney: "0", prizes: [] };
}

/**
 * Duplicate: a new quiz that starts from the original's values, its title marked as a copy, and
 * is created only when the admin saves it. Its prizes and marking are set on that save like any
 * new quiz's (the original's may be fixed), its model confirmed lawful anew, and it is not the
 * demo, so the demo's questions (answers public) stay behind.
 */
export function copiedQuizValues(original: { values: QuizFormValues; isDemo: boolean }): QuizFormValues {
  return {
    ...original.values,
    title: copyTitle(original.values.title),
    questions: original.isDemo ? [] : original.values.questions,
    cashPrizesLawfulConfirmed: false,
    prizesLocked: false,
  };
}

/**
 * One contest model as the form offers it: its name, its one line from configuration, what it
 * means for the admin choosing it, and whether this site allows it.
 */
export interface ContestModelOption {
  value: ContestModel;
  label: string;
  text: string;
  explanation: string;
  allowed: boolean;
}

const NEW_QUIZ: QuizFormValues = {
  title: "",
  titleHi: "",
  name: "",
  description: "",
  descriptionHi: "",
  contestModel: "",
  cashPrizesLawfulConfirmed: false,
  prizeMoney: "",
  entryFee: "500",
  capacity: "",
  durationMinutes: "30",
  marksPerQuestion: "1",
  wrongAnswerMarks: "0",
  shuffleQuestions: true,
  shuffleOptions: false,
  objectionWindowHours: "48",
  formStartDate: "",
  formEndDate: "",
  examDate: "",
  examEndDate: "",
  resultDate: "",
  questions: [],
  sections: [],
  placement: {},
  prizes: [],
  prizesLocked: false,
};

/** A quiz's prizes as it pays them: its own table, the default one it is paid from, or none; never a table it does not have. */
export function quizFormValues(quiz: AdminQuizRow): QuizFormValues {
  return {
    title: quiz.title,
    titleHi: quiz.titleHi ?? "",
    name: quiz.name,
    description: quiz.description,
    descriptionHi: quiz.descriptionHi ?? "",
    contestModel: quiz.contestModel,
    cashPrizesLawfulConfirmed: false,
    prizeMoney: String(paiseToRupees(quiz.prizeMoneyPaise)),
    entryFee: String(paiseToRupees(quiz.entryFeePaise)),
    capacity: quiz.capacity === null ? "" : String(quiz.capacity),
    durationMinutes: String(Math.round(quiz.durationSeconds / 60)),
    marksPerQuestion: String(quiz.marksPerQuestion),
    wrongAnswerMarks: String(quiz.wrongAnswerMarks),
    shuffleQuestions: quiz.shuffleQuestions,
    shuffleOptions: quiz.shuffleOptions,
    objectionWindowHours: String(quiz.objectionWindowHours),
    formStartDate: toIndiaInput(quiz.formStartAt),
    formEndDate: toIndiaInput(quiz.formEndAt),
    examDate: toIndiaInput(quiz.examStartAt),
    examEndDate: toIndiaInput(quiz.examEndAt),
    resultDate: toIndiaInput(quiz.resultAt),
    questions: quiz.questions,
    sections: quiz.sections.map((section) => ({
      name: section.name,
      nameHi: section.nameHi ?? "",
      marksCorrect: String(section.marksCorrect),
      marksWrong: String(section.marksWrong),
      marksUnanswered: String(section.marksUnanswered),
      partial: section.marksPartial !== null,
      marksPartial: section.marksPartial === null ? "" : String(section.marksPartial),
    })),
    placement: placementOf(quiz.sections),
    prizes: prizeRowValues(quiz.prizes),
    prizesLocked: quiz.prizesLocked,
  };
}

/** Each question of the sections: which section it is in, and its own marks. */
function placementOf(sections: readonly SectionInput[]): Placement {
  return Object.fromEntries(
    sections.flatMap((section, index) =>
      section.questions.map((question) => [
        question.questionId,
        { section: String(index), marksCorrect: question.marksCorrect === null ? "" : String(question.marksCorrect), marksWrong: question.marksWrong === null ? "" : String(question.marksWrong) },
      ]),
    ),
  );
}

/** A new section as the editor adds it: the quiz's marking to start from, all or nothing. */
export function newSectionValues(position: number, marksCorrect: string, marksWrong: string): QuizFormValues["sections"][number] {
  return { name: `Section ${String.fromCharCode(65 + position)}`, nameHi: "", marksCorrect, marksWrong, marksUnanswered: "0", partial: false, marksPartial: "" };
}
