import { eq, ilike } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { POST as addBlog } from "@/app/api/addblog/route";
import { POST as addQuestion } from "@/app/api/addquestions/route";
import { POST as addQuiz } from "@/app/api/addquizes/route";
import { DELETE as deleteBlog } from "@/app/api/deleteblog/[id]/route";
import { DELETE as deleteQuestion } from "@/app/api/deletequestions/[id]/route";
import { DELETE as deleteQuiz } from "@/app/api/deletequizes/[id]/route";
import { GET as allQuestions } from "@/app/api/getallquestions/route";
import { POST as sendNotification } from "@/app/api/notifications/send-notification/route";
import { POST as subscribe } from "@/app/api/notifications/subscribe/route";
import { GET as vapidKey } from "@/app/api/notifications/vapid-public-key/route";
import { GET as exportQuestions } from "@/app/api/questions/export/route";
import { POST as importQuestions } from "@/app/api/questions/import/route";
import { POST as duplicateQuiz } from "@/app/api/quizzes/[quizId]/duplicate/route";
import { PUT as updateBlog } from "@/app/api/updateblog/[id]/route";
import { PUT as updateQuestion } from "@/app/api/updatequestions/[id]/route";
import { PUT as updateQuiz } from "@/app/api/updatequizes/[id]/route";
import { GET as searchUsers } from "@/app/api/users/search/route";
import { GET as responses } from "@/app/api/responses/route";
import { PUT as review } from "@/app/api/wallet/transaction/[id]/route";
import { notifications, pushSubscriptions, questions } from "@/db/schema";
import { renderMarkdown, findArticleBySlug } from "@/lib/blog";
import { VISITOR } from "@/lib/auth";
import { closeDatabase, getDb } from "@/lib/db";
import { HINDI_INCOMPLETE } from "@/lib/catalogue";
import { markPaid } from "../support/exam";
import { call } from "../support/http";
import { runJobWorkers } from "../support/jobs";
import { startPushService } from "../support/push-service";
import { freePort } from "../support/test-server";
import { admin, participant } from "../support/users";

afterAll(closeDatabase);
runJobWorkers();

const SOME_ID = "00000000-0000-4000-8000-000000000001";
const DAY = 86_400_000;

function quizBody(overrides: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    title: "Winter Olympiad",
    description: "A quiz",
    contestModel: "paid_certificates",
    prizeMoney: 0,
    entryFee: 500,
    capacity: 100,
    durationMinutes: 30,
    shuffleQuestions: true,
    formStartDate: new Date(now).toISOString(),
    formEndDate: new Date(now + DAY).toISOString(),
    examDate: new Date(now + 2 * DAY).toISOString(),
    resultDate: new Date(now + 3 * DAY).toISOString(),
    questions: [],
    ...overrides,
  };
}

const question = { text: "2 + 3 = ?", subject: "Mathematics", options: ["4", "5", "6", "7"], correctOptionIndex: 1 };

describe("admin routes", () => {
  it("refuse visitors with 401 and participants with 403", async () => {
    const someone = await participant();
    const routes = [
      [addQuiz, "POST", {}, quizBody()],
      [updateQuiz, "PUT", { id: SOME_ID }, quizBody()],
      [deleteQuiz, "DELETE", { id: SOME_ID }, undefined],
      [duplicateQuiz, "POST", { quizId: SOME_ID }, undefined],
      [allQuestions, "GET", {}, undefined],
      [addQuestion, "POST", {}, question],
      [updateQuestion, "PUT", { id: SOME_ID }, question],
      [deleteQuestion, "DELETE", { id: SOME_ID }, undefined],
      [exportQuestions, "GET", {}, undefined],
      [addBlog, "POST", {}, { title: "t", content: "c", author: "a", category: "quiz" }],
      [updateBlog, "PUT", { id: SOME_ID }, { title: "t", content: "c", author: "a", category: "quiz" }],
      [deleteBlog, "DELETE", { id: SOME_ID }, undefined],
      [sendNotification, "POST", {}, { title: "t", body: "b", target: "all" }],
      [searchUsers, "GET", {}, undefined],
      [responses, "GET", {}, undefined],
      [review, "PUT", { id: SOME_ID }, { paymentVerified: "verified" }],
    ] as const;
    for (const [handler, method, params, json] of routes) {
      expect((await call(handler, { method, params, json })).status, `${method} as a visitor`).toBe(401);
      expect((await call(handler, { method, params, json, as: someone })).status, `${method} as a participant`).toBe(403);
    }
    const form = new FormData();
    form.set("file", new Blob(["text"]), "q.csv");
    expect((await call(importQuestions, { form, as: someone })).status).toBe(403);
  });
});

