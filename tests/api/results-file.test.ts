import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { GET as resultsFile } from "@/app/api/quizzes/[quizId]/results-file/route";
import { notifications, publishedResults, quizzes, resultRows, users } from "@/db/schema";
import { SYSTEM, VISITOR, type ActiveUser } from "@/lib/auth";
import { downloadCertificate } from "@/lib/certificates";
import { closeDatabase, getDb } from "@/lib/db";
import { myPublishedRanks, publishedWinners, publishResults, verifyPublishedResults } from "@/lib/results";
import { announceResults } from "@/lib/results/announce";
import { checkResultsFile, serialiseResults, type PublicResults } from "@/lib/results/public-file";
import { pseudonymOf } from "@/lib/results/pseudonyms";
import { closedExam, finalisingAlone } from "../support/exam";
import { call } from "../support/http";
import { asInsider } from "../support/insider";
import { pdfTexts } from "../support/pdf-text";
import { ANSWERS, legacyPublication, seededQuiz, settleKey } from "../support/results";
import { runResultsVerify } from "../support/results-verify";
import { admin } from "../support/users";

afterAll(closeDatabase);

const PSEUDONYM = /^P-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The seeded quiz (A and B tie at the top) with its key settled and its results published. */
async function publishedSeededQuiz() {
  const seeded = await seededQuiz();
  const afterWindow = await settleKey(seeded.quiz);
  await finalisingAlone(async () => publishResults(await admin(), seeded.quiz.id, afterWindow));
  const db = await getDb();
  const [published] = await db.select().from(publishedResults).where(eq(publishedResults.quizId, seeded.quiz.id));
  const rows = await db.select().from(resultRows).where(eq(resultRows.quizId, seeded.quiz.id));
  const pseudonymOfPerson = (user: ActiveUser) => rows.find((row) => row.participantId === user.id)!.pseudonym!;
  return { ...seeded, published, rows, pseudonymOfPerson };
}

async function download(quizId: string, options: { query?: string; headers?: Record<string, string> } = {}) {
  const routed = await call(resultsFile, { params: { quizId }, url: `/api/quizzes/${quizId}/results-file${options.query ?? ""}`, headers: options.headers });
  return { ...routed, text: await routed.response.clone().text() };
}

/** The seeded quiz with its results published before results files existed (format 1). */
async function legacyQuiz() {
  const { quiz, questionIds, people } = await seededQuiz();
  return { quiz, people, digest: await legacyPublication(quiz, questionIds) };
}

describe("publishing results in format 2", () => {
  it("freezes a public file whose SHA-256 is the digest, with each participant under a pseudonym kept in their frozen row", async () => {
    const { quiz, questionIds, people, published, rows, pseudonymOfPerson } = await publishedSeededQuiz();
    expect(published.digestFormat).toBe(2);
    expect(sha256(published.resultsFile!)).toBe(published.digest);

    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row.pseudonym).toMatch(PSEUDONYM);
      expect(row.pseudonym).toBe(await pseudonymOf(quiz.id, row.participantId));
    }
    expect(new Set(rows.map((row) => row.pseudonym)).size).toBe(4);
    // Another quiz gives the same person another pseudonym: nobody is followed from quiz to quiz.
    expect(await pseudonymOf((await closedExam()).id, people.A.id)).not.toBe(pseudonymOfPerson(people.A));

    const file = JSON.parse(published.resultsFile!) as PublicResults;
    expect(file).toMatchObject({ format: 2, quizId: quiz.id, revision: 1, previousDigest: null, reason: null, marksPerQuestion: 1 });
    expect(file.key).toEqual(questionIds.map((questionId, position) => ({ questionId, correctOptionIndex: position, dropped: false })));
    expect(file.rows.map((row) => [row.pseudonym, row.answers, row.score, row.rank])).toEqual(
      [
        [pseudonymOfPerson(people.A), ANSWERS.A, 2, 1],
        [pseudonymOfPerson(people.B), ANSWERS.B, 2, 1],
        [pseudonymOfPerson(people.C), ANSWERS.C, 1, 3],
        [pseudonymOfPerson(people.D), ANSWERS.D, 1, 4],
      ].sort((a, b) => (a[3] as number) - (b[3] as number) || ((a[0] as string) < (b[0] as string) ? -1 : 1)),
    );
    expect(serialiseResults(file)).toBe(published.resultsFile);
    expect(checkResultsFile(published.resultsFile!, published.digest).ok).toBe(true);
  });

  it("verifies a format-2 publication from the database, and still verifies a legacy format-1 one", async () => {
    const { quiz, published } = await publishedSeededQuiz();
    expect(await verifyPublishedResults(VISITOR, quiz.id)).toMatchObject({ format: 2, matches: true, firstDifference: null, rows: 4, recomputedDigest: published.digest });

    const legacy = await legacyQuiz();
    expect(await verifyPublishedResults(VISITOR, legacy.quiz.id)).toMatchObject({ format: 1, matches: true, firstDifference: null, rows: 4, publishedDigest: legacy.digest, recomputedDigest: legacy.digest });
  });

  it("reports a stored results file that no longer hashes to the digest", async () => {
    const { quiz, published } = await publishedSeededQuiz();
    const forged = published.resultsFile!.replace(/"prizePaise":\d+/, '"prizePaise":1');
    await asInsider((tx) => tx.execute(sql`update published_results set results_file = ${forged} where quiz_id = ${quiz.id}`));
    expect(await verifyPublishedResults(VISITOR, quiz.id)).toMatchObject({ format: 2, matches: false, storedFileDigest: sha256(forged), recomputedDigest: published.digest });
  });
});

