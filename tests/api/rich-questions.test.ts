import { createDecipheriv } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { POST as addQuestion } from "@/app/api/addquestions/route";
import { GET as paper } from "@/app/api/exam/[quizId]/paper/route";
import { GET as resume } from "@/app/api/exam/[quizId]/route";
import { POST as start } from "@/app/api/exam/[quizId]/start/route";
import { POST as importQuestions } from "@/app/api/questions/import/route";
import { POST as preview } from "@/app/api/questions/preview/route";
import { PUT as updateQuestion } from "@/app/api/updatequestions/[id]/route";
import { questions, quizQuestions, quizzes } from "@/db/schema";
import { closeDatabase, getDb } from "@/lib/db";
import { examPaper, type ExamPaper } from "@/lib/exam";
import { unsafeMarkup } from "@/lib/content/render";
import { SINGLE_CORRECT_CSV_HEADER } from "@/lib/quizzes/schemas";
import { markPaid, openExam } from "@/tests/support/exam";
import { call } from "@/tests/support/http";
import type { ActiveUser } from "@/lib/auth";
import { admin, participant } from "@/tests/support/users";

afterAll(closeDatabase);

const tag = () => `q${Math.random().toString(36).slice(2, 8)}`;

function formulaQuestion(label: string) {
  return {
    text: `${label}: if $$x^2 - 5x + 6 = 0$$ then $x$ is`,
    subject: "Mathematics",
    options: ["$1$", "$3$", "$\\dfrac{5}{6}$", "six"],
    correctOptionIndex: 1,
    textHi: `${label}: यदि $x^2 - 5x + 6 = 0$ है, तो $x$ =`,
    optionsHi: ["$1$", "$3$", "$\\dfrac{5}{6}$", "छह"],
  };
}

async function storedRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(questions).where(eq(questions.id, id));
  return row;
}

/** An open paid quiz of two questions, the first with formulas, and a participant who paid for it. */
async function examWithFormula() {
  const { quiz, questionIds } = await openExam({ count: 2, shuffleOptions: true });
  const label = tag();
  const rich = await call(addQuestion, { as: await admin(), json: formulaQuestion(label) });
  const richId = (rich.body.question as { id: string }).id;
  await (await getDb()).update(quizQuestions).set({ questionId: richId }).where(eq(quizQuestions.questionId, questionIds[0]));
  const user = await participant();
  await markPaid(user, quiz.id);
  return { quiz, label, richId, user };
}

