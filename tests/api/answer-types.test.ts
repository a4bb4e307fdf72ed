import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { PUT as saveAnswer } from "@/app/api/exam/[quizId]/answers/route";
import { POST as start } from "@/app/api/exam/[quizId]/start/route";
import { POST as submit } from "@/app/api/exam/[quizId]/submit/route";
import { attemptAnswers, attempts, quizQuestions, quizSections, type AnswerType } from "@/db/schema";
import { VISITOR, type ActiveUser } from "@/lib/auth";
import { closeDatabase, getDb } from "@/lib/db";
import { publicResultsFile, publishAnswerKey, publishResults, verifyPublishedResults } from "@/lib/results";
import { checkResultsFile } from "@/lib/results/public-file";
import { createQuestion, createQuiz, DEFAULT_PRIZE_MONEY_PAISE } from "../support/factories";
import { paidParticipant } from "../support/exam";
import { call } from "../support/http";
import { runResultsVerify } from "../support/results-verify";
import { admin } from "../support/users";

afterAll(closeDatabase);

const HOUR = 3_600_000;

/**
 * A JEE Advanced-style paper in three sections, shuffled: A single correct at +3/−1 (four options,
 * and five), B one or more correct with partial marks (+4, +1 an option, −2), C typed at +3/0 (a
 * numerical 2.50 ± 0.01, and an IOQM-style integer 0–99 worth 5 of its own). Options are named by
 * what they are, so a test chooses them by text whatever order the participant was shown.
 */
async function threeSectionPaper() {
  const db = await getDb();
  const now = Date.now();
  return db.transaction(async (tx) => {
    // Registration is open: a quiz gets its sections in the transaction that makes it.
    const quiz = await createQuiz(tx, {
      formStartAt: new Date(now - 48 * HOUR),
      formEndAt: new Date(now - 24 * HOUR),
      examStartAt: new Date(now - HOUR),
      examEndAt: new Date(now + 2 * HOUR),
      resultAt: new Date(now + 3 * HOUR),
      questionCount: 6,
      prizeMoneyPaise: DEFAULT_PRIZE_MONEY_PAISE,
      shuffleQuestions: true,
      shuffleOptions: true,
    });
    const [single, partial, typed] = await tx
      .insert(quizSections)
      .values([
        { quizId: quiz.id, position: 0, name: "A · Single correct", marksCorrect: 3, marksWrong: 1 },
        { quizId: quiz.id, position: 1, name: "B · One or more correct", marksCorrect: 4, marksWrong: 2, marksPartial: 1 },
        { quizId: quiz.id, position: 2, name: "C · Numerical", marksCorrect: 3, marksWrong: 0 },
      ])
      .returning();
    const questions: Record<string, { id: string; section: string; marksCorrect?: number; type: AnswerType } & Parameters<typeof createQuestion>[1]> = {
      q1: { id: "", section: single.id, type: "single", options: ["q1-a", "q1-b", "q1-right", "q1-d"], correctOptionIndex: 2 },
      q2: { id: "", section: single.id, type: "single", options: ["q2-a", "q2-b", "q2-c", "q2-d", "q2-right"], correctOptionIndex: 4 },
      q3: { id: "", section: partial.id, type: "multiple", options: ["q3-right0", "q3-b", "q3-right2", "q3-right3"], correctOptionIndex: null, correctOptions: [0, 2, 3] },
      q4: { id: "", section: partial.id, type: "multiple", options: ["q4-a", "q4-right", "q4-c", "q4-d"], correctOptionIndex: null, correctOptions: [1] },
      q5: { id: "", section: typed.id, type: "numerical", options: [], correctOptionIndex: null, acceptedAnswers: [["2.49", "2.51"]], answerDecimals: 2 },
      q6: { id: "", section: typed.id, type: "integer", marksCorrect: 5, options: [], correctOptionIndex: null, acceptedAnswers: [["42", "42"]], answerLimits: ["0", "99"], answerDecimals: 0 },
    };
    for (const [position, [name, { id: _id, section, marksCorrect, type, ...question }]] of Object.entries(questions).entries()) {
      const created = await createQuestion(tx, { text: `Question ${name}`, answerType: type, ...question });
      await tx.insert(quizQuestions).values({ quizId: quiz.id, questionId: created.id, position, sectionId: section, marksCorrect });
      questions[name].id = created.id;
    }
    return { quiz, ids: Object.fromEntries(Object.entries(questions).map(([name, question]) => [name, question.id])) };
  });
}

interface View {
  questions: { id: string; options: string[]; answerType: AnswerType; section: number | null; marks: { full: number; wrong: number } }[];
  sections: { name: string; full: number; wrong: number; partial: number | null }[];
  totalMarks: number;
  answers: Record<string, number | number[] | string>;
}

