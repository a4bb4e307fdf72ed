import { z } from "zod";
import {
  ACCEPTED_ANSWER_NOT_NUMBER,
  ACCEPTED_ANSWER_NOT_WHOLE,
  ACCEPTED_ANSWER_OUT_OF_RANGE,
  ACCEPTED_ANSWER_TOO_PRECISE,
  ACCEPTED_ANSWERS_REQUIRED,
  ANSWER_DECIMALS_RANGE,
  ANSWER_RANGE_HALF,
  ANSWER_RANGE_NOT_NUMBER,
  ANSWER_RANGE_ORDER,
  ANSWER_RANGE_REQUIRED,
  ANSWER_TYPE_UNKNOWN,
  CORRECT_OPTION_NOT_AN_OPTION,
  CORRECT_OPTIONS_REQUIRED,
  HINDI_OPTIONS_COUNT,
  OPTIONS_COUNT,
  OPTIONS_REPEATED,
  TOLERANCE_INVALID,
  TYPED_QUESTION_HAS_OPTIONS,
} from "@/lib/catalogue";
import { CASH_PRIZE_POSITIVE, CERTIFICATES_WITH_CASH, CERTIFICATES_WITH_FREE_PASS, CONTEST_MODEL_REQUIRED, DATES_OUT_OF_ORDER, FREE_ENTRY_WITH_FEE, HINDI_INCOMPLETE, MARKS_TWO_DECIMALS, OPTION_INDEX_RANGE, PRIZE_RANKS_ORDER, PRIZE_RANKS_OVERLAP, prizeSumMismatch, SECTION_NEEDS_QUESTIONS, SECTIONS_HOLD_THE_QUESTIONS } from "@/lib/catalogue";
import { decimalText, fromHundredths, toHundredths } from "@/lib/marks";
import type { AcceptedRanges, AnswerType } from "@/db/schema";
import type { QuestionField } from "@/lib/content";
import { rupeesToPaise } from "@/lib/money";
import { instant, rupees, text, wholeNumber } from "@/lib/validation";

// Screens take a question's types from here, never from the table definitions.
export type { AcceptedRanges, AnswerType };

/** A quiz named in a route's path. */
export const quizParams = z.object({ quizId: z.uuid("This quiz does not exist.") });

/** Shared by the admin's quiz form and /api/addquizes, /api/updatequizes. */

/** Up to one crore: far above any prize or fee, and well inside the paise column. */
const quizRupees = (label: string) => rupees(label, { allowZero: true, maxRupees: 10_000_000 });

const PRIZE_KINDS = ["cash", "free_pass"] as const;
type PrizeKind = (typeof PRIZE_KINDS)[number];

/** One row of a quiz's prize table in paise, as stored. */
export interface PrizeTierRow {
  rankFrom: number;
  rankTo: number;
  kind: PrizeKind;
  amountPaise: number;
}

/** The most rows a prize table holds, and the lowest rank it may name. */
const MAX_PRIZE_TIERS = 50;
const MAX_PRIZE_RANK = 1_000_000;

/**
 * One rank range's prize: cash in rupees for each rank in the range, or a free pass to a later
 * quiz (no amount).
 */
const prizeTierSchema = z
  .object({
    rankFrom: wholeNumber("The first rank", { min: 1, max: MAX_PRIZE_RANK }),
    rankTo: wholeNumber("The last rank", { min: 1, max: MAX_PRIZE_RANK }),
    kind: z.enum(PRIZE_KINDS, { error: "Choose cash or a free pass." }),
    amount: quizRupees("The cash prize").optional(),
  })
  .refine((tier) => tier.rankFrom <= tier.rankTo, { message: PRIZE_RANKS_ORDER, path: ["rankTo"] })
  .refine((tier) => tier.kind !== "cash" || (tier.amount ?? 0) > 0, { message: CASH_PRIZE_POSITIVE, path: ["amount"] });

export type PrizeTierInput = z.output<typeof prizeTierSchema>;

/** The table as stored: sorted by rank, amounts in paise, free passes at 0. */
export function prizeTierRows(tiers: readonly PrizeTierInput[]): PrizeTierRow[] {
  return tiers
    .map((tier) => ({ rankFrom: tier.rankFrom, rankTo: tier.rankTo, kind: tier.kind, amountPaise: tier.kind === "cash" ? rupeesToPaise(tier.amount ?? 0) : 0 }))
    .sort((a, b) => a.rankFrom - b.rankFrom);
}

