import "server-only";
import { asc, eq } from "drizzle-orm";
import { publishedResults, resultRows } from "@/db/schema";
import { service } from "@/lib/auth";
import { getDb, type Queryable } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { message } from "@/lib/catalogue";
import { canonicalRows, frozenRowColumns, rankFromAnswers, resultsDigest, type FrozenRow, type ResultsBasis } from "./frozen";
import { keyEntriesOf, type ResultsSection, type StoredKey } from "./key";
import { pseudonymOf } from "./pseudonyms";
import { parseResultsFile, scorer, serialiseResults, sha256Hex, type PublicResults } from "./public-file";
import type { PrizeTier } from "./ranking";
import { resultsFileFromAnswers, submittedAnswers } from "./results-file";

/** A frozen row as verify compares it; format 1 rows have no pseudonym. */
export type VerifiedRow = FrozenRow & { pseudonym: string | null };

export interface Verification {
  quizId: string;
  /** The version recomputed from the stored answers: the current one, or the one whose digest was given. */
  revision: number;
  /** The current version: more than `revision` when a superseded version was checked. */
  currentRevision: number;
  /** What the digest covers: 1, the legacy canonical JSON with participant ids; 2, the public results file. */
  format: number;
  publishedDigest: string;
  recomputedDigest: string;
  /** Format 2: the SHA-256 of the stored results file, the one served for download; null for format 1. */
  storedFileDigest: string | null;
  /**
   * The ranking recomputed from the raw answers, the version's key, its disqualifications and the
   * tie rule gives its published digest (and, in format 2, so does the stored results file).
   */
  matches: boolean;
  /** The first row (in the canonical order) where the frozen rows and the recomputation disagree; null when none does. */
  firstDifference: { position: number; published: VerifiedRow | null; recomputed: VerifiedRow | null } | null;
  rows: number;
  /**
   * The first submitted attempt (by participant id) whose stored inputs the recomputation does not
   * give: its score against the current version's key, or its time taken against its start and
   * submission (bounded by its deadline); null when none. The frozen rows are computed from the
   * answers, so a score edited before publication shows only here (it is what the exam page and
   * the admin's Responses list show).
   */
  firstInputDifference: InputDifference | null;
  /**
   * The first version (oldest first) whose place in the chain does not hold: a revision missing
   * before it, its own record not giving its stored digest (format 1: its frozen rows; format 2: its
   * stored results file, which must also hold its frozen rows, its key and its predecessor's
   * digest), or its previous digest not being the digest of the version before it; null when the
   * chain holds. A legacy format-1 first publication and format-2 revisions chain alike.
   */
  chainBreak: ChainBreak | null;
}

export interface ChainBreak {
  revision: number;
  problem: "missing" | "digest" | "previousDigest";
}

export interface InputDifference {
  attemptId: string;
  participantId: string;
  field: "score" | "timeTakenSeconds";
  stored: number | null;
  recomputed: number;
}

/**
 * Each submitted attempt's stored score and time taken against what its answers, the key and its
 * clock give. The time taken is as finalising computes it (lib/exam/finalise.ts): whole seconds
 * from the start to the submission, which is never past the deadline.
 */
async function firstInputDifference(db: Queryable, basis: ResultsBasis): Promise<InputDifference | null> {
  const scoreOf = scorer(basis);
  for (const attempt of await submittedAnswers(db, basis, [])) {
    const which = { attemptId: attempt.attemptId, participantId: attempt.participantId };
    const score = scoreOf(attempt.answers);
    if (attempt.storedScore !== score) return { ...which, field: "score", stored: attempt.storedScore, recomputed: score };
    if (attempt.storedTimeTakenSeconds !== attempt.clockTimeTakenSeconds) {
      return { ...which, field: "timeTakenSeconds", stored: attempt.storedTimeTakenSeconds, recomputed: attempt.clockTimeTakenSeconds };
    }
  }
  return null;
}

type Version = typeof publishedResults.$inferSelect;

function basisOf(version: Version): ResultsBasis {
  return {
    quizId: version.quizId,
    revision: version.revision,
    previousDigest: version.previousDigest,
    reason: version.reason,
    marksPerQuestion: version.marksPerQuestion,
    wrongAnswerMarks: version.wrongAnswerMarks,
    sections: version.sections as ResultsSection[],
    key: keyEntriesOf(version.answerKey as StoredKey),
    prizes: version.prizeTable as PrizeTier[],
  };
}

/** Format 1: the legacy canonical JSON over the ranking with participant ids. */
async function recomputeFormat1(db: Queryable, version: Version, frozen: VerifiedRow[]) {
  const basis = basisOf(version);
  const recomputed = await rankFromAnswers(db, basis, version.disqualifiedIds);
  const withoutPseudonym = (rows: FrozenRow[]) => canonicalRows(rows).map((row) => ({ ...row, pseudonym: null }));
  return { digest: resultsDigest(basis, recomputed), expected: withoutPseudonym(frozen), actual: withoutPseudonym(recomputed) };
}