describe("questions with formulas and Markdown", () => {
  it("are rendered once as they are saved, with MathML for screen readers, both languages; a plain text stays plain", async () => {
    const boss = await admin();
    const created = await call(addQuestion, { as: boss, json: formulaQuestion(tag()) });
    expect(created.status).toBe(201);
    const row = await storedRow((created.body.question as { id: string }).id);
    expect(row.rendered!.en.text).toContain('<span class="katex-display">');
    expect(row.rendered!.en.text).toContain('<annotation encoding="application/x-tex">x^2 - 5x + 6 = 0</annotation>');
    expect(row.rendered!.en.options[2]).toContain("<mfrac>");
    // A plain option is shown as text, as before: no HTML stored for it.
    expect(row.rendered!.en.options[3]).toBeNull();
    // Each formula spoken in its text's language: an option's accessible name in the exam.
    expect(row.rendered!.en.options[2]).toMatch(/<math [^>]*aria-label="five sixths">/);
    expect(row.rendered!.hi!.options[2]).toMatch(/<math [^>]*aria-label="पाँच /);
    expect(row.rendered!.hi!.text).toContain("<math");
    for (const html of [row.rendered!.en.text!, row.rendered!.hi!.text!]) expect(unsafeMarkup(html)).toEqual([]);

    const plain = await call(addQuestion, { as: boss, json: { text: "Capital of India?", subject: "GK", options: ["Mumbai", "New Delhi", "Pune", "Goa"], correctOptionIndex: 1 } });
    expect((await storedRow((plain.body.question as { id: string }).id)).rendered).toBeNull();
  });

  it("are refused with the field, line and column of a text that cannot be rendered, and nothing is stored", async () => {
    const boss = await admin();
    const label = tag();
    const unclosed = await call(addQuestion, { as: boss, json: { ...formulaQuestion(label), text: `${label}\n\nThe area is $$\\pi r^2` } });
    expect(unclosed.status).toBe(400);
    expect(unclosed.body.message).toMatch(/^Question text: line 3, column 13: unclosed \$\$\./);
    const unknown = await call(addQuestion, { as: boss, json: { ...formulaQuestion(label), optionsHi: ["$1$", "$\\foo{3}$", "$5$", "छह"] } });
    expect(unknown.body.message).toMatch(/^Option 2 \(Hindi\): line 1, column 2: Undefined control sequence: \\foo/);
    const db = await getDb();
    expect(await db.select().from(questions).where(eq(questions.subject, label))).toEqual([]);
    expect((await db.$count(questions, eq(questions.text, `${label}\n\nThe area is $$\\pi r^2`)))).toBe(0);
  });

  it("keep a $ not closed as a formula on its line as a dollar sign: prices are saved as written", async () => {
    const label = tag();
    const prices = `${label}: a pen costs $5 and a book costs $12. What do both cost?`;
    const saved = await call(addQuestion, { as: await admin(), json: { ...formulaQuestion(label), text: prices } });
    expect(saved.status).toBe(201);
    const row = await storedRow((saved.body.question as { id: string }).id);
    // No markup left: the text is shown as written, dollars and all, beside the options' formulas.
    expect(row.rendered!.en.text).toBeNull();
    expect(row.rendered!.en.options[1]).toContain("<math");
  });

  it("an edit that leaves the Hindi version out keeps its rendering", async () => {
    const boss = await admin();
    const created = await call(addQuestion, { as: boss, json: formulaQuestion(tag()) });
    const id = (created.body.question as { id: string }).id;
    const { textHi: _textHi, optionsHi: _optionsHi, ...english } = formulaQuestion(tag());
    expect((await call(updateQuestion, { method: "PUT", as: boss, params: { id }, json: { ...english, text: "Now $y^2$" } })).status).toBe(200);
    const row = await storedRow(id);
    expect(row.rendered!.en.text).toContain("y^2");
    expect(row.rendered!.hi!.text).toContain("x^2 - 5x + 6 = 0");
  });

  it("reach the participant in the exam paper, apart from a start response that stays as small as ever; sealed until their start sends its key", async () => {
    const { quiz, label, richId, user } = await examWithFormula();
    const db = await getDb();
    const readPaper = (as: ActiveUser | null, url = `/api/exam/${quiz.id}/paper`) => call(paper, { as, params: { quizId: quiz.id }, url });

    // Before the start the page fetches it, sealed: nothing of the questions can be read in it.
    // A hall opening the page at once gets one build of it: the same bytes (each build seals with a new IV).
    const session = { userId: user.id, sessionVersion: 0, issuedAt: Math.floor(Date.now() / 1000) };
    const hall = await Promise.all(Array.from({ length: 8 }, () => examPaper(session, quiz.id)));
    for (const copy of hall) expect(copy.sealed!.equals(hall[0].sealed!)).toBe(true);
    const early = await readPaper(user);
    expect(early.status).toBe(200);
    expect(early.response.headers.get("content-type")).toBe("application/octet-stream");
    const sealed = Buffer.from(await early.response.arrayBuffer());
    expect(sealed.toString("latin1")).not.toMatch(/katex|x\^2|"questions"/);
    expect(() => gunzipSync(sealed)).toThrow();
    expect((await readPaper(null)).status).toBe(401);

    const { body } = await call(start, { as: user, params: { quizId: quiz.id } });
    type Sent = { id: string; text: string; options: string[]; html?: unknown; paperOrder?: number[] };
    const shown = body.questions as Sent[];
    const formula = shown.find((question) => question.id === richId)!;
    const plainOne = shown.find((question) => question.id !== richId)!;
    expect(JSON.stringify(body)).not.toContain("katex");
    expect(formula).not.toHaveProperty("html");
    expect(formula.paperOrder).toHaveLength(4);
    // Its rendered texts come only in the paper; a plain option ("six") is sent as it is.
    expect(formula.text).toBe("");
    expect(formula.options.filter((option) => option !== "")).toEqual(["six"]);
    // Should the paper not come, the page asks for the texts as written, in the same order.
    const written = ((await call(resume, { as: user, params: { quizId: quiz.id }, url: `/api/exam/${quiz.id}?sources=1` })).body.questions as Sent[]).find((question) => question.id === richId)!;
    expect(written.text).toBe(formulaQuestion(label).text);
    expect(written.paperOrder).toEqual(formula.paperOrder);
    expect(plainOne).not.toHaveProperty("paperOrder");
    const [{ questionsVersion }] = await db.select({ questionsVersion: quizzes.questionsVersion }).from(quizzes).where(eq(quizzes.id, quiz.id));
    const { version, key } = body.paper as { version: number; key: string };
    expect(version).toBe(questionsVersion);
    expect(early.response.headers.get("x-paper-version")).toBe(String(version));

    // The start's key opens it: the IV first, AES-256-GCM, then gzip.
    const decipher = createDecipheriv("aes-256-gcm", Buffer.from(key, "base64url"), sealed.subarray(0, 12));
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    const document = JSON.parse(gunzipSync(Buffer.concat([decipher.update(sealed.subarray(12, sealed.length - 16)), decipher.final()])).toString()) as ExamPaper;
    expect(Object.keys(document.questions)).toEqual([richId]);
    expect(document.questions[richId].en!.text).toContain("katex-display");
    expect(document.questions[richId].hi!.text).toContain("<math");
    // Placed by the start's order, each option's HTML is beside its own displayed text.
    formula.paperOrder!.forEach((bankIndex, shownIndex) => {
      const html = document.questions[richId].en!.options[bankIndex];
      if (written.options[shownIndex] === "six") expect(html).toBeNull();
      else expect(html).toContain(written.options[shownIndex] === "$\\dfrac{5}{6}$" ? "<mfrac>" : written.options[shownIndex].replaceAll("$", ""));
    });
    expect(JSON.stringify(document)).not.toContain("correctOptionIndex");

    // The version the start named is the same bytes, which the browser may keep.
    const named = await readPaper(user, `/api/exam/${quiz.id}/paper?v=${version}`);
    expect(Buffer.from(await named.response.arrayBuffer()).equals(sealed)).toBe(true);
    expect(named.response.headers.get("cache-control")).toBe("private, max-age=86400");
    const other = await openExam({ count: 1 });
    const otherUser = await participant();
    await markPaid(otherUser, other.quiz.id);
    // A quiz of plain questions has no key and no paper at all.
    expect((await call(start, { as: otherUser, params: { quizId: other.quiz.id } })).body.paper).toBeNull();
    expect((await call(paper, { as: otherUser, params: { quizId: other.quiz.id }, url: `/api/exam/${other.quiz.id}/paper` })).status).toBe(204);
  });

  it("are sealed once per version of the quiz's questions: a version the client makes up is answered with the current paper, kept by no one", async () => {
    const { quiz, user } = await examWithFormula();
    const readPaper = async (query: string) => {
      const { response } = await call(paper, { as: user, params: { quizId: quiz.id }, url: `/api/exam/${quiz.id}/paper${query}` });
      return { version: response.headers.get("x-paper-version"), cacheControl: response.headers.get("cache-control"), bytes: Buffer.from(await response.arrayBuffer()) };
    };
    const current = await readPaper("");
    // Each sealing draws a new IV, so the same bytes mean the paper was not sealed again.
    for (const madeUp of [987_654, 987_655, 0]) {
      const answered = await readPaper(`?v=${madeUp}`);
      expect(answered.bytes.equals(current.bytes)).toBe(true);
      expect(answered.version).toBe(current.version);
      expect(answered.cacheControl).toBe("private, no-store");
    }
    expect((await readPaper(`?v=${current.version}`)).cacheControl).toBe("private, max-age=86400");
    // Past the few seconds a paper without a version is trusted as current, it is still the same paper.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 60_000 });
    try {
      expect((await readPaper("")).bytes.equals(current.bytes)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the question form's preview", () => {
  it("renders each text as saving would, names each problem and each image address typed in, and is for admins only", async () => {
    const boss = await admin();
    const { status, body } = await call(preview, {
      as: boss,
      json: { text: "See ![circuit](https://cdn.example.com/c.png) and $\\frac12$", options: ["$1$", "two", "$\\oops$", "https://img.example.com/d.png"], textHi: "$x$", optionsHi: ["क", "ख", "ग", "$"] },
    });
    expect(status).toBe(200);
    type Text = { html: string | null; problem: string | null; loneDollar: boolean };
    const result = body as unknown as { en: { text: Text; options: Text[] }; hi: { options: Text[] }; linkedImages: string[] };
    expect(result.en.text.html).toContain("<math");
    // The Markdown image is text, never an <img>: the address is listed for the admin to replace.
    expect(result.en.text.html).not.toContain("<img");
    expect(result.en.options.map((option) => option.problem)).toEqual([null, null, expect.stringMatching(/^Option 3: line 1, column 2: Undefined control sequence/), null]);
    // A lone $ is a dollar sign, and said to be one.
    expect(result.hi.options[3]).toEqual({ html: null, problem: null, loneDollar: true });
    expect([result.en.text, ...result.en.options].map((text) => text.loneDollar)).toEqual([false, false, false, false, false]);
    expect(result.linkedImages).toEqual(["https://cdn.example.com/c.png", "https://img.example.com/d.png"]);

    // Hostile bodies: a 400 with a message, and (as ever) nothing stored.
    const options = ["a", "b", "c", "d"];
    for (const [body, said] of [
      [{ text: "x\u0000y", options }, "Each text must not contain NUL characters."],
      [{ text: "x".repeat(5_001), options }, "A text is at most 5000 characters."],
      [{ text: "x", options: [...options.slice(1), "y".repeat(1_001)] }, "A text is at most 1000 characters."],
      [{ text: 42, options }, "Each text must be text."],
      [{ text: "x", options: [...options, "e", "f", "g"] }, "A question with options needs 2 to 6 of them."],
      [{ text: "x", options, optionsHi: "क" }, null],
    ] as const) {
      const refused = await call(preview, { as: boss, json: body });
      expect(refused.status).toBe(400);
      if (said) expect(refused.body.message).toBe(said);
      else expect(refused.body.message).toEqual(expect.any(String));
    }

    expect((await call(preview, { as: await participant(), json: { text: "x", options: ["a", "b", "c", "d"] } })).status).toBe(403);
    expect((await call(preview, { json: { text: "x", options: ["a", "b", "c", "d"] } })).status).toBe(401);
  });
});

describe("the CSV import", () => {
  it("imports questions with formulas and tables, and names the row and field of a formula that cannot be rendered, importing nothing", async () => {
    const boss = await admin();
    const subject = tag();
    const csv = (rows: string[]) => {
      const form = new FormData();
      form.set("file", new Blob([[SINGLE_CORRECT_CSV_HEADER.slice(0, 7).join(","), ...rows].join("\n")], { type: "text/csv" }), "bank.csv");
      return form;
    };
    const formula = `"Solve $2x = 4$",${subject},$x = 1$,$x = 2$,$x = 3$,$x = 4$,1`;
    const table = `"| a | b |\n| --- | --- |\n| 1 | 2 |\n\nWhat is a + b?",${subject},1,2,3,4,2`;
    const broken = `"Area: $\\oops r^2$",${subject},a,b,c,d,0`;
    const refused = await call(importQuestions, { as: boss, form: csv([formula, broken, table]) });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ row: 3, message: "Question text: line 1, column 8: Undefined control sequence: \\oops" }]);
    const db = await getDb();
    expect(await db.$count(questions, eq(questions.subject, subject))).toBe(0);

    expect((await call(importQuestions, { as: boss, form: csv([formula, table]) })).status).toBe(200);
    const rows = await db.select().from(questions).where(eq(questions.subject, subject));
    const rendered = rows.map((row) => row.rendered?.en.text ?? "");
    expect(rendered).toHaveLength(2);
    expect(rendered).toEqual(expect.arrayContaining([expect.stringContaining("<table>"), expect.stringContaining("<math")]));
  });
});