/** What a table pays out in cash: each range's amount once per rank in it. */
export function cashTotalPaise(rows: readonly PrizeTierRow[]): number {
  return rows.reduce((total, row) => total + (row.kind === "cash" ? row.amountPaise * (row.rankTo - row.rankFrom + 1) : 0), 0);
}

/**
 * Why a prize table cannot be a quiz's, or undefined when it can: ranks in order and not
 * overlapping, cash above zero, and the cash adding up exactly to the declared prize money.
 */
export function prizeTableProblem(rows: readonly PrizeTierRow[], prizeMoneyPaise: number): string | undefined {
  const sorted = [...rows].sort((a, b) => a.rankFrom - b.rankFrom);
  for (const [index, row] of sorted.entries()) {
    if (row.rankFrom < 1 || row.rankFrom > row.rankTo) return PRIZE_RANKS_ORDER;
    if (row.kind === "cash" && row.amountPaise <= 0) return CASH_PRIZE_POSITIVE;
    if (index > 0 && row.rankFrom <= sorted[index - 1].rankTo) return PRIZE_RANKS_OVERLAP;
  }
  const cash = cashTotalPaise(sorted);
  return cash === prizeMoneyPaise ? undefined : prizeSumMismatch(cash, prizeMoneyPaise);
}

/**
 * A quiz's contest model (quizzes.contest_model): free entry with sponsored prizes, paid entry with
 * certificates and scholarships only, or paid entry with cash prizes.
 */
export const CONTEST_MODELS = ["free_entry", "paid_certificates", "paid_cash"] as const;
export type ContestModel = (typeof CONTEST_MODELS)[number];

/** The form's short name of each model; the line explaining it comes from configuration. */
export const CONTEST_MODEL_LABELS: Record<ContestModel, string> = {
  free_entry: "Free entry, sponsored prizes",
  paid_certificates: "Paid entry, certificates and scholarships only",
  paid_cash: "Paid entry, cash prizes",
};

/** What each model means for the admin choosing it on the quiz form (the admin panel is English). */
export const CONTEST_MODEL_EXPLANATIONS: Record<ContestModel, string> = {
  free_entry: "No entry fee: anyone registers without paying. Prizes, cash or otherwise, are paid by the sponsor, not out of fees.",
  paid_certificates:
    "Participants pay the entry fee by UPI or from their wallet; ranks earn certificates and scholarships, never money or free passes (a free pass pays a later entry fee, so it is worth money). Prize money stays 0.",
  paid_cash:
    "Participants pay the entry fee and the top ranks win cash. India's Promotion and Regulation of Online Gaming Act, 2025 forbids online games played for a fee in expectation of money winnings, whether of skill or chance; choose this only where it is lawful.",
};

/**
 * Why a quiz's fee and prizes do not fit its model, or undefined when they do: free entry takes no
 * fee; certificates-only pays nothing worth money (prize money 0, no cash and no free passes, since
 * a free pass pays a later quiz's entry fee: a prize in kind a paid entry may not carry while cash
 * prizes are off). Whether the deployment allows cash prizes at all is the server's to check (lib/config).
 */
export function contestModelProblem(
  model: ContestModel,
  quiz: { entryFeePaise: number; prizeMoneyPaise: number; tiers?: readonly PrizeTierRow[] | null },
): { message: string; path: "entryFee" | "prizeMoney" | "prizes" } | undefined {
  if (model === "free_entry" && quiz.entryFeePaise !== 0) return { message: FREE_ENTRY_WITH_FEE, path: "entryFee" };
  if (model === "paid_certificates") {
    if (quiz.tiers?.some((tier) => tier.kind === "cash")) return { message: CERTIFICATES_WITH_CASH, path: "prizes" };
    if (quiz.tiers?.some((tier) => tier.kind === "free_pass")) return { message: CERTIFICATES_WITH_FREE_PASS, path: "prizes" };
    if (quiz.prizeMoneyPaise !== 0) return { message: CERTIFICATES_WITH_CASH, path: "prizeMoney" };
  }
  return undefined;
}

/** Far above any paper's marks for one question, well inside the numeric(6,2) columns. */
const MAX_MARKS = 100;
const DECIMAL_TEXT = /^\d+(?:\.(\d+))?$/;

/**
 * Marks as a JSON number or a plain decimal string ("2.5", "0.25"), of at most two decimals: they
 * are held as exact hundredths (numeric(6,2), lib/marks.ts), so a third decimal would be
 * lost, and is refused instead. `positive`: more than 0 (a correct answer's); else 0 or more (a
 * deduction). `optional`: left out or null is none (null) rather than missing; blank is still missing.
 */