type Given = { option: string } | { options: string[] } | { typed: string };

/** Starts the participant's attempt and answers as given (options by their text), each through the save route. */
async function sit(user: ActiveUser, quizId: string, ids: Record<string, string>, answers: Record<string, Given>) {
  const view = (await call(start, { as: user, params: { quizId } })).body as unknown as View;
  const shown = (name: string) => view.questions.find((question) => question.id === ids[name])!.options;
  for (const [name, given] of Object.entries(answers)) {
    const answer =
      "option" in given
        ? { selectedOptionIndex: shown(name).indexOf(given.option) }
        : "options" in given
          ? { selectedOptions: given.options.map((option) => shown(name).indexOf(option)) }
          : { typedAnswer: given.typed };
    const saved = await save(user, quizId, ids[name], answer);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
  return view;
}

function save(user: ActiveUser, quizId: string, questionId: string, answer: Record<string, unknown>) {
  return call(saveAnswer, { method: "PUT", as: user, params: { quizId }, json: { questionId, ...answer, answeredAt: new Date().toISOString(), currentQuestionIndex: 0, timeLeftSeconds: 1500 } });
}

describe("a paper of every answer type in three sections", () => {
  it("scores each participant as the hand-computed table, publishes a format-3 file that verifies, and fails when one typed answer is changed", async () => {
    const { quiz, ids } = await threeSectionPaper();
    const people = { full: await paidParticipant(quiz.id), mixed: await paidParticipant(quiz.id), edges: await paidParticipant(quiz.id), blank: await paidParticipant(quiz.id) };

    // full: 3 + 3 | 4 + 4 | 3 (2.51, the edge) + 5 (its own marks) = 22
    const view = await sit(people.full, quiz.id, ids, {
      q1: { option: "q1-right" },
      q2: { option: "q2-right" },
      q3: { options: ["q3-right3", "q3-right0", "q3-right2"] },
      q4: { options: ["q4-right"] },
      q5: { typed: "2.51" },
      q6: { typed: "42" },
    });
    // mixed: −1 + 0 (blank) | +2 (two of three, partial) − 2 (a wrong option) | 0 (2.52 is out, no negatives) + 0 = −1
    await sit(people.mixed, quiz.id, ids, { q1: { option: "q1-a" }, q3: { options: ["q3-right0", "q3-right2"] }, q4: { options: ["q4-right", "q4-c"] }, q5: { typed: "2.52" }, q6: { typed: "57" } });
    // edges: 3 − 1 | 1 (one of three) | 3 (2.49) + 5 ("042" is 42) = 11
    await sit(people.edges, quiz.id, ids, { q1: { option: "q1-right" }, q2: { option: "q2-a" }, q3: { options: ["q3-right3"] }, q5: { typed: "2.49" }, q6: { typed: "042" } });
    await sit(people.blank, quiz.id, ids, {});

    expect(view.sections.map(({ name, full, wrong, partial }) => [name, full, wrong, partial])).toEqual([
      ["A · Single correct", 3, 1, null],
      ["B · One or more correct", 4, 2, 1],
      ["C · Numerical", 3, 0, null],
    ]);
    expect(view.totalMarks).toBe(3 + 3 + 4 + 4 + 3 + 5);
    // Shuffled within each section, never across them.
    expect(view.questions.map((question) => question.section)).toEqual([0, 0, 1, 1, 2, 2]);
    expect(view.questions.find((question) => question.id === ids.q6)).toMatchObject({ answerType: "integer", section: 2, marks: { full: 5, wrong: 0 }, options: [] });

    const db = await getDb();
    await db.execute(sql`update quizzes set exam_end_at = now() where id = ${quiz.id}`);
    for (const user of Object.values(people)) expect((await call(submit, { as: user, params: { quizId: quiz.id } })).status).toBe(200);
    const scoreOf = async (user: ActiveUser) => (await db.select({ score: attempts.score }).from(attempts).where(eq(attempts.participantId, user.id)))[0].score;
    expect({ full: await scoreOf(people.full), mixed: await scoreOf(people.mixed), edges: await scoreOf(people.edges), blank: await scoreOf(people.blank) }).toEqual({ full: 22, mixed: -1, edges: 11, blank: 0 });

    // The answers are stored as the participant meant them, in the bank's own option order, typed answers as typed.
    const [fullAttempt] = await db.select({ id: attempts.id }).from(attempts).where(eq(attempts.participantId, people.full.id));
    const stored = await db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, fullAttempt.id));
    const storedOf = (name: string) => stored.find((answer) => answer.questionId === ids[name])!;
    expect([storedOf("q2").selectedOptionIndex, storedOf("q3").selectedOptions, storedOf("q5").typedAnswer]).toEqual([4, [0, 2, 3], "2.51"]);

    const after = new Date(Date.now() + 60_000);
    const operator = await admin();
    await publishAnswerKey(operator, quiz.id, after);
    await publishResults(operator, quiz.id, new Date(after.getTime() + (quiz.objectionWindowHours + 1) * HOUR));

    const { text } = await publicResultsFile(VISITOR, quiz.id);
    const file = JSON.parse(text);
    expect(file.format).toBe(3);
    expect(file.sections).toEqual([
      { name: "A · Single correct", nameHi: null, full: 3, wrong: 1, unanswered: 0, partial: null },
      { name: "B · One or more correct", nameHi: null, full: 4, wrong: 2, unanswered: 0, partial: 1 },
      { name: "C · Numerical", nameHi: null, full: 3, wrong: 0, unanswered: 0, partial: null },
    ]);
    expect(file.rows.map((row: { score: number }) => row.score)).toEqual([22, 11, 0, -1]);
    expect(checkResultsFile(text)).toMatchObject({ ok: true, firstDifference: null });
    expect(await verifyPublishedResults(VISITOR, quiz.id)).toMatchObject({ format: 3, matches: true, firstInputDifference: null, chainBreak: null });

    // One typed answer changed, its row's score left as published: the file no longer follows.
    const q5 = file.key.findIndex((entry: { questionId: string }) => entry.questionId === ids.q5);
    const edited = structuredClone(file);
    const row = edited.rows.find((entry: { score: number }) => entry.score === 11);
    expect(row.answers[q5]).toBe("2.49");
    row.answers[q5] = "2.48";
    expect(checkResultsFile(JSON.stringify(edited))).toMatchObject({ ok: false, firstDifference: { pseudonym: row.pseudonym, inFile: { score: 11 }, recomputed: { score: 8 } } });

    // Anyone's machine, the file alone: `npm run results:verify -- --file`.
    const directory = await mkdtemp(path.join(tmpdir(), "answer-types-"));
    try {
      await writeFile(path.join(directory, "published.json"), text);
      await writeFile(path.join(directory, "edited.json"), JSON.stringify(edited));
      const published = await runResultsVerify(["--file", path.join(directory, "published.json")], directory);
      expect(published).toMatchObject({ code: 0, output: expect.stringContaining(`OK: all 4 rows of quiz ${quiz.id} (revision 1) follow from their answers`) });
      const changed = await runResultsVerify(["--file", path.join(directory, "edited.json")], directory);
      expect(changed.code).not.toBe(0);
      expect(changed.output).toContain(`MISMATCH: row 2 (${row.pseudonym})`);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it("refuses a typed answer out of its range, with too many places or of the wrong kind, saying why, and stores nothing", async () => {
    const { quiz, ids } = await threeSectionPaper();
    const user = await paidParticipant(quiz.id);
    await call(start, { as: user, params: { quizId: quiz.id } });
    const refusals = [
      [ids.q6, { typedAnswer: "100" }, "Type a number from 0 to 99."],
      [ids.q6, { typedAnswer: "4.5" }, "Type a whole number from 0 to 99."],
      [ids.q5, { typedAnswer: "2.505" }, "Type a number, such as 42 or 2.5."],
      [ids.q3, { selectedOptionIndex: 1 }, "This answer does not fit the question: choose its options or type its number."],
      [ids.q1, { typedAnswer: "2" }, "This answer does not fit the question: choose its options or type its number."],
      [ids.q1, { selectedOptionIndex: 4 }, "This answer does not fit the question: choose its options or type its number."],
      [ids.q1, { selectedOptionIndex: 1, typedAnswer: "2" }, "Send one answer: selectedOptionIndex, selectedOptions or typedAnswer."],
    ] as const;
    for (const [questionId, answer, refusal] of refusals) {
      const { status, body } = await save(user, quiz.id, questionId, answer);
      expect({ status, message: body.message }).toEqual({ status: 400, message: refusal });
    }
    const hindi = await call(saveAnswer, {
      method: "PUT",
      as: user,
      params: { quizId: quiz.id },
      headers: { cookie: "NEXT_LOCALE=hi" },
      json: { questionId: ids.q6, typedAnswer: "100", answeredAt: new Date().toISOString(), currentQuestionIndex: 0, timeLeftSeconds: 1500 },
    });
    expect(hindi.body.message).toBe("0 से 99 तक की कोई संख्या लिखें।");
    const db = await getDb();
    expect(await db.select().from(attemptAnswers).innerJoin(attempts, eq(attempts.id, attemptAnswers.attemptId)).where(eq(attempts.participantId, user.id))).toEqual([]);
  });
});
