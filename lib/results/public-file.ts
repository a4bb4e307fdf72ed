/**
 * The public results file (canonical format 2): the final key, the prize table, the tie rule
 * and, per participant under a pseudonym, their answers, time taken, submission time, score,
 * rank and prize. The file served for download is this canonical JSON byte for byte, and the
 * published digest is its SHA-256, so `sha256sum` alone proves a copy is the published one.
 *
 * Deliberately free of the database, the configuration and any secret: the server builds the
 * file with these functions, and `npm run results:verify -- --file` checks a downloaded copy
 * with them on anyone's machine.
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import type { KeyEntry, ResultsBasis } from "./frozen";
import { rankParticipants } from "./ranking";

/**
 * The tie rule rankParticipants applies, stated in the file. The last resort is the pseudonym
 * (not the participant id, which the file does not hold), so the file alone decides every rank
 * and every paisa.
 */
export const TIE_RULE =
  "Higher score first, then shorter time taken. Rows equal on both share the rank and split the cash of the places they cover equally in whole paise; the paise left over go one each to those rows in order of earlier submittedAt, then of pseudonym. A tie whose smallest share is nothing gets the free pass of any free-pass place it covers.";

/** What a participant put in: the inputs the ranking is computed from. */
export interface ResultsEntry {
  pseudonym: string;
  /** The selected option per key position; null where the question was not answered. */
  answers: (number | null)[];
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

export type PublicResults = Pick<ResultsBasis, "quizId" | "revision" | "previousDigest" | "reason" | "marksPerQuestion" | "wrongAnswerMarks" | "key" | "prizes"> & {
  format: 2;
  tieRule: string;
  rows: PublicRow[];
};

type MarkingScheme = Pick<ResultsBasis, "marksPerQuestion" | "wrongAnswerMarks">;

/** Marks for the answers against the key: a dropped question gives everyone its marks, a wrong answer loses the wrong-answer marks, none scores 0. */
function scoreOf(answers: (number | null)[], key: KeyEntry[], scheme: MarkingScheme): number {
  return key.reduce((score, entry, position) => {
    const answer = answers[position] ?? null;
    if (entry.dropped || answer === entry.correctOptionIndex) return score + scheme.marksPerQuestion;
    return answer === null ? score : score - scheme.wrongAnswerMarks;
  }, 0);
}

/** Code-unit order, the same on every machine and locale. */
function byRankThenPseudonym(a: PublicRow, b: PublicRow): number {
  return a.rank - b.rank || (a.pseudonym < b.pseudonym ? -1 : a.pseudonym > b.pseudonym ? 1 : 0);
}

/** Scores each entry and ranks them all with the tie rule: the rows, in the file's order (rank, then pseudonym). */
function rankEntries(basis: MarkingScheme & Pick<ResultsBasis, "key" | "prizes">, entries: ResultsEntry[]): PublicRow[] {
  const byPseudonym = new Map(entries.map((entry) => [entry.pseudonym, entry]));
  const ranked = rankParticipants(
    entries.map((entry) => ({
      participantId: entry.pseudonym,
      score: scoreOf(entry.answers, basis.key, basis),
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
    format: 2,
    quizId: basis.quizId,
    revision: basis.revision,
    previousDigest: basis.previousDigest,
    reason: basis.reason,
    marksPerQuestion: basis.marksPerQuestion,
    wrongAnswerMarks: basis.wrongAnswerMarks,
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
  return JSON.stringify({
    format: document.format,
    quizId: document.quizId,
    revision: document.revision,
    previousDigest: document.previousDigest,
    reason: document.reason,
    marksPerQuestion: document.marksPerQuestion,
    // Left out when 0, so files published before negative marking keep their bytes and digests.
    wrongAnswerMarks: document.wrongAnswerMarks || undefined,
    key: document.key.map((entry) => ({ questionId: entry.questionId, correctOptionIndex: entry.correctOptionIndex, dropped: entry.dropped })),
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

const fileSchema = z.object({
  format: z.literal(2, "This is not a results file of format 2 (the only format this check reads)."),
  quizId: z.string(),
  revision: z.number().int().positive(),
  previousDigest: z.string().nullable(),
  reason: z.string().nullable(),
  marksPerQuestion: whole,
  wrongAnswerMarks: whole.default(0),
  key: z.array(z.object({ questionId: z.string(), correctOptionIndex: whole, dropped: z.boolean() })),
  prizes: z.array(z.object({ rankFrom: z.number().int().positive(), rankTo: z.number().int().positive(), kind: z.enum(["cash", "free_pass"]), amountPaise: whole })),
  tieRule: z.literal(TIE_RULE, "The file states a tie rule this check does not know, so it cannot recompute the ranking."),
  rows: z.array(
    z.object({
      pseudonym: z.string().min(1),
      answers: z.array(whole.nullable()),
      timeTakenSeconds: whole,
      submittedAt: z.iso.datetime(),
      score: z.number().int(),
      rank: z.number().int().positive(),
      prizePaise: whole,
      freePass: z.boolean(),
    }),
  ),
}) satisfies z.ZodType<PublicResults>;

/** A results file parsed and checked for shape; throws a sentence saying what is wrong. */
export function parseResultsFile(text: string): PublicResults {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error("The file is not JSON: download the results file again.");
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw new Error(issue.path.length > 0 ? `${issue.message} (at ${issue.path.join(".")})` : issue.message);
  }
  const document = parsed.data;
  const seen = new Set<string>();
  for (const row of document.rows) {
    if (row.answers.length !== document.key.length) throw new Error(`Row ${row.pseudonym} must have ${document.key.length} answers (one per key position), not ${row.answers.length}.`);
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