function marks<Optional extends boolean = false>(label: string, { positive, optional }: { positive: boolean; optional?: Optional }) {
  const range = positive ? `${label} must be more than 0 and at most ${MAX_MARKS}.` : `${label} must be from 0 to ${MAX_MARKS}.`;
  return z.union([z.number(), z.string(), z.null(), z.undefined()], { error: range }).transform((input, context): Optional extends true ? number | null : number => {
    type Result = Optional extends true ? number | null : number;
    if ((input === undefined || input === null) && optional) return null as Result;
    const blank = input === undefined || input === null || (typeof input === "string" && input.trim() === "");
    const typed = typeof input === "string" ? DECIMAL_TEXT.exec(input.trim()) : null;
    const value = typeof input === "number" ? input : typed ? Number(typed[0]) : Number.NaN;
    const tooPrecise = typed ? (typed[1]?.length ?? 0) > 2 : Math.abs(value * 100 - Math.round(value * 100)) >= 1e-6;
    const problem = blank
      ? `${label} is required.`
      : !Number.isFinite(value) || value < 0 || (positive && value === 0) || value > MAX_MARKS
        ? range
        : tooPrecise
          ? MARKS_TWO_DECIMALS
          : undefined;
    if (problem) {
      context.addIssue({ code: "custom", message: problem });
      return z.NEVER;
    }
    // 0.1 + 0.2 arrives as 0.30000000000000004: kept as the two-decimal number it means.
    return fromHundredths(toHundredths(value)) as Result;
  });
}

const SECTION_NAME_MAX = 80;
const MAX_SECTIONS = 10;

/** One question of a section, in order, with its own marks over the section's where it has them (IOQM: 2, 3 or 5). */
const sectionQuestionSchema = z.object({
  questionId: z.uuid("Unknown question."),
  // Left out, as much as null: the section's marks (a transform alone would make the key required).
  marksCorrect: marks("A question's own marks for a correct answer", { positive: true, optional: true }).default(null),
  marksWrong: marks("A question's own marks deducted for a wrong answer", { positive: false, optional: true }).default(null),
});

/**
 * A section of a quiz: its name in English (and Hindi, optional), its marking scheme and its
 * questions in order. `marksPartial` null is all or nothing for a multiple-correct question;
 * else these marks per correct option chosen when the choice is correct but incomplete (JEE
 * Advanced: correct 4, partial 1, wrong 2).
 */
const sectionSchema = z.object({
  name: text("Section name", "Each section needs a name.").trim().min(1, "Each section needs a name.").max(SECTION_NAME_MAX, `A section name is at most ${SECTION_NAME_MAX} characters.`),
  nameHi: z
    .union([text("Section name (Hindi)").trim().max(SECTION_NAME_MAX, `A section name is at most ${SECTION_NAME_MAX} characters.`), z.null(), z.undefined()])
    .transform((value) => value || null)
    .default(null),
  marksCorrect: marks("A section's marks for a correct answer", { positive: true }),
  marksWrong: marks("A section's marks deducted for a wrong answer", { positive: false }).default(0),
  marksUnanswered: marks("A section's marks for an unanswered question", { positive: false }).default(0),
  marksPartial: marks("Partial marks per correct option chosen", { positive: true, optional: true }).default(null),
  questions: z.array(sectionQuestionSchema).min(1, SECTION_NEEDS_QUESTIONS).max(500),
});

export type SectionInput = z.output<typeof sectionSchema>;

/** A quiz's title and description in the page's language, for every screen that shows them. */
export { quizTextsIn, textIn, type ShownText } from "./texts";

/** The paper a quiz's sections make, for the quiz editor's preview in the browser as for the instructions page. */
export { paperOf, type MarksGroup, type Paper, type PaperSection, type SectionMarking } from "./paper";

/** The quiz's questions in order when it has sections: each section's, section after section. */
function sectionedQuestionIds(sections: readonly Pick<SectionInput, "questions">[]): string[] {
  return sections.flatMap((section) => section.questions.map((question) => question.questionId));
}

/** An optional Hindi text of a quiz: left out stays undefined (unchanged), blank or null becomes null (none). */
function hindiText(label: string, max: number) {
  return z
    .union([text(label).trim().max(max, `${label} must be at most ${max} characters.`), z.null()])
    .transform((value) => value || null)
    .optional();
}

