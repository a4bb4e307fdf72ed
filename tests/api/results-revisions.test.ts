import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { GET as downloadCertificate } from "@/app/api/certificates/[quizId]/route";
import { POST as appealRoute } from "@/app/api/quizzes/[quizId]/appeal/route";
import { GET as resultsFileRoute } from "@/app/api/quizzes/[quizId]/results-file/route";
import { POST as reviseRoute } from "@/app/api/quizzes/[quizId]/results-revisions/route";
import { POST as disqualifyRoute } from "@/app/api/responses/[attemptId]/disqualify/route";
import { attempts, auditLog, certificates, notifications, prizeClaims, publishedResults, resultRows, users } from "@/db/schema";
import { SYSTEM, VISITOR, type ActiveUser } from "@/lib/auth";
import { verifyCertificate } from "@/lib/certificates";
import { closeDatabase, getDb, type Queryable } from "@/lib/db";
import { decideObjections } from "@/lib/results";
import { APPEALS_UNDECIDED, inEnglish, message, REVISION_REASON_REQUIRED } from "@/lib/catalogue";
import { payEntryFeeWithFreePass } from "@/lib/payments";
import { approvePrizeClaim, claimPrize, markPrizeClaimPaid, myPrize, prizesToRecover } from "@/lib/payouts";
import { announceResults, myPublishedRanks, publishedWinners, publishResults, publishRevision, resultsVersions, verifyPublishedResults } from "@/lib/results";
import { parseResultsFile, serialiseResults, sha256Hex } from "@/lib/results/public-file";
import { pseudonymOf } from "@/lib/results/pseudonyms";
import { closedExam, finalisingAlone } from "@/tests/support/exam";
import { call } from "@/tests/support/http";
import { asInsider } from "@/tests/support/insider";
import { claimWith, freshPan, sealClaimsWithTestKey } from "@/tests/support/payouts";
import { HOUR, legacyPublication, seededQuiz, settleKey } from "@/tests/support/results";
import { runResultsVerify } from "@/tests/support/results-verify";
import { admin, ADULT_DOB } from "@/tests/support/users";
import { openRegistration } from "@/tests/support/wallet";

afterAll(closeDatabase);

sealClaimsWithTestKey();

const REASON = "A's recording shows a second person answering questions 2 and 3: disqualified on review after publication.";
const CHEATED = "A second person answers questions 2 and 3 in the recording.";

/**
 * The seeded quiz (A and B tie at the top and split ₹1,00,000 + ₹51,000, C is third with
 * ₹25,000, D fourth with a free pass), its window closed 50 hours ago and its results published
 * two hours ago, as soon as the objection window ended. Everyone is 18 or over (prizes are paid).
 */
async function published() {
  const seeded = await seededQuiz({ examEndedAgoMs: 50 * HOUR });
  const boss = await admin();
  const afterWindow = await settleKey(seeded.quiz);
  await finalisingAlone(() => publishResults(boss, seeded.quiz.id, afterWindow));
  const db = await getDb();
  const ids = Object.values(seeded.people).map((person) => person.id);
  await db.update(users).set({ dateOfBirth: ADULT_DOB }).where(inArray(users.id, ids));
  const attemptOf = async (user: ActiveUser) => (await db.select().from(attempts).where(and(eq(attempts.quizId, seeded.quiz.id), eq(attempts.participantId, user.id))))[0];
  return { ...seeded, boss, attemptOf };
}

async function versionsOf(quizId: string) {
  const db = await getDb();
  return db.select().from(publishedResults).where(eq(publishedResults.quizId, quizId)).orderBy(asc(publishedResults.revision));
}

async function rowsOf(quizId: string, revision: number) {
  const db = await getDb();
  return db
    .select({ participantId: resultRows.participantId, pseudonym: resultRows.pseudonym, rank: resultRows.rank, score: resultRows.score, timeTakenSeconds: resultRows.timeTakenSeconds, prizePaise: resultRows.prizePaise, freePass: resultRows.freePass })
    .from(resultRows)
    .where(and(eq(resultRows.quizId, quizId), eq(resultRows.revision, revision)));
}

