/**
 * The public results file: the final key, the marking, the prize table, the tie rule and, per
 * participant under a pseudonym, their answers as given, time taken, submission time, score, rank
 * and prize. Format 2 states a paper of single-correct questions with the quiz's whole marks;
 * format 3 (issue 53) any paper: each section's marking, each question's type, accepted answers
 * and own marks, and answers of every kind (an option, options, a number as typed), scores exact
 * to two decimals. A paper format 2 states fully is still published in it, so a reader of format 2
 * reads it as before. The file served for download is this canonical JSON byte for byte, and the
 * published digest is its SHA-256, so `sha256sum` alone proves a copy is the published one.
 *
 * Deliberately free of the database, the configuration and any secret: the server builds the
 * file with these functions, and `npm run results:verify -- --file` checks a downloaded copy
 * with them on anyone's machine.
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import type { AnswerType } from "@/db/schema";
import { answerMarks, type GivenAnswer, type Marking } from "@/lib/exam/schemas";
import { fromHundredths, toHundredths } from "@/lib/marks";
import type { ResultsBasis } from "./frozen";
import { keyEntriesOf, singleKeyOf, type KeyEntry } from "./key";
import { rankParticipants } from "./ranking";

/**
 * The tie rule rankParticipants applies, stated in the file. The last resort is the pseudonym
 * (not the participant id, which the file does not hold), so the file alone decides every rank
 * and every paisa.
 */
export const TIE_RULE =
  "Higher score first, then shorter time taken. Rows equal on both share the rank and split the cash of the places they cover equally in whole paise; the paise left over go one each to those rows in order of earlier submittedAt, then of pseudonym. A tie whose smallest share is nothing gets the free pass of any free-pass place it covers.";

/**
 * How format 3's marking reads, stated in the file: with the sections and the key, all anyone
 * needs to recompute every score.
 */
const MARKING_RULE =
  "Each question earns its own full or wrong marks if the key gives them, else its section's, else the quiz's marksPerQuestion and wrongAnswerMarks; a wrong answer loses the wrong marks. A dropped question earns the full marks, answered or not. An unanswered question earns its section's unanswered marks (0 without a section). single: right when the option given is accepted. multiple: right when exactly the accepted options are given; if its section has partial marks, options that are all accepted but not all of them earn partial marks per option given; any other choice is wrong. integer and numerical: right when the number typed lies within an accepted [low, high] range, compared exactly. Marks are exact to two decimal places; a score is their sum.";

/** What a participant put in: the inputs the ranking is computed from. */
export interface ResultsEntry {
  pseudonym: string;
  /** The answer per key position as given (original option indexes): an option, options, a typed number, or null where none was given. */
  answers: GivenAnswer[];
  timeTakenSeconds: number;
  /** ISO 8601 with milliseconds: orders a tie's left-over paise. */
  submittedAt: string;
}

/** What the ranking gives a participant. */
export interface RowOutcome {
  score: number;
  rank: number;
  prizePaise: number;
  freePass: boolean;
}

type PublicRow = ResultsEntry & RowOutcome;

export type PublicResults = Pick<ResultsBasis, "quizId" | "revision" | "previousDigest" | "reason" | "marksPerQuestion" | "wrongAnswerMarks" | "sections" | "key" | "prizes"> & {
  format: 2 | 3;
  tieRule: string;
  rows: PublicRow[];
};

type MarkingBasis = Pick<ResultsBasis, "marksPerQuestion" | "wrongAnswerMarks" | "sections" | "key">;

/** Format 2 when it states the paper fully (single-correct questions of the quiz's whole marks), else 3. */
export function formatFor(basis: MarkingBasis): 2 | 3 {
  const whole = Number.isInteger(basis.marksPerQuestion) && Number.isInteger(basis.wrongAnswerMarks);
  return whole && basis.sections.length === 0 && singleKeyOf(basis.key) !== null ? 2 : 3;
}