export const quizSchema = z
  .object({
    title: text("Title", "Title is required.").trim().min(1, "Title is required.").max(120, "The title must be at most 120 characters."),
    /** The Hindi texts (not in SPEC's payload): left out, a quiz keeps those it has; blank or null, it has none. */
    titleHi: hindiText("Title (Hindi)", 120),
    name: text("Short name").trim().max(60, "The short name must be at most 60 characters.").optional(),
    description: text("Description").trim().max(2000, "The description must be at most 2000 characters.").default(""),
    descriptionHi: hindiText("Description (Hindi)", 2000),
    /** Always chosen by the admin: a quiz has no model until one is picked (lawful by default, no fallback). */
    contestModel: z.enum(CONTEST_MODELS, { error: CONTEST_MODEL_REQUIRED }),
    /**
     * The admin confirms that paid entry with cash prizes is lawful where the quiz runs. Optional
     * here (SPEC's payload has no such field, and the other models need none); the service
     * refuses paid_cash without it, and audits it (lib/quizzes/admin.ts).
     */
    cashPrizesLawfulConfirmed: z.boolean({ error: "The confirmation must be true or false." }).optional(),
    prizeMoney: quizRupees("Prize money"),
    entryFee: quizRupees("Entry fee"),
    capacity: wholeNumber("Capacity", { min: 1, max: 1_000_000 }).nullable().optional(),
    durationMinutes: wholeNumber("Duration", { min: 1, max: 600, message: "Duration must be from 1 to 600 minutes." }),
    questionCount: wholeNumber("The number of questions", { min: 1, max: 500 }).optional(),
    /** The marking scheme (not in SPEC's payload): left out, a new quiz gets SPEC's 1 and 0 and a quiz keeps its own. */
    marksPerQuestion: marks("Marks for a correct answer", { positive: true }).optional(),
    wrongAnswerMarks: marks("Marks deducted for a wrong answer", { positive: false }).optional(),
    /**
     * The quiz's sections, each with its marking and its questions (not in SPEC's payload): left
     * out, the quiz keeps those it has; empty, it has none and every question takes the quiz's marks.
     */
    sections: z.array(sectionSchema).max(MAX_SECTIONS, `A quiz has at most ${MAX_SECTIONS} sections.`).optional(),
    shuffleQuestions: z.boolean().default(true),
    shuffleOptions: z.boolean().default(false),
    /** How long participants may object once the provisional answer key is published. */
    objectionWindowHours: wholeNumber("The objection window", { min: 1, max: 720, message: "The objection window must be from 1 to 720 hours." }).default(48),
    formStartDate: instant("Registration start"),
    formEndDate: instant("Registration end"),
    examDate: instant("Exam date"),
    examEndDate: instant("Exam end").optional(),
    resultDate: instant("Result date"),
    questions: z.array(z.uuid("Unknown question.")).max(500).default([]),
    /** The quiz's prize table; left out, the quiz keeps the table it has (a new one: the default). */
    prizes: z.array(prizeTierSchema).max(MAX_PRIZE_TIERS, `A prize table has at most ${MAX_PRIZE_TIERS} rows.`).optional(),
  })
  .refine(
    (quiz) => quiz.formStartDate <= quiz.formEndDate && quiz.formEndDate <= quiz.examDate && quiz.examDate <= quiz.resultDate,
    { message: DATES_OUT_OF_ORDER, path: ["formStartDate"] },
  )
  .refine((quiz) => !quiz.examEndDate || (quiz.examEndDate > quiz.examDate && quiz.examEndDate <= quiz.resultDate), {
    message: "The exam must end after it starts and no later than the result date.",
    path: ["examEndDate"],
  })
  .refine((quiz) => new Set(quiz.questions).size === quiz.questions.length, { message: "A question can be picked only once.", path: ["questions"] })
  .refine((quiz) => !quiz.sections?.length || sectionedQuestionIds(quiz.sections).join() === quiz.questions.join(), { message: SECTIONS_HOLD_THE_QUESTIONS, path: ["sections"] })
  .superRefine((quiz, context) => {
    const problem = contestModelProblem(quiz.contestModel, {
      entryFeePaise: rupeesToPaise(quiz.entryFee),
      prizeMoneyPaise: rupeesToPaise(quiz.prizeMoney),
      tiers: quiz.prizes ? prizeTierRows(quiz.prizes) : null,
    });
    if (problem) context.addIssue({ code: "custom", message: problem.message, path: [problem.path] });
  })
  .superRefine((quiz, context) => {
    if (!quiz.prizes) return;
    const problem = prizeTableProblem(prizeTierRows(quiz.prizes), rupeesToPaise(quiz.prizeMoney));
    if (problem) context.addIssue({ code: "custom", message: problem, path: ["prizes"] });
  });