/** Each participant's prize as the books have it: the sum of their prize entries for the quiz (migration results-revisions posts each revision's change). */
async function bookedPrizes(quizId: string): Promise<Record<string, number>> {
  const db = await getDb();
  const rows = await db.execute<{ participant_id: string; booked: string }>(sql`
    select e.participant_id, sum(l.amount_paise) as booked from journal_entries e join journal_lines l on l.entry_id = e.id
    where e.source = 'prize' and e.quiz_id = ${quizId} and l.account = 'prizes' group by e.participant_id`);
  return Object.fromEntries(rows.rows.map((row) => [row.participant_id, Number(row.booked)]));
}

async function boardOf(quizId: string) {
  return (await publishedWinners(VISITOR)).find((board) => board.id === quizId)!;
}

async function claimOf(quizId: string, user: ActiveUser) {
  const db = await getDb();
  return (await db.select().from(prizeClaims).where(and(eq(prizeClaims.quizId, quizId), eq(prizeClaims.participantId, user.id))))[0];
}

async function paid(user: ActiveUser, quizId: string, boss: ActiveUser) {
  const claim = await claimPrize(user, quizId, claimWith(freshPan()));
  await approvePrizeClaim(boss, claim.id);
  return markPrizeClaimPaid(boss, claim.id, `UTR${randomBytes(6).toString("hex")}`);
}

const ROLLED_BACK = new Error("rolled back");

/** What verify reports while an insider's edit stands; the edit is rolled back afterwards, so no other test sees it. */
async function verifiedDuring(quizId: string, edit: (tx: Queryable) => Promise<unknown>) {
  let seen: Awaited<ReturnType<typeof verifyPublishedResults>> | undefined;
  await asInsider(async (tx) => {
    await edit(tx);
    seen = await verifyPublishedResults(VISITOR, quizId, tx);
    throw ROLLED_BACK;
  }).catch((error: unknown) => {
    if (error !== ROLLED_BACK) throw error;
  });
  return seen!;
}