/** Each key position's marking scheme, in hundredths: its own marks, else its section's, else the quiz's. */
function markingsOf(basis: MarkingBasis): Marking[] {
  return basis.key.map((entry) => {
    const section = entry.section === null ? undefined : basis.sections[entry.section];
    return {
      correct: toHundredths(entry.full ?? section?.full ?? basis.marksPerQuestion),
      wrong: toHundredths(entry.wrong ?? section?.wrong ?? basis.wrongAnswerMarks),
      unanswered: toHundredths(section?.unanswered ?? 0),
      partial: section?.partial === null || section?.partial === undefined ? null : toHundredths(section.partial),
    };
  });
}

/** A scorer of answers against the key, MARKING_RULE's: the sum in whole hundredths, as marks. */
export function scorer(basis: MarkingBasis): (answers: GivenAnswer[]) => number {
  const markings = markingsOf(basis);
  return (answers) => fromHundredths(basis.key.reduce((score, entry, position) => score + answerMarks(entry, answers[position] ?? null, markings[position]), 0));
}

/** Code-unit order, the same on every machine and locale. */
function byRankThenPseudonym(a: PublicRow, b: PublicRow): number {
  return a.rank - b.rank || (a.pseudonym < b.pseudonym ? -1 : a.pseudonym > b.pseudonym ? 1 : 0);
}

/** Scores each entry and ranks them all with the tie rule: the rows, in the file's order (rank, then pseudonym). */
function rankEntries(basis: MarkingBasis & Pick<ResultsBasis, "prizes">, entries: ResultsEntry[]): PublicRow[] {
  const byPseudonym = new Map(entries.map((entry) => [entry.pseudonym, entry]));
  const scoreOf = scorer(basis);
  const ranked = rankParticipants(
    entries.map((entry) => ({
      participantId: entry.pseudonym,
      score: scoreOf(entry.answers),
      timeTakenSeconds: entry.timeTakenSeconds,
      submittedAt: new Date(entry.submittedAt),
    })),
    basis.prizes,
  );
  return ranked
    .map(({ participantId, score, rank, prizePaise, freePass }) => ({ ...byPseudonym.get(participantId)!, score, rank, prizePaise, freePass }))
    .sort(byRankThenPseudonym);
}

/** The results file of a publication: every entry scored and ranked. */
export function publicResults(basis: ResultsBasis, entries: ResultsEntry[]): PublicResults {
  return {
    format: formatFor(basis),
    quizId: basis.quizId,
    revision: basis.revision,
    previousDigest: basis.previousDigest,
    reason: basis.reason,
    marksPerQuestion: basis.marksPerQuestion,
    wrongAnswerMarks: basis.wrongAnswerMarks,
    sections: basis.sections,
    key: basis.key,
    prizes: basis.prizes,
    tieRule: TIE_RULE,
    rows: rankEntries(basis, entries),
  };
}

/**
 * The canonical serialisation: compact JSON, every object's keys in this fixed order, prizes by
 * first rank, rows by rank then pseudonym. Whatever order a parsed copy holds, this rebuilds the
 * published bytes.
 */
export function serialiseResults(document: PublicResults): string {
  const format3 = document.format === 3;
  return JSON.stringify({
    format: document.format,
    quizId: document.quizId,
    revision: document.revision,
    previousDigest: document.previousDigest,
    reason: document.reason,
    marksPerQuestion: document.marksPerQuestion,
    // Left out when 0, so files published before negative marking keep their bytes and digests.
    wrongAnswerMarks: document.wrongAnswerMarks || undefined,
    markingRule: format3 ? MARKING_RULE : undefined,
    sections: format3
      ? document.sections.map((section) => ({ name: section.name, nameHi: section.nameHi, full: section.full, wrong: section.wrong, unanswered: section.unanswered, partial: section.partial }))
      : undefined,
    key: format3
      ? document.key.map((entry) => ({ questionId: entry.questionId, type: entry.type, section: entry.section, full: entry.full, wrong: entry.wrong, accepted: entry.accepted, dropped: entry.dropped }))
      : singleKeyOf(keyEntriesOf(document.key)),
    prizes: [...document.prizes]
      .sort((a, b) => a.rankFrom - b.rankFrom)
      .map((tier) => ({ rankFrom: tier.rankFrom, rankTo: tier.rankTo, kind: tier.kind, amountPaise: tier.amountPaise })),
    tieRule: document.tieRule,
    rows: [...document.rows].sort(byRankThenPseudonym).map((row) => ({
      pseudonym: row.pseudonym,
      answers: row.answers,
      timeTakenSeconds: row.timeTakenSeconds,
      submittedAt: row.submittedAt,
      score: row.score,
      rank: row.rank,
      prizePaise: row.prizePaise,
      freePass: row.freePass,
    })),
  });
}

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