export type QuizInput = z.output<typeof quizSchema>;

/** A duplicated quiz's title, whether copied at once by the API or through the admin's form. */
export function copyTitle(title: string): string {
  return `${title} (copy)`;
}

/** POST /api/quizzes/{id}/duplicate: a copy of paid entry with cash prizes is confirmed lawful, as a new quiz is. */
export const duplicateQuery = z.object({
  cashPrizesLawfulConfirmed: z
    .enum(["true", "false"], { error: "cashPrizesLawfulConfirmed must be true or false." })
    .optional()
    .transform((value) => value === "true"),
});


/** Shared by the admin's question form, the CSV import and /api/addquestions, /api/updatequestions. */

const required = (label: string) => text(label).trim().min(1, `${label} is required.`).max(2000, `${label} is too long.`);
/** A Hindi field: blank means "no Hindi version"; whether the version is complete is checked as a whole. */
const hindi = (label: string) => text(label).trim().max(2000, `${label} is too long.`);

/** How a question is answered, as the admin's form and list name each type. */
export const ANSWER_TYPE_LABELS: Record<AnswerType, string> = {
  single: "Single correct",
  multiple: "One or more correct",
  integer: "Integer (typed)",
  numerical: "Numerical (typed)",
};
const ANSWER_TYPES = Object.keys(ANSWER_TYPE_LABELS) as [AnswerType, ...AnswerType[]];

/** The types answered by typing a number: they have no options. */
export function isTyped(type: AnswerType): type is "integer" | "numerical" {
  return type === "integer" || type === "numerical";
}

export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 6;

export function optionLabel(index: number): string {
  return `Option ${index + 1}`;
}

export function hindiOptionLabel(index: number): string {
  return `Option ${index + 1} (Hindi)`;
}

const previewText = (max: number) => text("Each text").max(max, `A text is at most ${max} characters.`);

/** POST /api/questions/preview: the form's texts as typed, blank ones included (a preview is asked for as the admin types); a typed question has no options. */
export const previewSchema = z.object({
  text: previewText(5_000),
  options: z.array(previewText(1_000)).max(MAX_OPTIONS, OPTIONS_COUNT),
  textHi: previewText(5_000).nullish(),
  optionsHi: z.array(previewText(1_000)).max(MAX_OPTIONS, OPTIONS_COUNT).nullish(),
});

/** A text that cannot be rendered, as the preview and the CSV import name it: the field, then where and why. */
export function contentProblemText(field: QuestionField, problem: { message: string }): string {
  return `${questionFieldLabel(field)}: ${problem.message}`;
}

/** A question's field as the form labels it. */
export function questionFieldLabel(field: QuestionField): string {
  if ("index" in field) return field.name === "options" ? optionLabel(field.index) : hindiOptionLabel(field.index);
  return field.name === "text" ? "Question text" : "Question (Hindi)";
}

/** Whole hundredths as the shortest decimal, as accepted answers are stored and shown: 250 → "2.5", 4200 → "42". */
function shortDecimal(hundredths: number): string {
  const [whole, fraction] = decimalText(hundredths).split(".");
  const places = fraction.replace(/0+$/, "");
  return places ? `${whole}.${places}` : whole;
}

const WHOLE = /^-?\d{1,9}$/;
const DECIMAL = /^-?\d{1,9}(?:\.(\d{1,2}))?$/;

/** A number as an admin types it, in hundredths with its decimal places, or null when it is not one (whole only: no decimal point). */
export function typedNumber(value: string, whole: boolean): { hundredths: number; places: number } | null {
  const match = (whole ? WHOLE : DECIMAL).exec(value.trim());
  return match ? { hundredths: toHundredths(value), places: match[1]?.length ?? 0 } : null;
}

/** The comma-separated answers of a form field or CSV cell: "42, 57" → ["42", "57"]. */
export function answerList(value: string | null | undefined): string[] {
  return (value ?? "").split(",").map((answer) => answer.trim()).filter(Boolean);
}

/** A correct option as the API, the form's radios and checkboxes and a CSV cell give it: a number or a string of digits; checked against the options' count as a whole. */
const optionIndex = z.union([z.number(), z.string()], { error: CORRECT_OPTION_NOT_AN_OPTION });
const numberText = (label: string) => text(label).trim().max(20, `${label} is too long.`).nullish();