describe("the public results file", () => {
  it("is served to anyone as the canonical JSON the digest covers, with no participant id, name or email", async () => {
    const { quiz, people, published } = await publishedSeededQuiz();
    const served = await download(quiz.id);
    expect(served.status).toBe(200);
    expect(served.response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(served.response.headers.get("content-disposition")).toBe(`attachment; filename="results-${quiz.id}-${published.digest.slice(0, 12)}.json"`);
    expect(served.response.headers.get("etag")).toBe(`"${published.digest}"`);
    expect(served.text).toBe(published.resultsFile);
    expect(sha256(served.text)).toBe(published.digest);
    for (const person of Object.values(people)) {
      for (const personal of [person.id, person.email, person.name]) expect(served.text).not.toContain(personal);
    }

    // Named by its digest, the file can never change: cached for good. Without, it is checked each time.
    const pinned = await download(quiz.id, { query: `?digest=${published.digest}` });
    expect(pinned.status).toBe(200);
    expect(pinned.response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.response.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect((await download(quiz.id, { headers: { "if-none-match": `"${published.digest}"` } })).status).toBe(304);
    expect((await download(quiz.id, { query: `?digest=${"0".repeat(64)}` })).status).toBe(404);
  });

  it("is not found before the results are published, nor for a publication made before results files existed", async () => {
    const unpublished = await closedExam();
    const legacy = await legacyQuiz();
    for (const quizId of [unpublished.id, legacy.quiz.id]) {
      const served = await download(quizId);
      expect(served.status).toBe(404);
      expect(served.body.message).toBe("This quiz has no public results file: its results are not published, or were published before results files existed.");
    }
  });

  it("shows each participant their own pseudonym only; the winners board shows none", async () => {
    const { quiz, people, published, pseudonymOfPerson } = await publishedSeededQuiz();
    const [mine] = await myPublishedRanks(people.C, people.C.id);
    expect(mine).toMatchObject({ quizId: quiz.id, pseudonym: pseudonymOfPerson(people.C), digest: published.digest });
    const seen = JSON.stringify(mine);
    for (const other of [people.A, people.B, people.D]) expect(seen).not.toContain(pseudonymOfPerson(other));

    const board = (await publishedWinners(VISITOR)).find((entry) => entry.id === quiz.id);
    expect(board).toMatchObject({ digest: published.digest, resultsFile: true });
    for (const person of Object.values(people)) expect(JSON.stringify(board)).not.toContain(pseudonymOfPerson(person));
  });

  it("puts the digest on the certificate", async () => {
    const { quiz, people, published } = await publishedSeededQuiz();
    const certificate = await downloadCertificate(people.D, people.D.id, quiz.id, "https://olympiad.example");
    expect(pdfTexts(certificate.bytes)).toContain(published.digest);
  });
});

describe("the digest outside the database", () => {
  it("is told to every participant once, in-app and by mail, with their pseudonym, however often the announcement runs", async () => {
    const { quiz, people, published, pseudonymOfPerson } = await publishedSeededQuiz();
    const db = await getDb();
    const queued = await db.execute<{ count: number }>(sql`select count(*)::int as count from pgboss.job where name = 'results.announce' and data ->> 'quizId' = ${quiz.id}`);
    expect(queued.rows[0].count).toBe(1);

    // A retried job, or a second worker, runs it again.
    await Promise.all([announceResults(SYSTEM, quiz.id), announceResults(SYSTEM, quiz.id)]);
    await announceResults(SYSTEM, quiz.id);
    for (const person of Object.values(people)) {
      const notices = await db.select().from(notifications).where(and(eq(notifications.userId, person.id), sql`${notifications.body} like ${`%${published.digest}%`}`));
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({ title: `Results published: ${quiz.title}`, url: `/dashboard#result-${quiz.id}` });
      expect(notices[0].body).toContain(pseudonymOfPerson(person));
      const mails = await db.execute<{ subject: string; text: string }>(sql`select data ->> 'subject' as subject, data ->> 'text' as text from pgboss.job where name = 'mail.send' and data ->> 'to' = ${person.email}`);
      expect(mails.rows).toHaveLength(1);
      expect(mails.rows[0].subject).toBe(`Results of ${quiz.title} are published`);
      for (const expected of [published.digest, pseudonymOfPerson(person), `--digest ${published.digest}`]) expect(mails.rows[0].text).toContain(expected);
    }
  });
});

describe("the announcement in the reader's language", () => {
  it("names the quiz by its Hindi title to a Hindi reader, and by its English one to the others", async () => {
    const { quiz, people, published } = await publishedSeededQuiz();
    const db = await getDb();
    await db.update(quizzes).set({ titleHi: "शीतकालीन ओलंपियाड" }).where(eq(quizzes.id, quiz.id));
    await db.update(users).set({ language: "hi" }).where(eq(users.id, people.A.id));
    await announceResults(SYSTEM, quiz.id);
    const noticeOf = async (person: ActiveUser) =>
      (await db.select().from(notifications).where(and(eq(notifications.userId, person.id), sql`${notifications.body} like ${`%${published.digest}%`}`)))[0];
    expect(await noticeOf(people.A)).toMatchObject({ title: "परिणाम प्रकाशित: शीतकालीन ओलंपियाड" });
    expect(await noticeOf(people.B)).toMatchObject({ title: `Results published: ${quiz.title}` });
    const mails = await db.execute<{ subject: string }>(sql`select data ->> 'subject' as subject from pgboss.job where name = 'mail.send' and data ->> 'to' = ${people.A.email}`);
    expect(mails.rows.map((mail) => mail.subject)).toEqual(["शीतकालीन ओलंपियाड के परिणाम प्रकाशित हो गए हैं"]);
  });
});

describe("npm run results:verify", () => {
  // Three runs of the command, one of them loading the whole app against the database.
  it("recomputes a downloaded file with no database and no server secret, and rejects a tampered row and a wrong digest, as against the database", { timeout: 90_000 }, async () => {
    const { quiz, published } = await publishedSeededQuiz();
    const served = await download(quiz.id);
    const directory = await mkdtemp(path.join(tmpdir(), "results-file-"));
    try {
      const run = (args: string[], databaseUrl?: string) => runResultsVerify(args, directory, databaseUrl);
      const file = path.join(directory, "results.json");
      await writeFile(file, served.text);
      const good = await run(["--file", file, "--digest", published.digest]);
      expect(good.code).toBe(0);
      expect(good.output).toContain(`OK: all 4 rows of quiz ${quiz.id} (revision 1) follow from their answers, the key, the prizes and the tie rule.`);
      expect(good.output).toContain(`digest: ${published.digest}`);
      expect(good.output).toContain("It matches the digest you gave.");

      const document = JSON.parse(served.text) as PublicResults;
      const [first] = document.rows;
      await writeFile(file, serialiseResults({ ...document, rows: document.rows.map((row, index) => (index === 0 ? { ...row, prizePaise: row.prizePaise + 100 } : row)) }));
      const bad = await run(["--file", file, "--digest", "0".repeat(64)]);
      expect(bad.code).toBe(1);
      expect(bad.output).toContain(`MISMATCH: row 1 (${first.pseudonym}): the file says rank ${first.rank}, score ${first.score}, prize ${first.prizePaise + 100} paise; its answers give rank ${first.rank}, score ${first.score}, prize ${first.prizePaise} paise.`);
      expect(bad.output).toContain(`MISMATCH: the recomputed digest ${published.digest} is not the digest you gave (${"0".repeat(64)}).`);

      // Against the database, a digest taken from outside is compared too.
      const fromDatabase = await run([quiz.id, "--digest", "0".repeat(64)], inject("databaseUrl"));
      expect(fromDatabase.code).toBe(1);
      expect(fromDatabase.output).toContain(`MISMATCH: the recomputed digest ${published.digest} is not the digest you gave (${"0".repeat(64)}).`);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
