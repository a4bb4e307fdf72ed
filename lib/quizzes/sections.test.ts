import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { auditLog, quizSections, quizzes } from "@/db/schema";
import { knownMessage, MARKING_LOCKED, MARKS_TWO_DECIMALS, SECTION_NEEDS_QUESTIONS, SECTIONS_HOLD_THE_QUESTIONS } from "@/lib/catalogue";
import { closeDatabase, getDb } from "@/lib/db";
import { Conflict } from "@/lib/errors";
import { PUT as updateQuizRoute } from "@/app/api/updatequizes/[id]/route";
import { POST as addQuizRoute } from "@/app/api/addquizes/route";
import { asBody, createQuestion, quizInput } from "@/tests/support/factories";
import { call } from "@/tests/support/http";
import { admin, participant } from "@/tests/support/users";
import { createQuiz, deleteQuiz, duplicateQuiz, listQuizzesForAdmin, quizPaper, updateQuiz } from "./index";
import { quizSchema, type QuizInput, type SectionInput } from "./schemas";

afterAll(closeDatabase);

const DAY = 86_400_000;

/** A quiz whose registration opens tomorrow, so its marking may still change. */
function upcoming(overrides: Partial<QuizInput>): QuizInput {
  const now = Date.now();
  return quizInput({ formStartDate: new Date(now + DAY), formEndDate: new Date(now + 2 * DAY), examDate: new Date(now + 3 * DAY), resultDate: new Date(now + 4 * DAY), ...overrides });
}

/** The three-section paper of a JEE Advanced mock: single +3/−1, multiple partial +4/+1/−2, numerical +3/0. */
async function jeePaper() {
  const db = await getDb();
  const [single1, single2] = [await createQuestion(db), await createQuestion(db)];
  const multiple = await createQuestion(db, { answerType: "multiple", correctOptionIndex: null, correctOptions: [0, 2] });
  const numerical = await createQuestion(db, { answerType: "numerical", options: [], correctOptionIndex: null, acceptedAnswers: [["2.49", "2.51"]], answerDecimals: 2 });
  const only = (questionId: string) => ({ questionId, marksCorrect: null, marksWrong: null });
  const sections: SectionInput[] = [
    { name: "Section A", nameHi: "खंड क", marksCorrect: 3, marksWrong: 1, marksUnanswered: 0, marksPartial: null, questions: [only(single1.id), only(single2.id)] },
    { name: "Section B", nameHi: null, marksCorrect: 4, marksWrong: 2, marksUnanswered: 0, marksPartial: 1, questions: [only(multiple.id)] },
    { name: "Section C", nameHi: null, marksCorrect: 3, marksWrong: 0, marksUnanswered: 0, marksPartial: null, questions: [{ questionId: numerical.id, marksCorrect: 3.5, marksWrong: null }] },
  ];
  return { sections, questions: [single1.id, single2.id, multiple.id, numerical.id] };
}