/**
 * Every type's fields, each left out where its type has none: single (2 to 6 options, one
 * correct), multiple (2 to 6 options, at least one correct), integer (accepted whole numbers
 * "42, 57" in a required range), numerical (correct values "2.50", each ± a tolerance, typed with
 * 0 to 2 decimal places, in an optional range). A question sent without a type is single correct,
 * as SPEC's payload is. The Hindi version is all or nothing: the question and each option, in the
 * English options' order (the key is the same index), or none of them. Both left out (an older
 * client) keeps whatever the question has; blank or null removes it.
 */
const questionFields = z.object({
  text: required("Question text"),
  subject: required("Subject").max(80, "Subject is too long."),
  answerType: z.enum(ANSWER_TYPES, { error: ANSWER_TYPE_UNKNOWN }).default("single"),
  options: z.array(text("Each option").trim(), { error: OPTIONS_COUNT }).max(MAX_OPTIONS, OPTIONS_COUNT).default([]),
  correctOptionIndex: optionIndex.optional(),
  correctOptions: z.array(optionIndex, { error: CORRECT_OPTIONS_REQUIRED }).max(MAX_OPTIONS, CORRECT_OPTION_NOT_AN_OPTION).optional(),
  acceptedAnswers: text("The accepted answers").trim().max(500, "The accepted answers are too long.").nullish(),
  answerMin: numberText("The smallest answer allowed"),
  answerMax: numberText("The largest answer allowed"),
  tolerance: numberText("The tolerance"),
  answerDecimals: z.union([z.number(), z.string()], { error: ANSWER_DECIMALS_RANGE }).nullish(),
  textHi: hindi("Question (Hindi)").nullish(),
  optionsHi: z.array(hindi("Each Hindi option"), { error: HINDI_OPTIONS_COUNT }).max(MAX_OPTIONS, HINDI_OPTIONS_COUNT).nullish(),
});

type QuestionFields = z.output<typeof questionFields>;

/** A question's answer as stored: which option, which options, or which typed numbers. */
export type QuestionKey =
  | { answerType?: "single"; correctOptionIndex: number }
  | { answerType: "multiple"; correctOptions: number[] }
  | { answerType: "integer" | "numerical"; acceptedAnswers: AcceptedRanges; answerLimits: [string, string] | null; answerDecimals: number };

/** A checked question; its Hindi version left out means "unchanged", null means "none". Without a type it is single correct. */
export type QuestionInput = { text: string; subject: string; options: readonly string[]; textHi?: string | null; optionsHi?: readonly string[] | null } & QuestionKey;

type Issue = { message: string; path: (string | number)[] };

/** An option index given as a number or digits, or null when it is not one of `count` options. */
function optionNumber(value: number | string, count: number): number | null {
  const number = typeof value === "number" ? value : /^\d{1,2}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  return Number.isInteger(number) && number >= 0 && number < count ? number : null;
}

/**
 * Each option that says what an earlier one says once spaces are ignored at the ends and runs of
 * them read as one ("17" and " 17 "): a participant could not tell them apart, and a key naming
 * one of them would mark the other wrong.
 */
function repeatedOptions(options: readonly string[], path: "options" | "optionsHi"): Issue[] {
  const seen = new Set<string>();
  return options.flatMap((option, index) => {
    const said = option.trim().replace(/\s+/g, " ");
    if (said === "") return [];
    if (seen.has(said)) return [{ message: OPTIONS_REPEATED, path: [path, index] }];
    seen.add(said);
    return [];
  });
}

function optionIssues(fields: QuestionFields): Issue[] {
  const issues: Issue[] = [];
  if (fields.options.length < MIN_OPTIONS) issues.push({ message: OPTIONS_COUNT, path: ["options"] });
  fields.options.forEach((option, index) => {
    if (option === "") issues.push({ message: `${optionLabel(index)} is required.`, path: ["options", index] });
    else if (option.length > 2000) issues.push({ message: `${optionLabel(index)} is too long.`, path: ["options", index] });
  });
  issues.push(...repeatedOptions(fields.options, "options"));
  const count = fields.options.length;
  if (fields.answerType === "single") {
    // SPEC's four options keep SPEC's sentence.
    const outOfRange = count === 4 ? OPTION_INDEX_RANGE : CORRECT_OPTION_NOT_AN_OPTION;
    if (fields.correctOptionIndex === undefined || optionNumber(fields.correctOptionIndex, count) === null) issues.push({ message: outOfRange, path: ["correctOptionIndex"] });
  } else if (!fields.correctOptions?.length) {
    issues.push({ message: CORRECT_OPTIONS_REQUIRED, path: ["correctOptions"] });
  } else if (fields.correctOptions.some((option) => optionNumber(option, count) === null)) {
    issues.push({ message: CORRECT_OPTION_NOT_AN_OPTION, path: ["correctOptions"] });
  }
  return issues;
}

