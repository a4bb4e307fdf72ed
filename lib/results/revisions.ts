import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { currentPublishedResults, publishedResults, quizzes, resultRows, users } from "@/db/schema";
import { recordAudit } from "@/lib/audit";
import { service } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { Conflict, Invalid, NotFound } from "@/lib/errors";
import { enqueueWithin } from "@/lib/jobs";
import { message, refusalOf } from "@/lib/catalogue";
import { claimsFollowRevision } from "@/lib/payouts";
import { assertNoOpenAppeals } from "@/lib/review";
import { assertKeySettled, rescoreQuiz } from "./answer-key";
import { canonicalRows, frozenRowColumns } from "./frozen";
import { keyEntriesOf, type KeyEntry, type StoredKey } from "./key";
import { computeVersion, freeze } from "./publishing";
import { revisionSchema, type RevisionInput } from "./schemas";

/** The same key, entry by entry (a stored key's fields come back in jsonb's own order). */
function sameKey(a: KeyEntry[], b: KeyEntry[]): boolean {
  const entries = (key: KeyEntry[]) => JSON.stringify(key.map((entry) => [entry.questionId, entry.type, entry.accepted, entry.section, entry.full, entry.wrong, entry.dropped]));
  return entries(a) === entries(b);
}

/**
 * A correction of published results (a disqualification found later, a key error) is a new
 * version, never a rewrite. Disqualifications, reinstatements and key decisions may still be made
 * after publication, each audited, but they change nothing public until an admin publishes a
 * revision with a written reason: then, in one transaction, the ranking is recomputed from the
 * stored answers with the quiz's key and disqualifications as they stand, the scores are rescored
 * to that key, and the new version is frozen beside the old one, its digest covering the old
 * digest, as a results file (format 2) like every publication's. Unpaid prize claims follow it;
 * every participant is told why, with its digest and their pseudonym.
 */
export const publishRevision = service("results.publish", async (admin, quizId: string, input: RevisionInput, now: Date = new Date()) => {
  const parsed = revisionSchema.safeParse(input);
  if (!parsed.success) throw new Invalid(refusalOf(parsed.error));
  const { reason } = parsed.data;
  const db = await getDb();
  const frozen = await db.transaction(async (tx) => {
    // The quiz first, as publishing and every disqualification lock it: none of them interleave.
    const [quiz] = await tx.select().from(quizzes).where(eq(quizzes.id, quizId)).for("update");
    if (!quiz) throw new NotFound(message("quizNotFound"));
    const [latest] = await tx.select().from(currentPublishedResults).where(eq(currentPublishedResults.quizId, quizId));
    if (!latest) throw new Conflict(message("revisionNeedsPublication"));
    await assertKeySettled(tx, quiz, now);
    await assertNoOpenAppeals(tx, quizId);
    const computed = await computeVersion(tx, quiz, { revision: latest.revision + 1, previousDigest: latest.digest, reason });
    const latestRows = await tx
      .select(frozenRowColumns)
      .from(resultRows)
      .where(and(eq(resultRows.quizId, quizId), eq(resultRows.revision, latest.revision)));
    if (sameKey(computed.basis.key, keyEntriesOf(latest.answerKey as StoredKey)) && JSON.stringify(canonicalRows(computed.rows)) === JSON.stringify(canonicalRows(latestRows))) {
      throw new Conflict(message("revisionChangesNothing", { revision: latest.revision }));
    }
    // Key decisions after publication left the scores as published: they move with this version.
    await rescoreQuiz(tx, quizId);
    const written = await freeze(tx, computed, admin.id || null, now);
    const claims = await claimsFollowRevision(tx, admin, { quizId, revision: written.revision, reason, now });
    await recordAudit(tx, admin, {
      action: "results.revise",
      subjectType: "quiz",
      subjectId: quizId,
      before: { revision: latest.revision, digest: latest.digest },
      after: { ...written, previousDigest: latest.digest, disqualifiedIds: computed.disqualifiedIds, claims },
      reason,
    });
    // As for the first publication: everyone it ranks, or an earlier version ranked, hears why it changed, its digest and their pseudonym.
    await enqueueWithin(tx, "results.announce", { quizId, revision: written.revision });
    return written;
  });
  return { revision: frozen.revision, digest: frozen.digest };
});

/** Every version of a quiz's published results, newest first, with who published it: the admin's list beside the revision form. */
export const resultsVersions = service("results.publish", async (_admin, quizId: string) => {
  const db = await getDb();
  return db
    .select({
      revision: publishedResults.revision,
      publishedAt: publishedResults.publishedAt,
      digest: publishedResults.digest,
      previousDigest: publishedResults.previousDigest,
      reason: publishedResults.reason,
      publishedByName: users.name,
    })
    .from(publishedResults)
    .leftJoin(users, eq(users.id, publishedResults.publishedById))
    .where(eq(publishedResults.quizId, quizId))
    .orderBy(desc(publishedResults.revision));
});

export type ResultsVersion = Awaited<ReturnType<typeof resultsVersions>>[number];