/** Format 2: the public results file, naming each participant by the pseudonym frozen in their row. */
async function recomputeFormat2(db: Queryable, version: Version, frozen: VerifiedRow[]) {
  const basis = basisOf(version);
  const frozenPseudonym = new Map(frozen.map((row) => [row.participantId, row.pseudonym]));
  const { document, participantOf } = await resultsFileFromAnswers(db, basis, version.disqualifiedIds, async (participantId) => frozenPseudonym.get(participantId) ?? pseudonymOf(basis.quizId, participantId));
  const inFileOrder = (row: VerifiedRow): VerifiedRow => ({
    rank: row.rank,
    pseudonym: row.pseudonym,
    participantId: row.participantId,
    score: row.score,
    timeTakenSeconds: row.timeTakenSeconds,
    prizePaise: row.prizePaise,
    freePass: row.freePass,
  });
  const expected = [...frozen].sort((a, b) => a.rank - b.rank || ((a.pseudonym ?? "") < (b.pseudonym ?? "") ? -1 : 1)).map(inFileOrder);
  const actual = document.rows.map((row) => inFileOrder({ ...row, participantId: participantOf.get(row.pseudonym)! }));
  return { digest: sha256Hex(serialiseResults(document)), expected, actual };
}

/**
 * A format-2 version's stored file is what its record says: rebuilt from the file's own answers
 * and submission times with the version's key, prizes, chain fields and frozen rows, it is the
 * same bytes. So pages and claims, which read the rows, read what the digest covers.
 */
function fileHoldsVersion(version: Version, rows: VerifiedRow[]): boolean {
  let file: PublicResults;
  try {
    file = parseResultsFile(version.resultsFile ?? "");
  } catch {
    return false;
  }
  const rowOf = new Map(rows.map((row) => [row.pseudonym, row]));
  if (file.rows.length !== rows.length || file.rows.some((entry) => !rowOf.has(entry.pseudonym))) return false;
  const rebuilt = serialiseResults({
    ...file,
    ...basisOf(version),
    rows: file.rows.map((entry) => {
      const { timeTakenSeconds, score, rank, prizePaise, freePass } = rowOf.get(entry.pseudonym)!;
      return { ...entry, timeTakenSeconds, score, rank, prizePaise, freePass };
    }),
  });
  return rebuilt === version.resultsFile;
}

function chainBreakOf(versions: Version[], rowsOf: (revision: number) => VerifiedRow[]): ChainBreak | null {
  for (const [index, version] of versions.entries()) {
    if (version.revision !== index + 1) return { revision: index + 1, problem: "missing" };
    const holds =
      version.digestFormat === 1
        ? resultsDigest(basisOf(version), rowsOf(version.revision)) === version.digest
        : version.resultsFile !== null && sha256Hex(version.resultsFile) === version.digest && fileHoldsVersion(version, rowsOf(version.revision));
    if (!holds) return { revision: version.revision, problem: "digest" };
    if ((versions[index - 1]?.digest ?? null) !== version.previousDigest) return { revision: version.revision, problem: "previousDigest" };
  }
  return null;
}

/**
 * Recomputes a version of a quiz's published ranking (the current one, or the one whose digest is
 * given, superseded or not) from the stored answers with that version's key, prizes,
 * disqualifications and tie rule, and compares it with its digest and frozen rows (in format 2,
 * also its stored results file with the digest); checks the chain of versions; checks each
 * submitted attempt's stored score and time taken against the current version. Anyone may run it
 * (`npm run results:verify -- <quizId>`); it changes nothing.
 */
export const verifyPublishedResults = service("results.view", async (_actor, quizId: string, database?: Queryable, digest?: string): Promise<Verification> => {
  const db = database ?? (await getDb());
  const versions = await db.select().from(publishedResults).where(eq(publishedResults.quizId, quizId)).orderBy(asc(publishedResults.revision));
  const current = versions.at(-1);
  if (!current) throw new NotFound(message("noPublishedResults"));
  const checked = versions.find((version) => version.digest === digest?.toLowerCase()) ?? current;
  const [frozenRows, inputDifference] = await Promise.all([
    db
      .select({ revision: resultRows.revision, ...frozenRowColumns, pseudonym: resultRows.pseudonym })
      .from(resultRows)
      .where(eq(resultRows.quizId, quizId)),
    firstInputDifference(db, basisOf(current)),
  ]);
  const rowsOf = (revision: number): VerifiedRow[] => frozenRows.filter((row) => row.revision === revision).map(({ revision: _revision, ...row }) => row);
  const frozen = rowsOf(checked.revision);
  const { digest: recomputedDigest, expected, actual } = await (checked.digestFormat === 1 ? recomputeFormat1 : recomputeFormat2)(db, checked, frozen);
  const position = Array.from({ length: Math.max(expected.length, actual.length) }, (_, index) => index).find(
    (index) => JSON.stringify(expected[index]) !== JSON.stringify(actual[index]),
  );
  const storedFileDigest = checked.resultsFile === null ? null : sha256Hex(checked.resultsFile);
  return {
    quizId,
    revision: checked.revision,
    currentRevision: current.revision,
    format: checked.digestFormat,
    publishedDigest: checked.digest,
    recomputedDigest,
    storedFileDigest,
    matches: recomputedDigest === checked.digest && (checked.digestFormat === 1 || storedFileDigest === checked.digest),
    firstDifference: position === undefined ? null : { position: position + 1, published: expected[position] ?? null, recomputed: actual[position] ?? null },
    rows: frozen.length,
    firstInputDifference: inputDifference,
    chainBreak: chainBreakOf(versions, rowsOf),
  };
});