describe("a revision of published results", () => {
  it("keeps the first version, chains its digest into the new one, and verify checks the chain and the current version", async () => {
    const { quiz, people, boss, attemptOf } = await published();
    const [first] = await versionsOf(quiz.id);
    const firstRows = await rowsOf(quiz.id, 1);

    expect((await call(disqualifyRoute, { as: boss, params: { attemptId: (await attemptOf(people.A)).id }, json: { reason: CHEATED } })).status).toBe(200);
    // A disqualification after publication changes nothing until a revision is published.
    expect((await boardOf(quiz.id)).winners.map((row) => row.participantId)).toContain(people.A.id);
    expect(await verifyPublishedResults(VISITOR, quiz.id)).toMatchObject({ revision: 1, matches: true, chainBreak: null });

    const revised = await call(reviseRoute, { as: boss, params: { quizId: quiz.id }, json: { reason: REASON } });
    expect(revised).toMatchObject({ status: 201, body: { revision: 2 } });

    const [kept, second] = await versionsOf(quiz.id);
    expect(kept).toEqual(first);
    expect(await rowsOf(quiz.id, 1)).toEqual(firstRows);
    expect(second).toMatchObject({ revision: 2, previousDigest: first.digest, reason: REASON, publishedById: boss.id, disqualifiedIds: [people.A.id] });
    // A revision is a results file (format 2), like every publication: its digest is the file's SHA-256 and covers the first version's digest.
    expect(first).toMatchObject({ digestFormat: 2 });
    expect(second).toMatchObject({ digestFormat: 2 });
    expect(sha256Hex(second.resultsFile!)).toBe(second.digest);
    const file = parseResultsFile(second.resultsFile!);
    expect(file).toMatchObject({ format: 2, quizId: quiz.id, revision: 2, previousDigest: first.digest, reason: REASON });
    // Everyone keeps their pseudonym; A, disqualified, is left out.
    const secondRows = await rowsOf(quiz.id, 2);
    expect(secondRows.map((row) => row.pseudonym).sort()).toEqual(firstRows.filter((row) => row.participantId !== people.A.id).map((row) => row.pseudonym).sort());
    expect(file.rows.map((row) => row.pseudonym).sort()).toEqual(secondRows.map((row) => row.pseudonym).sort());
    expect(revised.body.digest).toBe(second.digest);

    expect(await verifyPublishedResults(VISITOR, quiz.id)).toMatchObject({ revision: 2, format: 2, matches: true, firstDifference: null, firstInputDifference: null, chainBreak: null, publishedDigest: second.digest });
    // The superseded version still recomputes from the answers, with the disqualifications it left out (none).
    expect(await verifyPublishedResults(VISITOR, quiz.id, undefined, first.digest)).toMatchObject({ revision: 1, currentRevision: 2, matches: true, firstDifference: null, chainBreak: null });
    const board = await boardOf(quiz.id);
    expect(board).toMatchObject({ revision: 2, digest: second.digest, reason: REASON });
    expect(board.superseded).toEqual([{ revision: 1, publishedAt: first.publishedAt, digest: first.digest, reason: null, resultsFile: true }]);
    expect((await resultsVersions(boss, quiz.id)).map((version) => [version.revision, version.digest, version.reason, version.publishedByName])).toEqual([
      [2, second.digest, REASON, boss.name],
      [1, first.digest, null, boss.name],
    ]);
    const [entry] = await (await getDb()).select().from(auditLog).where(and(eq(auditLog.action, "results.revise"), eq(auditLog.subjectId, quiz.id)));
    expect(entry).toMatchObject({ actorId: boss.id, reason: REASON, before: { revision: 1, digest: first.digest }, after: { revision: 2, digest: second.digest } });
  });

  it("reports a rewritten superseded version, and the broken link when its digest is forged to match", async () => {
    const { quiz, people, boss, attemptOf } = await published();
    await call(disqualifyRoute, { as: boss, params: { attemptId: (await attemptOf(people.A)).id }, json: { reason: CHEATED } });
    await publishRevision(boss, quiz.id, { reason: REASON });
    // An insider moves C's ₹25,000 in the first version to D.
    const moved = async (tx: Queryable) => {
      await tx.execute(sql`update result_rows set prize_paise = 0 where quiz_id = ${quiz.id} and revision = 1 and participant_id = ${people.C.id}`);
      await tx.execute(sql`update result_rows set prize_paise = 2500000, free_pass = false where quiz_id = ${quiz.id} and revision = 1 and participant_id = ${people.D.id}`);
    };
    expect(await verifiedDuring(quiz.id, moved)).toMatchObject({ matches: true, chainBreak: { revision: 1, problem: "digest" } });

    // ... and rewrites the first version's results file to match, with its digest: the second version still names the old one.
    const forged = await verifiedDuring(quiz.id, async (tx) => {
      await moved(tx);
      const [first] = (await tx.execute<{ results_file: string }>(sql`select results_file from published_results where quiz_id = ${quiz.id} and revision = 1`)).rows;
      const pseudonyms = await tx.execute<{ participant_id: string; pseudonym: string }>(sql`select participant_id, pseudonym from result_rows where quiz_id = ${quiz.id} and revision = 1`);
      const pseudonymOfPerson = (user: ActiveUser) => pseudonyms.rows.find((row) => row.participant_id === user.id)!.pseudonym;
      const document = parseResultsFile(first.results_file);
      const rewritten = serialiseResults({
        ...document,
        rows: document.rows.map((row) =>
          row.pseudonym === pseudonymOfPerson(people.C) ? { ...row, prizePaise: 0 } : row.pseudonym === pseudonymOfPerson(people.D) ? { ...row, prizePaise: 2_500_000, freePass: false } : row,
        ),
      });
      await tx.execute(sql`update published_results set results_file = ${rewritten}, digest = ${sha256Hex(rewritten)} where quiz_id = ${quiz.id} and revision = 1`);
    });
    expect(forged).toMatchObject({ matches: true, chainBreak: { revision: 2, problem: "previousDigest" } });
    expect((await verifyPublishedResults(VISITOR, quiz.id)).chainBreak).toBeNull();
  });

  it("is refused without a written reason (400), to anyone but an admin (403), before publication and when nothing changed (409)", async () => {
    const { quiz, people, boss, attemptOf } = await published();
    for (const json of [{}, { reason: "" }, { reason: "   " }, { reason: "Typo fixed." }]) {
      const refused = await call(reviseRoute, { as: boss, params: { quizId: quiz.id }, json });
      expect(refused).toMatchObject({ status: 400, body: { message: REVISION_REASON_REQUIRED } });
    }
    expect((await call(reviseRoute, { as: people.B, params: { quizId: quiz.id }, json: { reason: REASON } })).status).toBe(403);
    expect((await call(reviseRoute, { as: null, params: { quizId: quiz.id }, json: { reason: REASON } })).status).toBe(401);
    expect(await call(reviseRoute, { as: boss, params: { quizId: quiz.id }, json: { reason: REASON } })).toMatchObject({
      status: 409,
      body: { message: inEnglish(message("revisionChangesNothing", { revision: 1 })) },
    });
    const unpublished = await closedExam();
    expect(await call(reviseRoute, { as: boss, params: { quizId: unpublished.id }, json: { reason: REASON } })).toMatchObject({
      status: 409,
      body: { message: inEnglish(message("revisionNeedsPublication")) },
    });
    await call(disqualifyRoute, { as: boss, params: { attemptId: (await attemptOf(people.A)).id }, json: { reason: CHEATED } });
    expect((await call(reviseRoute, { as: people.A, params: { quizId: quiz.id }, json: { reason: REASON } })).status).toBe(403);
    expect(await versionsOf(quiz.id)).toHaveLength(1);
  });

  it("after a late disqualification, takes the winner out and moves the prizes; an unpaid claim follows, a paid one and a redeemed free pass are listed for recovery, everyone is told", async () => {
    const { quiz, people, boss, attemptOf } = await published();
    const paidA = await paid(people.A, quiz.id, boss);
    expect(paidA).toMatchObject({ status: "paid", grossPaise: 7_550_000 });
    const claimB = await claimPrize(people.B, quiz.id, claimWith(freshPan()));
    expect(claimB.grossPaise).toBe(7_550_000);
    // D uses the free pass on a later quiz: its entry fee is what the pass was worth.
    const pass = await payEntryFeeWithFreePass(people.D, quiz.id, (await openRegistration()).id);

    await call(disqualifyRoute, { as: boss, params: { attemptId: (await attemptOf(people.A)).id }, json: { reason: CHEATED } });
    await publishRevision(boss, quiz.id, { reason: REASON });

    const board = await boardOf(quiz.id);
    expect(board.winners.map((row) => [row.participantId, row.rank, row.prizePaise])).toEqual([
      [people.B.id, 1, 10_000_000],
      [people.C.id, 2, 5_100_000],
      [people.D.id, 3, 2_500_000],
    ]);
    expect(await myPublishedRanks(people.A, people.A.id)).toEqual([]);
    expect(await myPublishedRanks(people.C, people.C.id)).toEqual([expect.objectContaining({ rank: 2, of: 3, prizePaise: 5_100_000 })]);

    // B's claim follows: the new prize, the tax estimate for it, on the new version.
    const followed = await claimOf(quiz.id, people.B);
    expect(followed).toMatchObject({ id: claimB.id, status: "claimed", revision: 2, grossPaise: 10_000_000 });
    expect(followed.taxPaise + followed.netPaise).toBe(followed.grossPaise);
    expect(followed.taxPaise).toBe(3_000_000);
    expect((await myPrize(people.B, quiz.id)).prizePaise).toBe(10_000_000);
    // A's paid claim stays on the version it was paid for.
    expect(await claimOf(quiz.id, people.A)).toMatchObject({ id: paidA.id, status: "paid", revision: 1, grossPaise: 7_550_000 });

    const toRecover = (await prizesToRecover(boss)).filter((row) => row.quizId === quiz.id);
    expect(toRecover).toEqual([
      expect.objectContaining({ participantId: people.A.id, kind: "cash", claimId: paidA.id, paidRevision: 1, currentRevision: 2, paidPaise: 7_550_000, currentPrizePaise: 0, recoverPaise: 7_550_000 }),
      expect.objectContaining({ participantId: people.D.id, kind: "freePass", claimId: null, paidRevision: 1, currentRevision: 2, paidPaise: pass.amountPaise, currentPrizePaise: 2_500_000, recoverPaise: pass.amountPaise }),
    ]);

    const db = await getDb();
    const [, second] = await versionsOf(quiz.id);
    const queued = await db.execute<{ revision: number }>(sql`select (data ->> 'revision')::int as revision from pgboss.job where name = 'results.announce' and data ->> 'quizId' = ${quiz.id} order by 1`);
    expect(queued.rows.map((job) => job.revision)).toEqual([1, 2]);
    // The job, retried, tells everyone the new version once: why, its digest and their pseudonym; A too, whom it leaves out.
    await announceResults(SYSTEM, quiz.id, 2);
    await announceResults(SYSTEM, quiz.id, 2);
    const pseudonyms = await rowsOf(quiz.id, 1);
    for (const person of Object.values(people)) {
      const told = await db.select().from(notifications).where(eq(notifications.userId, person.id));
      const notices = told.filter((notice) => notice.title.includes(quiz.title) && notice.body.includes(REASON));
      expect(notices).toHaveLength(1);
      expect(notices[0].title).toBe(`Results revised: ${quiz.title}`);
      for (const expected of [second.digest, pseudonyms.find((row) => row.participantId === person.id)!.pseudonym!]) expect(notices[0].body).toContain(expected);
      const mails = await db.execute<{ subject: string; text: string }>(sql`select data ->> 'subject' as subject, data ->> 'text' as text from pgboss.job where name = 'mail.send' and data ->> 'to' = ${person.email} and data ->> 'text' like ${`%${second.digest}%`}`);
      expect(mails.rows).toEqual([expect.objectContaining({ subject: `Results of ${quiz.title} are revised` })]);
      expect(mails.rows[0].text).toContain(REASON);
    }
    const [withdrawals, follows] = await Promise.all(
      ["payout.withdraw", "payout.follow"].map((action) => db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.subjectId, claimB.id)))),
    );
    expect(withdrawals).toEqual([]);
    expect(follows).toEqual([expect.objectContaining({ actorId: boss.id, reason: REASON, before: expect.objectContaining({ revision: 1, grossPaise: 7_550_000 }), after: expect.objectContaining({ revision: 2, grossPaise: 10_000_000 }) })]);
    expect(await bookedPrizes(quiz.id)).toEqual({ [people.A.id]: 0, [people.B.id]: 10_000_000, [people.C.id]: 5_100_000, [people.D.id]: 2_500_000 });
  });

  it("applies a key decision taken after publication only through a revision; an unpaid claim whose prize is gone is withdrawn", async () => {
    const { quiz, questionIds, people, boss } = await published();
    const paidA = await paid(people.A, quiz.id, boss);
    const claimC = await claimPrize(people.C, quiz.id, claimWith(freshPan()));
    const before = await boardOf(quiz.id);

    // Question 2's key was wrong: option Z (3) is right. B answered Z; C's only mark was on question 2.
    await decideObjections(boss, quiz.id, questionIds[1], { decision: "change", newOptionIndex: 3, note: "The key had a typo: Z is the right answer." });
    expect(await boardOf(quiz.id)).toEqual(before);
    expect(await verifyPublishedResults(VISITOR, quiz.id)).toMatchObject({ matches: true, firstInputDifference: null, chainBreak: null });

    await publishRevision(boss, quiz.id, { reason: "Question 2's key had a typo: Z is the right answer, not X. Every attempt is rescored." });
    expect((await boardOf(quiz.id)).winners.map((row) => [row.participantId, row.rank, row.score, row.prizePaise, row.freePass])).toEqual([
      [people.B.id, 1, 3, 10_000_000, false],
      [people.A.id, 2, 1, 5_100_000, false],
      [people.D.id, 3, 1, 2_500_000, false],
      [people.C.id, 4, 0, 0, true],
    ]);
    expect((await attemptOfScore(quiz.id, people.B))).toBe(3);
    expect(await verifyPublishedResults(VISITOR, quiz.id)).toMatchObject({ revision: 2, matches: true, firstInputDifference: null, chainBreak: null });

    expect(await claimOf(quiz.id, people.C)).toBeUndefined();
    const db = await getDb();
    const [withdrawn] = await db.select().from(auditLog).where(and(eq(auditLog.action, "payout.withdraw"), eq(auditLog.subjectId, claimC.id)));
    expect(withdrawn).toMatchObject({ actorId: boss.id, before: expect.objectContaining({ grossPaise: 2_500_000, revision: 1 }) });
    expect((await prizesToRecover(boss)).filter((row) => row.quizId === quiz.id)).toEqual([
      expect.objectContaining({ participantId: people.A.id, kind: "cash", claimId: paidA.id, paidPaise: 7_550_000, currentPrizePaise: 5_100_000, recoverPaise: 2_450_000 }),
    ]);
    expect(await bookedPrizes(quiz.id)).toEqual({ [people.A.id]: 5_100_000, [people.B.id]: 10_000_000, [people.C.id]: 0, [people.D.id]: 2_500_000 });
  });

  it("waits for an appeal against a disqualification made after publication", async () => {
    const { quiz, people, boss, attemptOf } = await published();
    await call(disqualifyRoute, { as: boss, params: { attemptId: (await attemptOf(people.A)).id }, json: { reason: CHEATED } });
    expect((await call(appealRoute, { as: people.A, params: { quizId: quiz.id }, json: { text: "The second person was the invigilator checking my ID." } })).status).toBe(201);
    expect(await call(reviseRoute, { as: boss, params: { quizId: quiz.id }, json: { reason: REASON } })).toMatchObject({ status: 409, body: { message: APPEALS_UNDECIDED } });
    expect(await versionsOf(quiz.id)).toHaveLength(1);
  });

  it("marks a certificate of a superseded version as superseded and points to the current version", async () => {
    const { quiz, people, boss, attemptOf } = await published();
    expect((await call(downloadCertificate, { as: people.C, params: { quizId: quiz.id } })).status).toBe(200);
    const db = await getDb();
    const [old] = await db.select().from(certificates).where(and(eq(certificates.quizId, quiz.id), eq(certificates.participantId, people.C.id)));
    expect(await verifyCertificate(VISITOR, old.verificationId)).toMatchObject({ result: { rank: 3, prizePaise: 2_500_000, freePass: false }, superseded: null });

    await call(disqualifyRoute, { as: boss, params: { attemptId: (await attemptOf(people.A)).id }, json: { reason: CHEATED } });
    await publishRevision(boss, quiz.id, { reason: REASON });
    const [, second] = await versionsOf(quiz.id);
    expect(await verifyCertificate(VISITOR, old.verificationId)).toMatchObject({
      result: { rank: 3, prizePaise: 2_500_000, freePass: false },
      revoked: false,
      superseded: { revision: 1, currentRevision: 2, currentPublishedAt: second.publishedAt, currentResult: { rank: 2, prizePaise: 5_100_000, freePass: false }, winnersUrl: `/winnerleaderboard#winners-${quiz.id}` },
    });

    // The next download is the current version's certificate; the old one stays, superseded.
    expect((await call(downloadCertificate, { as: people.C, params: { quizId: quiz.id } })).status).toBe(200);
    const issued = await db.select().from(certificates).where(and(eq(certificates.quizId, quiz.id), eq(certificates.participantId, people.C.id))).orderBy(asc(certificates.revision));
    expect(issued.map((certificate) => certificate.revision)).toEqual([1, 2]);
    expect(await verifyCertificate(VISITOR, issued[1].verificationId)).toMatchObject({ result: { rank: 2, prizePaise: 5_100_000, freePass: false }, superseded: null });
  });
});