describe("a quiz of sections", () => {
  it("is built with its sections' marking and its questions' own marks, told to participants with its total, and copied with sections of its own", async () => {
    const boss = await admin();
    const paper = await jeePaper();
    const quiz = await createQuiz(boss, upcoming(paper));
    expect((await listQuizzesForAdmin(boss)).find((row) => row.id === quiz.id)).toMatchObject({ questions: paper.questions, sections: paper.sections });

    expect(await quizPaper(await participant(), quiz.id)).toEqual({
      questionCount: 4,
      totalMarks: 13.5,
      sections: [
        { name: "Section A", nameHi: "खंड क", types: ["single"], questionCount: 2, correct: [{ marks: 3, count: 2 }], wrong: [{ marks: 1, count: 2 }], unanswered: 0, partial: null, totalMarks: 6 },
        { name: "Section B", nameHi: null, types: ["multiple"], questionCount: 1, correct: [{ marks: 4, count: 1 }], wrong: [{ marks: 2, count: 1 }], unanswered: 0, partial: 1, totalMarks: 4 },
        { name: "Section C", nameHi: null, types: ["numerical"], questionCount: 1, correct: [{ marks: 3.5, count: 1 }], wrong: [{ marks: 0, count: 1 }], unanswered: 0, partial: null, totalMarks: 3.5 },
      ],
    });
    const db = await getDb();
    const [audited] = await db.select().from(auditLog).where(and(eq(auditLog.subjectId, quiz.id), eq(auditLog.action, "quiz.marking")));
    expect(audited.after).toMatchObject({ sections: paper.sections });

    const copy = await duplicateQuiz(boss, quiz.id);
    expect((await listQuizzesForAdmin(boss)).find((row) => row.id === copy.id)?.sections).toEqual(paper.sections);
    const own = await db.select({ quizId: quizSections.quizId }).from(quizSections).where(eq(quizSections.quizId, copy.id));
    expect(own).toHaveLength(3);
    // Nobody registered for the copy: it goes, sections and all.
    await deleteQuiz(boss, copy.id);
    expect(await db.select({ quizId: quizSections.quizId }).from(quizSections).where(eq(quizSections.quizId, copy.id))).toHaveLength(0);
  });

  it("changes its marking until registration opens; then refuses it (409, unchanged) but takes corrected names", async () => {
    const boss = await admin();
    const paper = await jeePaper();
    const quiz = await createQuiz(boss, upcoming(paper));
    const allOrNothing = paper.sections.map((section) => ({ ...section, marksPartial: null, marksCorrect: section.name === "Section B" ? 6 : section.marksCorrect }));
    await updateQuiz(boss, quiz.id, upcoming({ ...paper, title: quiz.title, sections: allOrNothing }));

    const db = await getDb();
    const opened = new Date(Date.now() - 60_000);
    await db.update(quizzes).set({ formStartAt: opened }).where(eq(quizzes.id, quiz.id));
    const input = upcoming({ ...paper, title: quiz.title, formStartDate: opened, sections: paper.sections });
    await expect(updateQuiz(boss, quiz.id, input)).rejects.toThrow(new Conflict(knownMessage(MARKING_LOCKED)!));
    const routed = await call(updateQuizRoute, { method: "PUT", as: boss, params: { id: quiz.id }, json: asBody(input) });
    expect(routed).toMatchObject({ status: 409, body: { message: MARKING_LOCKED } });

    const renamed = allOrNothing.map((section, index) => ({ ...section, name: `Part ${index + 1}`, nameHi: `भाग ${index + 1}` }));
    await updateQuiz(boss, quiz.id, { ...input, sections: renamed });
    expect((await listQuizzesForAdmin(boss)).find((row) => row.id === quiz.id)?.sections).toEqual(renamed);
  });
});

describe("marks and sections as sent", () => {
  const body = (overrides: Record<string, unknown>) => ({ ...asBody(upcoming({})), ...overrides });
  const refusal = (overrides: Record<string, unknown>) => quizSchema.safeParse(body(overrides)).error?.issues[0].message;

  it("takes marks of two decimals, 2.5 and 0.25, and refuses a third decimal, none, or a negative, in words the catalogue translates", async () => {
    const boss = await admin();
    const created = await call(addQuizRoute, { method: "POST", as: boss, json: body({ marksPerQuestion: "2.5", wrongAnswerMarks: 0.25 }) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ quiz: { marksPerQuestion: 2.5, wrongAnswerMarks: 0.25 } });

    expect(refusal({ wrongAnswerMarks: "0.125" })).toBe(MARKS_TWO_DECIMALS);
    expect(refusal({ marksPerQuestion: 2.505 })).toBe(MARKS_TWO_DECIMALS);
    expect(knownMessage(MARKS_TWO_DECIMALS)).toBeDefined();
    expect(refusal({ marksPerQuestion: 0 })).toBe("Marks for a correct answer must be more than 0 and at most 100.");
    expect(refusal({ wrongAnswerMarks: "-1" })).toBe("Marks deducted for a wrong answer must be from 0 to 100.");
    const refused = await call(addQuizRoute, { method: "POST", as: boss, json: body({ marksPerQuestion: "0.125" }) });
    expect(refused).toMatchObject({ status: 400, body: { message: MARKS_TWO_DECIMALS } });
  });

  it("refuses a section without questions, questions outside the sections' order, and a partial mark of three decimals", async () => {
    const { sections, questions } = await jeePaper();
    expect(refusal({ questions, sections: [...sections, { ...sections[0], name: "Empty", questions: [] }] })).toBe(SECTION_NEEDS_QUESTIONS);
    expect(refusal({ questions: [...questions].reverse(), sections })).toBe(SECTIONS_HOLD_THE_QUESTIONS);
    expect(refusal({ questions, sections: [sections[0], { ...sections[1], marksPartial: "1.005" }, sections[2]] })).toBe(MARKS_TWO_DECIMALS);
    expect(refusal({ questions, sections: [{ ...sections[0], marksCorrect: 0 }, sections[1], sections[2]] })).toBe("A section's marks for a correct answer must be more than 0 and at most 100.");
  });
});