const whole = z.number().int().nonnegative();
/** The answer types format 3 names: db/schema's, written out here as the file's own contract. */
const FILE_ANSWER_TYPES = ["single", "multiple", "integer", "numerical"] as const satisfies readonly AnswerType[];
/** Marks exact to two decimal places. */
const marks = z.number().refine((value) => Number.isFinite(value) && Math.abs(value) < 1e7 && Math.round(value * 100) / 100 === value, "Marks must be exact to two decimal places.");
const decimal = z.string().regex(/^-?\d{1,9}(\.\d{1,2})?$/, "A typed answer or range must be a decimal of at most two places.");

const rowShape = <Answer extends z.ZodType, Score extends z.ZodType>(answer: Answer, score: Score) =>
  z.object({
    pseudonym: z.string().min(1),
    answers: z.array(answer.nullable()),
    timeTakenSeconds: whole,
    submittedAt: z.iso.datetime(),
    score,
    rank: z.number().int().positive(),
    prizePaise: whole,
    freePass: z.boolean(),
  });

const commonShape = {
  quizId: z.string(),
  revision: z.number().int().positive(),
  previousDigest: z.string().nullable(),
  reason: z.string().nullable(),
  prizes: z.array(z.object({ rankFrom: z.number().int().positive(), rankTo: z.number().int().positive(), kind: z.enum(["cash", "free_pass"]), amountPaise: whole })),
  tieRule: z.literal(TIE_RULE, "The file states a tie rule this check does not know, so it cannot recompute the ranking."),
};

const format2Schema = z
  .object({
    ...commonShape,
    format: z.literal(2),
    marksPerQuestion: whole,
    wrongAnswerMarks: whole.default(0),
    key: z.array(z.object({ questionId: z.string(), correctOptionIndex: whole, dropped: z.boolean() })),
    rows: z.array(rowShape(whole, z.number().int())),
  })
  .transform((file): PublicResults => ({ ...file, sections: [], key: keyEntriesOf(file.key) }));

const format3Schema = z
  .object({
    ...commonShape,
    format: z.literal(3),
    marksPerQuestion: marks,
    wrongAnswerMarks: marks.default(0),
    markingRule: z.literal(MARKING_RULE, "The file states a marking rule this check does not know, so it cannot recompute the scores."),
    sections: z.array(z.object({ name: z.string(), nameHi: z.string().nullable(), full: marks, wrong: marks, unanswered: marks, partial: marks.nullable() })),
    key: z.array(
      z.object({
        questionId: z.string(),
        type: z.enum(FILE_ANSWER_TYPES),
        section: whole.nullable(),
        full: marks.nullable(),
        wrong: marks.nullable(),
        accepted: z.union([z.array(whole), z.array(z.tuple([decimal, decimal]))]),
        dropped: z.boolean(),
      }),
    ),
    rows: z.array(rowShape(z.union([whole, z.array(whole), decimal]), marks)),
  })
  .transform(({ markingRule: _stated, ...file }): PublicResults => file);

/** The schema of the format the file states, or null when it states none this check reads. */
function schemaOf(json: unknown) {
  const format = typeof json === "object" && json !== null && "format" in json ? json.format : undefined;
  return format === 2 ? format2Schema : format === 3 ? format3Schema : null;
}