describe("a revision's results file", () => {
  const download = async (quizId: string, query = "") => {
    const served = await call(resultsFileRoute, { params: { quizId }, url: `/api/quizzes/${quizId}/results-file${query}` });
    return { status: served.status, text: await served.response.clone().text() };
  };

  // Three runs of the command, two of them loading the whole app against the database.
  it("names revision 1's digest; the downloaded file checks alone, and from the database the chain holds and the superseded version still recomputes", { timeout: 120_000 }, async () => {
    const { quiz, people, boss, attemptOf } = await published();
    const [first] = await versionsOf(quiz.id);
    await call(disqualifyRoute, { as: boss, params: { attemptId: (await attemptOf(people.A)).id }, json: { reason: CHEATED } });
    await publishRevision(boss, quiz.id, { reason: REASON });
    const [, second] = await versionsOf(quiz.id);

    // The quiz's file is now the revision's; the first version's stays downloadable by its digest.
    const current = await download(quiz.id);
    expect(current).toEqual({ status: 200, text: second.resultsFile });
    expect(parseResultsFile(current.text)).toMatchObject({ format: 2, revision: 2, previousDigest: first.digest, reason: REASON });
    expect(await download(quiz.id, `?digest=${first.digest}`)).toEqual({ status: 200, text: first.resultsFile });

    const directory = await mkdtemp(path.join(tmpdir(), "revision-file-"));
    try {
      const file = path.join(directory, "results.json");
      await writeFile(file, current.text);
      const alone = await runResultsVerify(["--file", file, "--digest", second.digest], directory);
      expect(alone.code).toBe(0);
      expect(alone.output).toContain(`OK: all 3 rows of quiz ${quiz.id} (revision 2) follow from their answers, the key, the prizes and the tie rule.`);
      expect(alone.output).toContain("It matches the digest you gave.");

      const [latest, superseded] = await Promise.all([
        runResultsVerify([quiz.id], directory, inject("databaseUrl")),
        runResultsVerify([quiz.id, "--digest", first.digest], directory, inject("databaseUrl")),
      ]);
      expect(latest.code).toBe(0);
      expect(latest.output).toContain(`OK: the results of quiz ${quiz.id} match the published digest of revision 2 (3 rows); the chain of versions holds.`);
      expect(superseded.code).toBe(0);
      expect(superseded.output).toContain(`OK: the results of quiz ${quiz.id} match the published digest of revision 1 (4 rows); the chain of versions holds.`);
      expect(superseded.output).toContain("revision:          1 (superseded by revision 2)");
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it("chains a legacy format-1 publication to a format-2 revision, which names everyone by their pseudonym", async () => {
    const { quiz, questionIds, people } = await seededQuiz({ examEndedAgoMs: 50 * HOUR });
    const boss = await admin();
    await settleKey(quiz);
    const legacyDigest = await legacyPublication(quiz, questionIds);
    const db = await getDb();
    const [attemptA] = await db.select().from(attempts).where(and(eq(attempts.quizId, quiz.id), eq(attempts.participantId, people.A.id)));
    await call(disqualifyRoute, { as: boss, params: { attemptId: attemptA.id }, json: { reason: CHEATED } });
    await publishRevision(boss, quiz.id, { reason: REASON });

    const [legacy, second] = await versionsOf(quiz.id);
    expect(legacy).toMatchObject({ revision: 1, digestFormat: 1, digest: legacyDigest, resultsFile: null });
    expect(second).toMatchObject({ revision: 2, digestFormat: 2, previousDigest: legacyDigest });
    expect(parseResultsFile(second.resultsFile!)).toMatchObject({ revision: 2, previousDigest: legacyDigest, reason: REASON });
    for (const row of await rowsOf(quiz.id, 2)) expect(row.pseudonym).toBe(await pseudonymOf(quiz.id, row.participantId));

    expect(await verifyPublishedResults(VISITOR, quiz.id)).toMatchObject({ revision: 2, format: 2, matches: true, firstDifference: null, chainBreak: null });
    expect(await verifyPublishedResults(VISITOR, quiz.id, undefined, legacyDigest)).toMatchObject({ revision: 1, format: 1, matches: true, firstDifference: null, chainBreak: null });
    // The legacy version has no file to serve.
    expect((await download(quiz.id, `?digest=${legacyDigest}`)).status).toBe(404);

    // A, ranked only in the legacy version (no pseudonym stored), is told the revision under the pseudonym every file would give them.
    await announceResults(SYSTEM, quiz.id, 2);
    const [toldA] = await db.select().from(notifications).where(and(eq(notifications.userId, people.A.id), sql`${notifications.body} like ${`%${second.digest}%`}`));
    expect(toldA.body).toContain(await pseudonymOf(quiz.id, people.A.id));
    expect(toldA.body).toContain(REASON);
  });
});

async function attemptOfScore(quizId: string, user: ActiveUser) {
  const db = await getDb();
  const [row] = await db.select({ score: attempts.score }).from(attempts).where(and(eq(attempts.quizId, quizId), eq(attempts.participantId, user.id)));
  return row.score;
}