/** A typed question's accepted ranges, limits and decimal places, or the issues that keep it from being one. */
function typedKey(fields: QuestionFields): { key: Extract<QuestionKey, { acceptedAnswers: AcceptedRanges }> } | { issues: Issue[] } {
  const integer = fields.answerType === "integer";
  const issues: Issue[] = [];
  if (fields.options.length > 0) issues.push({ message: TYPED_QUESTION_HAS_OPTIONS, path: ["options"] });

  const decimals = integer ? 0 : optionNumber(fields.answerDecimals ?? "", 3);
  if (decimals === null) issues.push({ message: ANSWER_DECIMALS_RANGE, path: ["answerDecimals"] });

  const answers = answerList(fields.acceptedAnswers).map((answer) => typedNumber(answer, integer));
  if (answers.length === 0) issues.push({ message: ACCEPTED_ANSWERS_REQUIRED, path: ["acceptedAnswers"] });
  else if (answers.includes(null)) issues.push({ message: integer ? ACCEPTED_ANSWER_NOT_WHOLE : ACCEPTED_ANSWER_NOT_NUMBER, path: ["acceptedAnswers"] });
  else if (decimals !== null && answers.some((answer) => answer!.places > decimals)) issues.push({ message: ACCEPTED_ANSWER_TOO_PRECISE, path: ["acceptedAnswers"] });

  const tolerance = integer || !fields.tolerance ? { hundredths: 0, places: 0 } : typedNumber(fields.tolerance, false);
  if (!tolerance || tolerance.hundredths < 0) issues.push({ message: TOLERANCE_INVALID, path: ["tolerance"] });

  const [low, high] = [fields.answerMin ?? "", fields.answerMax ?? ""];
  let limits: [number, number] | null = null;
  if (low === "" || high === "") {
    if (integer) issues.push({ message: ANSWER_RANGE_REQUIRED, path: [low === "" ? "answerMin" : "answerMax"] });
    else if (low !== high) issues.push({ message: ANSWER_RANGE_HALF, path: [low === "" ? "answerMin" : "answerMax"] });
  } else {
    const [smallest, largest] = [typedNumber(low, integer), typedNumber(high, integer)];
    if (!smallest || !largest) issues.push({ message: ANSWER_RANGE_NOT_NUMBER, path: [smallest ? "answerMax" : "answerMin"] });
    else if (smallest.hundredths > largest.hundredths) issues.push({ message: ANSWER_RANGE_ORDER, path: ["answerMax"] });
    else limits = [smallest.hundredths, largest.hundredths];
  }
  if (issues.length > 0) return { issues };

  const values = [...new Set(answers.map((answer) => answer!.hundredths))].sort((a, b) => a - b);
  if (limits && values.some((value) => value < limits[0] || value > limits[1])) return { issues: [{ message: ACCEPTED_ANSWER_OUT_OF_RANGE, path: ["acceptedAnswers"] }] };
  const spread = tolerance!.hundredths;
  return {
    key: {
      answerType: integer ? "integer" : "numerical",
      acceptedAnswers: values.map((value): [string, string] => [shortDecimal(value - spread), shortDecimal(value + spread)]),
      answerLimits: limits && [shortDecimal(limits[0]), shortDecimal(limits[1])],
      answerDecimals: decimals!,
    },
  };
}

/** The Hindi options a question keeps: as many as its English ones (a typed question: none), or the issues of a half-written version. */
function hindiIssues(fields: QuestionFields): Issue[] {
  const count = fields.options.length;
  const optionsHi = fields.optionsHi ?? [];
  if (optionsHi.slice(count).some(Boolean)) return [{ message: HINDI_OPTIONS_COUNT, path: ["optionsHi"] }];
  const filled = [fields.textHi ?? "", ...Array.from({ length: count }, (_, index) => optionsHi[index] ?? "")].map((value) => value !== "");
  if (filled.every(Boolean)) return repeatedOptions(optionsHi.slice(0, count), "optionsHi");
  if (!filled.some(Boolean)) return [];
  return filled.flatMap((isFilled, index) => (isFilled ? [] : [{ message: HINDI_INCOMPLETE, path: index === 0 ? ["textHi"] : ["optionsHi", index - 1] }]));
}