/** A format-3 answer fits its question: an option for single, options for multiple, a typed number for the rest. */
function answerFits(answer: GivenAnswer, entry: KeyEntry): boolean {
  if (answer === null) return true;
  if (entry.type === "single") return typeof answer === "number";
  if (entry.type === "multiple") return Array.isArray(answer);
  return typeof answer === "string";
}

/** A results file parsed and checked for shape; throws a sentence saying what is wrong. */
export function parseResultsFile(text: string): PublicResults {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error("The file is not JSON: download the results file again.");
  }
  const schema = schemaOf(json);
  if (!schema) throw new Error("This is not a results file of format 2 or 3 (the formats this check reads).");
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw new Error(issue.path.length > 0 ? `${issue.message} (at ${issue.path.join(".")})` : issue.message);
  }
  const document = parsed.data;
  const seen = new Set<string>();
  for (const entry of document.key) {
    if (entry.section !== null && entry.section >= document.sections.length) throw new Error(`Question ${entry.questionId} is in section ${entry.section}, which the file does not have.`);
  }
  for (const row of document.rows) {
    if (row.answers.length !== document.key.length) throw new Error(`Row ${row.pseudonym} must have ${document.key.length} answers (one per key position), not ${row.answers.length}.`);
    const misfit = row.answers.findIndex((answer, position) => !answerFits(answer, document.key[position]));
    if (misfit >= 0) throw new Error(`Row ${row.pseudonym}'s answer ${misfit + 1} is not of its question's type (${document.key[misfit].type}).`);
    if (seen.has(row.pseudonym)) throw new Error(`The pseudonym ${row.pseudonym} appears twice.`);
    seen.add(row.pseudonym);
  }
  return document;
}

interface RowDifference {
  /** 1-based, in the file's order. */
  position: number;
  pseudonym: string;
  inFile: RowOutcome;
  recomputed: RowOutcome;
}

export interface FileCheck {
  quizId: string;
  revision: number;
  rows: number;
  /** SHA-256 of the file's canonical form: the published digest when the file is the published one. */
  digest: string;
  /** SHA-256 of the file with every row's score, rank and prize recomputed from its answers. */
  recomputedDigest: string;
  /** The digest taken from outside (a mail, the certificate, the winners page), lower-cased; null when none was given. */
  givenDigest: string | null;
  /** The first row whose score, rank or prize its answers do not give; null when every row follows. */
  firstDifference: RowDifference | null;
  /** Every row follows from the answers, and the recomputed digest is the one given (if any). */
  ok: boolean;
}

const outcome = (row: RowOutcome): RowOutcome => ({ score: row.score, rank: row.rank, prizePaise: row.prizePaise, freePass: row.freePass });

/**
 * Checks a results file from itself alone: recomputes every score from the answers and the key,
 * then every rank and prize with the tie rule, and compares each row; with a digest taken from
 * outside, compares the recomputed file's digest with it.
 */
export function checkResultsFile(text: string, givenDigest?: string): FileCheck {
  const document = parseResultsFile(text);
  const recomputedRows = rankEntries(document, document.rows);
  const recomputedOf = new Map(recomputedRows.map((row) => [row.pseudonym, outcome(row)]));
  const position = document.rows.findIndex((row) => JSON.stringify(outcome(row)) !== JSON.stringify(recomputedOf.get(row.pseudonym)));
  const firstDifference =
    position < 0
      ? null
      : { position: position + 1, pseudonym: document.rows[position].pseudonym, inFile: outcome(document.rows[position]), recomputed: recomputedOf.get(document.rows[position].pseudonym)! };
  const recomputedDigest = sha256Hex(serialiseResults({ ...document, rows: recomputedRows }));
  const given = givenDigest?.toLowerCase() ?? null;
  return {
    quizId: document.quizId,
    revision: document.revision,
    rows: document.rows.length,
    digest: sha256Hex(serialiseResults(document)),
    recomputedDigest,
    givenDigest: given,
    firstDifference,
    ok: firstDifference === null && (given === null || given === recomputedDigest),
  };
}
