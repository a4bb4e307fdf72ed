import { createDecipheriv } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { POST as addQuestion } from "@/app/api/addquestions/route";
import { GET as paper } from "@/app/api/exam/[quizId]/paper/route";
import { POST as start } from "@/app/api/exam/[quizId]/start/route";
import { attempts, questions, quizQuestions, quizzes, type RenderedQuestion } from "@/db/schema";
import { SYSTEM } from "@/lib/auth";
import { closeDatabase, getDb } from "@/lib/db";
import type { ExamPaper } from "@/lib/exam";
import { upgradeStoredRenderings } from "@/lib/quizzes";
import { closedExam, markPaid, openExam, submittedAttempt } from "@/tests/support/exam";
import { call } from "@/tests/support/http";
import { admin, participant } from "@/tests/support/users";

afterAll(closeDatabase);

const HOUR = 3_600_000;
/** Options whose visible text cannot tell them apart: "5 2", "52", "x 2" and "7". */
const OPTIONS = ["$\\frac{5}{2}$", "$5^2$", "$x^2$", "$2\\sqrt{7}$"];

/** A formula question as saved before formulas spoke: its HTML without any aria-label, and no version. */
async function questionSavedBeforeSpeech(): Promise<{ id: string; old: RenderedQuestion }> {
  const saved = await call(addQuestion, {
    as: await admin(),
    json: { text: `Which equals 25 when $x = 5$? ${Math.random()}`, subject: "Mathematics", options: OPTIONS, correctOptionIndex: 1, textHi: "$x = 5$ हो तो कौन-सा 25 है?", optionsHi: OPTIONS },
  });
  expect(saved.status).toBe(201);
  const id = (saved.body.question as { id: string }).id;
  const db = await getDb();
  const [{ rendered }] = await db.select({ rendered: questions.rendered }).from(questions).where(eq(questions.id, id));
  const silent = (html: string | null) => html && html.replace(/ aria-label="[^"]*"/g, "");
  const words = (wording: RenderedQuestion["en"]) => ({ text: silent(wording.text), options: wording.options.map(silent) });
  const old: RenderedQuestion = { en: words(rendered!.en), hi: words(rendered!.hi!) };
  await db.update(questions).set({ rendered: old }).where(eq(questions.id, id));
  return { id, old };
}

async function storedRendering(id: string) {
  const [{ rendered }] = await (await getDb()).select({ rendered: questions.rendered }).from(questions).where(eq(questions.id, id));
  return rendered!;
}

/** The paper the participant's start opens, as the exam page opens it. */
async function paperAsServed(quizId: string, user: Awaited<ReturnType<typeof participant>>): Promise<ExamPaper> {
  const started = await call(start, { as: user, params: { quizId } });
  expect(started.status).toBe(200);
  const { version, key } = started.body.paper as { version: number; key: string };
  const served = await call(paper, { as: user, params: { quizId }, url: `/api/exam/${quizId}/paper?v=${version}` });
  const sealed = Buffer.from(await served.response.arrayBuffer());
  const decipher = createDecipheriv("aes-256-gcm", Buffer.from(key, "base64url"), sealed.subarray(0, 12));
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  return JSON.parse(gunzipSync(Buffer.concat([decipher.update(sealed.subarray(12, sealed.length - 16)), decipher.final()])).toString()) as ExamPaper;
}

/** Each option's spoken name, as its formula's aria-label gives it. */
const spokenOptions = (options: (string | null)[]) => options.map((html) => /<math[^>]* aria-label="([^"]*)"/.exec(html ?? "")?.[1] ?? null);

describe("questions stored before their formulas spoke", () => {
  it("are served with spoken options without an admin saving them again, once no exam holds them", async () => {
    const { id, old } = await questionSavedBeforeSpeech();
    const { quiz, questionIds } = await openExam({ count: 1 });
    const db = await getDb();
    await db.update(quizQuestions).set({ questionId: id }).where(eq(quizQuestions.questionId, questionIds[0]));

    // While its exam is open, a participant's start may already have named the paper's version: it waits.
    await upgradeStoredRenderings(SYSTEM);
    expect(await storedRendering(id)).toEqual(old);

    // Before the exam opens (or once it has closed) it is given its spoken texts.
    await db.update(quizzes).set({ examStartAt: new Date(Date.now() + HOUR) }).where(eq(quizzes.id, quiz.id));
    await upgradeStoredRenderings(SYSTEM);
    const upgraded = await storedRendering(id);
    expect(spokenOptions(upgraded.en.options)).toEqual(["five halves", "5 squared", "x squared", "2 times the square root of 7"]);
    // Only the labels were added: what a participant sees is what they were shown before.
    expect(spokenOptions(old.en.options)).toEqual([null, null, null, null]);
    expect(upgraded.en.options.map((html) => html!.replace(/ aria-label="[^"]*"/g, ""))).toEqual(old.en.options);

    // Another run speaks nothing twice.
    await upgradeStoredRenderings(SYSTEM);
    expect(await storedRendering(id)).toEqual(upgraded);

    await db.update(quizzes).set({ examStartAt: new Date(Date.now() - HOUR) }).where(eq(quizzes.id, quiz.id));
    const user = await participant();
    await markPaid(user, quiz.id);
    const served = (await paperAsServed(quiz.id, user)).questions[id];
    expect(spokenOptions(served.en!.options)).toEqual(["five halves", "5 squared", "x squared", "2 times the square root of 7"]);
    expect(spokenOptions(served.hi!.options)).toEqual(["पाँच द्वितीयांश", "5 वर्गित", "एक्स वर्गित", "2 गुणन चिह्न 7 का वर्गमूल"]);
    expect(served.en!.text).toMatch(/<math[^>]* aria-label="x equals 5"/);
  });

  it("of a finished exam speak too, and its submitted attempts stay as they were", async () => {
    const { id } = await questionSavedBeforeSpeech();
    const quiz = await closedExam();
    const db = await getDb();
    await db.insert(quizQuestions).values({ quizId: quiz.id, questionId: id, position: 0 });
    const taker = await participant();
    const attempt = await submittedAttempt(quiz.id, taker.id, 4, 600);

    await upgradeStoredRenderings(SYSTEM);
    expect(spokenOptions((await storedRendering(id)).en.options)[0]).toBe("five halves");
    const [after] = await db.select().from(attempts).where(eq(attempts.id, attempt.id));
    expect(after).toEqual(attempt);
  });
});