function answerKey(fields: QuestionFields): { key: QuestionKey } | { issues: Issue[] } {
  if (isTyped(fields.answerType)) return typedKey(fields);
  const issues = optionIssues(fields);
  if (issues.length > 0) return { issues };
  const count = fields.options.length;
  if (fields.answerType === "single") return { key: { answerType: "single", correctOptionIndex: optionNumber(fields.correctOptionIndex!, count)! } };
  return { key: { answerType: "multiple", correctOptions: [...new Set(fields.correctOptions!.map((option) => optionNumber(option, count)!))].sort((a, b) => a - b) } };
}

export const questionSchema = questionFields.transform((fields, context): QuestionInput => {
  const answer = answerKey(fields);
  const issues = [...("issues" in answer ? answer.issues : []), ...hindiIssues(fields)];
  if (issues.length > 0) {
    for (const issue of issues) context.addIssue({ code: "custom", ...issue });
    return z.NEVER;
  }
  const { text, subject, options, textHi, optionsHi } = fields;
  const question = { text, subject, options, ...(answer as { key: QuestionKey }).key };
  if (textHi === undefined && optionsHi === undefined) return question;
  return textHi ? { ...question, textHi, optionsHi: (optionsHi ?? []).slice(0, options.length) } : { ...question, textHi: null, optionsHi: null };
});

/** A file's columns, with the two that name the correct options. */
function csvColumns<Single extends string, Multiple extends string>(single: Single, multiple: Multiple) {
  return [
    "text", "subject", "answerType",
    ...Array.from({ length: MAX_OPTIONS }, (_, index) => `option${index + 1}`),
    single, multiple, "acceptedAnswers", "answerMin", "answerMax", "tolerance", "answerDecimals",
    "text_hi",
    ...Array.from({ length: MAX_OPTIONS }, (_, index) => `option${index + 1}_hi`),
  ] as const;
}

/**
 * The import's columns, the API's field names but for the correct options, numbered as the form
 * numbers them: correctOptionNumber 2 is Option 2, correctOptionNumbers "1,3" are Options 1 and 3.
 * A typed question leaves the options and option keys empty, an option question the typed ones. A
 * file may stop before text_hi (no Hindi), and export writes them all. Options 5 and 6 and the
 * Hindi options past the English ones stay empty.
 */
export const CSV_HEADER = csvColumns("correctOptionNumber", "correctOptionNumbers");
/**
 * The columns export wrote before the numbers matched the form: the API's 0-based
 * correctOptionIndex and correctOptions (0 for Option 1). Such files still import as they did:
 * a column's name says how it counts, never its values.
 */
export const ZERO_BASED_CSV_HEADER = csvColumns("correctOptionIndex", "correctOptions");
/** The columns every file has: the English question and its answer. */
export const CSV_REQUIRED_COLUMNS = CSV_HEADER.indexOf("text_hi");
/** The columns of files written before answer types (single correct, four options), which still import; the Hindi five may be left out. */
export const SINGLE_CORRECT_CSV_HEADER = ["text", "subject", "option1", "option2", "option3", "option4", "correctOptionIndex", "text_hi", "option1_hi", "option2_hi", "option3_hi", "option4_hi"] as const;
export const SINGLE_CORRECT_CSV_REQUIRED_COLUMNS = 7;

/** What a typed question's form and CSV fields hold; its accepted ranges as middle values ± the tolerance. */
export interface TypedAnswerFields {
  acceptedAnswers: string;
  tolerance: string;
  answerMin: string;
  answerMax: string;
  answerDecimals: string;
}

/**
 * A stored typed question as the fields it was written with: the accepted numbers (each range's
 * middle), the tolerance (half a range's width; the form and the import give every value the same
 * one), the range allowed and the decimal places.
 */
export function typedAnswerFields(question: { answerType: AnswerType; acceptedAnswers: AcceptedRanges | null; answerLimits: [string, string] | null; answerDecimals: number | null }): TypedAnswerFields {
  const ranges = (question.acceptedAnswers ?? []).map(([low, high]) => [toHundredths(low), toHundredths(high)] as const);
  const spread = ranges.length > 0 ? Math.floor((ranges[0][1] - ranges[0][0]) / 2) : 0;
  return {
    acceptedAnswers: ranges.map(([low]) => shortDecimal(low + spread)).join(", "),
    tolerance: question.answerType === "numerical" ? shortDecimal(spread) : "",
    answerMin: question.answerLimits?.[0] ?? "",
    answerMax: question.answerLimits?.[1] ?? "",
    answerDecimals: question.answerDecimals === null ? "" : String(question.answerDecimals),
  };
}
