import { and, eq, sql } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { GET as download } from "@/app/api/certificates/[quizId]/route";
import { attempts, certificates, users } from "@/db/schema";
import { VISITOR, type ActiveUser } from "@/lib/auth";
import { verifyCertificate } from "@/lib/certificates";
import { newVerificationId } from "@/lib/certificates/certificates";
import { closeDatabase, getDb } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { CERTIFICATE_NOT_FOUND, CERTIFICATE_REVOKED } from "@/lib/catalogue";
import { closedExam, submittedAttempt } from "../support/exam";
import { call } from "../support/http";
import { participant } from "../support/users";

afterAll(closeDatabase);

/** Freezes the quiz's results from its attempts, as publishing would: the first row wins ₹1,00,000, the second a free pass. */
async function publishedQuiz(title: string) {
  const db = await getDb();
  const quiz = await closedExam();
  await db.execute(sql`update quizzes set title = ${title}, results_published_at = now() where id = ${quiz.id}`);
  const [winner, passHolder, taker] = [await participant(), await participant(), await participant()];
  await db.update(users).set({ name: "Ananya Rāo" }).where(eq(users.id, winner.id));
  await submittedAttempt(quiz.id, winner.id, 9, 300);
  await submittedAttempt(quiz.id, passHolder.id, 8, 300);
  await submittedAttempt(quiz.id, taker.id, 2, 300);
  await db.execute(sql`insert into published_results (quiz_id, answer_key, prize_table, marks_per_question, digest) values (${quiz.id}, '[]', '[]', 1, 'test')`);
  await db.execute(sql`insert into result_rows (quiz_id, participant_id, rank, score, time_taken_seconds, prize_paise, free_pass) values
    (${quiz.id}, ${winner.id}, 1, 9, 300, 10000000, false),
    (${quiz.id}, ${passHolder.id}, 2, 8, 300, 0, true),
    (${quiz.id}, ${taker.id}, 3, 2, 300, 0, false)`);
  return { quiz, winner: { ...winner, name: "Ananya Rāo" }, passHolder, taker };
}

async function certificateOf(user: ActiveUser, quizId: string) {
  const db = await getDb();
  return db.select().from(certificates).where(and(eq(certificates.quizId, quizId), eq(certificates.participantId, user.id)));
}

describe("certificates", () => {
  it("gives a participant a PDF naming them, with a QR code to a page showing only name, quiz, result and date", async () => {
    const { quiz, winner } = await publishedQuiz("Certificate Olympiad");
    const first = await call(download, { as: winner, params: { quizId: quiz.id } });
    expect(first.status).toBe(200);
    expect(first.response.headers.get("content-type")).toBe("application/pdf");
    expect(first.response.headers.get("content-disposition")).toBe('attachment; filename="certificate-certificate-olympiad.pdf"');
    const bytes = new Uint8Array(await first.response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");

    const [certificate] = await certificateOf(winner, quiz.id);
    expect(certificate.verificationId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getSubject()).toBe("Ananya Rāo: Rank 1, prize ₹1,00,000");
    expect(pdf.getTitle()).toContain("Ananya Rāo");
    expect(pdf.getKeywords()).toContain(`http://localhost:3000/certificates/${certificate.verificationId}`);

    // A second download is the same certificate.
    expect((await call(download, { as: winner, params: { quizId: quiz.id } })).status).toBe(200);
    expect(await certificateOf(winner, quiz.id)).toEqual([certificate]);

    const page = await verifyCertificate(VISITOR, certificate.verificationId);
    expect(Object.keys(page).sort()).toEqual(["issuedAt", "name", "quizTitle", "quizTitleHi", "result", "revoked", "superseded"]);
    // The result as facts: the page words it in its reader's language, as the PDF does in English.
    expect(page).toEqual({ name: "Ananya Rāo", quizTitle: "Certificate Olympiad", quizTitleHi: null, result: { rank: 1, prizePaise: 10_000_000, freePass: false }, issuedAt: expect.any(Date), revoked: false, superseded: null });
    expect(JSON.stringify(page)).not.toContain(winner.email);
  });

  it("states a free pass, or participation for a rank without a prize", async () => {
    const { quiz, passHolder, taker } = await publishedQuiz("Prize Lines Quiz");
    for (const user of [passHolder, taker]) expect((await call(download, { as: user, params: { quizId: quiz.id } })).status).toBe(200);
    const [pass] = await certificateOf(passHolder, quiz.id);
    const [plain] = await certificateOf(taker, quiz.id);
    expect((await verifyCertificate(VISITOR, pass.verificationId)).result).toEqual({ rank: 2, prizePaise: 0, freePass: true });
    expect((await verifyCertificate(VISITOR, plain.verificationId)).result).toMatchObject({ prizePaise: 0, freePass: false });
  });

  it("finds nothing for a guessed or malformed verification id", async () => {
    await expect(verifyCertificate(VISITOR, newVerificationId())).rejects.toBeInstanceOf(NotFound);
    await expect(verifyCertificate(VISITOR, "not-an-id")).rejects.toBeInstanceOf(NotFound);
    await expect(verifyCertificate(VISITOR, "x".repeat(22) + "'")).rejects.toBeInstanceOf(NotFound);
  });

  it("says a certificate is revoked once its attempt is disqualified, and no longer hands it out", async () => {
    const { quiz, taker } = await publishedQuiz("Revoked Quiz");
    expect((await call(download, { as: taker, params: { quizId: quiz.id } })).status).toBe(200);
    const [certificate] = await certificateOf(taker, quiz.id);
    const db = await getDb();
    await db.update(attempts).set({ disqualifiedAt: new Date(), disqualificationReason: "Copied answers." }).where(and(eq(attempts.quizId, quiz.id), eq(attempts.participantId, taker.id)));

    const page = await verifyCertificate(VISITOR, certificate.verificationId);
    expect(page).toMatchObject({ revoked: true, result: null });
    expect(await call(download, { as: taker, params: { quizId: quiz.id } })).toMatchObject({ status: 409, body: { message: CERTIFICATE_REVOKED } });
  });

  it("refuses anyone who did not take part in a published quiz, and visitors", async () => {
    const { quiz } = await publishedQuiz("Outsiders Quiz");
    const outsider = await participant();
    expect(await call(download, { as: outsider, params: { quizId: quiz.id } })).toMatchObject({ status: 404, body: { message: CERTIFICATE_NOT_FOUND } });
    expect(await certificateOf(outsider, quiz.id)).toEqual([]);

    // Took part, but the results are not published yet.
    const unpublished = await closedExam();
    await submittedAttempt(unpublished.id, outsider.id, 5, 100);
    expect((await call(download, { as: outsider, params: { quizId: unpublished.id } })).status).toBe(404);

    expect((await call(download, { as: null, params: { quizId: quiz.id } })).status).toBe(401);
  });
});