describe("quizzes", () => {
  it("creates a quiz with picked questions, duplicates it, and refuses dates out of order", async () => {
    const boss = await admin();
    const created = await call(addQuestion, { as: boss, json: question });
    const questionId = (created.body.question as { id: string }).id;
    const quiz = await call(addQuiz, { as: boss, json: quizBody({ questions: [questionId] }) });
    expect(quiz.status).toBe(201);
    expect(quiz.body.quiz).toMatchObject({ title: "Winter Olympiad", entryFeePaise: 50_000, capacity: 100, durationSeconds: 1800, questionCount: 1 });

    const now = Date.now();
    const backwards = await call(addQuiz, { as: boss, json: quizBody({ examDate: new Date(now - DAY).toISOString() }) });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe("Dates must be in order: registration opens ≤ registration closes ≤ exam date ≤ result date.");

    const copy = await call(duplicateQuiz, { as: boss, params: { quizId: (quiz.body.quiz as { id: string }).id } });
    expect(copy.body.quiz).toMatchObject({ title: "Winter Olympiad (copy)" });
  });

  it("refuses to delete a quiz that has payments, with the server's message", async () => {
    const boss = await admin();
    const quiz = (await call(addQuiz, { as: boss, json: quizBody() })).body.quiz as { id: string };
    await markPaid(await participant(), quiz.id);
    const refused = await call(deleteQuiz, { method: "DELETE", as: boss, params: { id: quiz.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("This quiz has payments or responses, so it cannot be deleted.");

    const empty = (await call(addQuiz, { as: boss, json: quizBody() })).body.quiz as { id: string };
    expect((await call(deleteQuiz, { method: "DELETE", as: boss, params: { id: empty.id } })).status).toBe(200);
  });
});

describe("the question bank", () => {
  it("refuses option index 4 with a clear message, and updates and deletes", async () => {
    const boss = await admin();
    const bad = await call(addQuestion, { as: boss, json: { ...question, correctOptionIndex: 4 } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("The correct option index must be between 0 and 3.");
    const missing = await call(addQuestion, { as: boss, json: { ...question, options: ["a", "b", "", "d"] } });
    expect(missing.body.message).toBe("Option 3 is required.");

    const id = ((await call(addQuestion, { as: boss, json: question })).body.question as { id: string }).id;
    const updated = await call(updateQuestion, { method: "PUT", as: boss, params: { id }, json: { ...question, text: "3 + 3 = ?", correctOptionIndex: 2 } });
    expect(updated.body.question).toMatchObject({ text: "3 + 3 = ?", correctOptionIndex: 2 });
    expect((await call(deleteQuestion, { method: "DELETE", as: boss, params: { id } })).status).toBe(200);
  });

  it("imports a CSV all or nothing, naming each bad row, and exports what it imported", async () => {
    const boss = await admin();
    const db = await getDb();
    const before = (await db.select().from(questions)).length;
    const header = "text,subject,option1,option2,option3,option4,correctOptionIndex";
    const good = '"Capital of India?",General Knowledge,Mumbai,New Delhi,Kolkata,Chennai,1';
    const csv = (rows: string[]) => {
      const form = new FormData();
      form.set("file", new Blob([[header, ...rows].join("\n")], { type: "text/csv" }), "bank.csv");
      return form;
    };
    const rejected = await call(importQuestions, { as: boss, form: csv([good, "Odd one out?,Reasoning,a,b,c,d,4", good]) });
    expect(rejected.status).toBe(400);
    expect(rejected.body.errors).toEqual([{ row: 3, message: "The correct option index must be between 0 and 3." }]);
    expect(rejected.body.rows).toEqual([
      { row: 2, status: "skipped", reason: "Not imported: other rows have errors, and the file is imported whole or not at all." },
      { row: 3, status: "error", reason: "The correct option index must be between 0 and 3." },
      { row: 4, status: "skipped", reason: "Not imported: other rows have errors, and the file is imported whole or not at all." },
    ]);
    expect((await db.select().from(questions)).length).toBe(before);

    const accepted = await call(importQuestions, { as: boss, form: csv([good, '"Speed of light, roughly?",Physics,"3 x 10^8 m/s",340 m/s,1 km/s,c,0']) });
    expect(accepted.body).toMatchObject({ imported: 2, rows: [{ row: 2, status: "imported" }, { row: 3, status: "imported" }] });
    const exported = await (await call(exportQuestions, { as: boss })).response.text();
    expect(exported).toContain('"Speed of light, roughly?",Physics,3 x 10^8 m/s,340 m/s,1 km/s,c,0');
    expect((await call(allQuestions, { as: boss })).body.questions).toEqual(expect.arrayContaining([expect.objectContaining({ text: "Capital of India?", correctOptionIndex: 1 })]));
  });
});

describe("a question's Hindi version", () => {
  const hindi = { textHi: "2 + 3 = ?", optionsHi: ["चार", "पाँच", "छह", "सात"] };

  it("is stored with the question and listed with it; left out on an edit it stays, blank it goes", async () => {
    const boss = await admin();
    const added = await call(addQuestion, { as: boss, json: { ...question, ...hindi } });
    expect(added.status).toBe(201);
    const id = (added.body.question as { id: string }).id;
    expect(added.body.question).toMatchObject(hindi);
    const listed = (await call(allQuestions, { as: boss })).body.questions as { id: string }[];
    expect(listed.find((row) => row.id === id)).toMatchObject(hindi);

    const untouched = await call(updateQuestion, { method: "PUT", as: boss, params: { id }, json: { ...question, text: "2 + 3 equals?" } });
    expect(untouched.body.question).toMatchObject({ text: "2 + 3 equals?", ...hindi });
    const removed = await call(updateQuestion, { method: "PUT", as: boss, params: { id }, json: { ...question, textHi: "", optionsHi: ["", "", "", ""] } });
    expect(removed.body.question).toMatchObject({ textHi: null, optionsHi: null });
  });

  it("is all or nothing: half of one is refused with 400 and nothing is stored", async () => {
    const boss = await admin();
    const db = await getDb();
    const before = (await db.select().from(questions)).length;
    const halves = [
      { textHi: hindi.textHi },
      { textHi: hindi.textHi, optionsHi: ["चार", "पाँच", "", "सात"] },
      { optionsHi: hindi.optionsHi },
      { textHi: " ", optionsHi: hindi.optionsHi },
    ];
    for (const half of halves) {
      const refused = await call(addQuestion, { as: boss, json: { ...question, ...half } });
      expect(refused.status, JSON.stringify(half)).toBe(400);
      expect(refused.body.message).toBe(HINDI_INCOMPLETE);
    }
    expect((await db.select().from(questions)).length).toBe(before);

    const id = ((await call(addQuestion, { as: boss, json: { ...question, ...hindi } })).body.question as { id: string }).id;
    const edit = await call(updateQuestion, { method: "PUT", as: boss, params: { id }, json: { ...question, textHi: "", optionsHi: hindi.optionsHi } });
    expect(edit.status).toBe(400);
    expect((await db.select().from(questions).where(eq(questions.id, id)))[0]).toMatchObject(hindi);
  });

  it("imports from CSV files with and without the Hindi columns, and exports them for a round trip", async () => {
    const boss = await admin();
    const db = await getDb();
    const upload = (lines: string[]) => {
      const form = new FormData();
      form.set("file", new Blob([lines.join("\n")], { type: "text/csv" }), "bank.csv");
      return call(importQuestions, { as: boss, form });
    };
    const english = "text,subject,option1,option2,option3,option4,correctOptionIndex";
    const bilingual = `${english},text_hi,option1_hi,option2_hi,option3_hi,option4_hi`;
    const tag = crypto.randomUUID().slice(0, 8);

    const englishOnly = await upload([english, `Largest planet ${tag}?,Science,Mars,Jupiter,Venus,Earth,1`]);
    expect(englishOnly.body).toMatchObject({ imported: 1 });
    const translated = `"Smallest prime ${tag}, please?",Mathematics,1,2,3,4,1,"सबसे छोटी अभाज्य संख्या ${tag}, कृपया?",एक,दो,तीन,चार`;
    const withHindi = await upload([bilingual, translated, `Largest ocean ${tag}?,Science,Indian,Arctic,Pacific,Atlantic,2,,,,,`]);
    expect(withHindi.body).toMatchObject({ imported: 2 });
    const stored = await db.select().from(questions).where(ilike(questions.text, `%${tag}%`));
    expect(stored.find((row) => row.text.startsWith("Smallest prime"))).toMatchObject({ textHi: `सबसे छोटी अभाज्य संख्या ${tag}, कृपया?`, optionsHi: ["एक", "दो", "तीन", "चार"] });
    expect(stored.filter((row) => row.textHi === null)).toHaveLength(2);

    const half = await upload([bilingual, `Half ${tag}?,Science,a,b,c,d,0,आधा?,क,ख,,घ`]);
    expect(half.status).toBe(400);
    expect(half.body.errors).toEqual([{ row: 2, message: HINDI_INCOMPLETE }]);

    const exported = (await (await call(exportQuestions, { as: boss })).response.text()).split("\r\n");
    expect(exported[0]).toBe(bilingual);
    expect(exported).toContain(translated);
    expect(exported).toContain(`Largest planet ${tag}?,Science,Mars,Jupiter,Venus,Earth,1,,,,,`);
    const mine = exported.filter((line) => line.includes(tag));
    await db.delete(questions).where(ilike(questions.text, `%${tag}%`));
    expect((await upload([exported[0], ...mine])).body).toMatchObject({ imported: 3 });
    const reimported = await db.select().from(questions).where(ilike(questions.text, `%${tag}%`));
    const comparable = (rows: typeof stored) => rows.map(({ text, subject, options, correctOptionIndex, textHi, optionsHi }) => ({ text, subject, options, correctOptionIndex, textHi, optionsHi })).sort((a, b) => a.text.localeCompare(b.text));
    expect(comparable(reimported)).toEqual(comparable(stored));
  });
});

describe("the blog", () => {
  it("requires every field, and a post with a script tag renders inert", async () => {
    const boss = await admin();
    const missing = await call(addBlog, { as: boss, json: { title: "T", content: "", author: "A", category: "quiz" } });
    expect(missing.body.message).toBe("All fields are required");
    const created = await call(addBlog, { as: boss, json: { title: "Safe post!", content: "Hi <script>alert(1)</script>", author: "Asha", category: "education" } });
    expect(created.status).toBe(201);
    const slug = (created.body.blog as { slug: string }).slug;
    expect(slug).toMatch(/^safe-post(-\d+)?$/);
    const stored = await findArticleBySlug(VISITOR, slug);
    expect(renderMarkdown(stored!.content)).not.toContain("<script");

    const updated = await call(updateBlog, { method: "PUT", as: boss, params: { id: (created.body.blog as { id: string }).id }, json: { title: "Safer post", content: "Text", author: "Asha", category: "Olympiad" } });
    expect(updated.body.blog).toMatchObject({ slug, title: "Safer post", category: "Olympiad" });
    expect((await call(updateBlog, { method: "PUT", as: boss, params: { id: SOME_ID }, json: { title: "x", content: "y", author: "z", category: "nope" } })).body.message).toMatch(/Category must be one of/);
  });
});

describe("notifications and web push", () => {
  it("stores the notification for the user and delivers an encrypted push that decrypts to it; a gone subscription is removed", async () => {
    const push = await startPushService(await freePort());
    try {
      const [boss, reader] = [await admin(), await participant()];
      const { publicKey } = (await call(vapidKey)).body as { publicKey: string };
      const live = await push.subscribe(publicKey);
      const expired = await push.subscribe(publicKey);
      for (const subscription of [live, expired]) {
        expect((await call(subscribe, { as: reader, json: { subscription, userId: reader.id } })).status).toBe(201);
      }
      await push.expire(expired.clientHash);

      const sent = await call(sendNotification, { as: boss, json: { title: "Exam tomorrow", body: "Starts at 10:00 IST", target: "user", userId: reader.id } });
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({ recipients: 1 });

      await expect.poll(() => push.messages(live.clientHash), { timeout: 20_000 }).toHaveLength(1);
      const [message] = await push.messages(live.clientHash);
      expect(JSON.parse(String(message))).toMatchObject({ title: "Exam tomorrow", body: "Starts at 10:00 IST" });
      const db = await getDb();
      await expect.poll(async () => (await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, reader.id))).length).toBe(1);
      expect(await db.select({ title: notifications.title }).from(notifications).where(eq(notifications.userId, reader.id))).toEqual([{ title: "Exam tomorrow" }]);
    } finally {
      await push.close();
    }
  });

  it("asks for title and body, and for the user when the target is one user", async () => {
    const boss = await admin();
    expect((await call(sendNotification, { as: boss, json: { title: "", body: "b", target: "all" } })).body.message).toBe("Title and body are required.");
    expect((await call(sendNotification, { as: boss, json: { title: "t", body: "b", target: "user" } })).body.message).toBe("Choose the user to notify.");
  });
});
