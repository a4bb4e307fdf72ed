/**
 * Issue 55: two options that say the same thing ("17" twice, or "17" and " 17 ") are refused
 * wherever a question comes in (the form's API, a CSV, a ZIP), in the caller's language, and
 * nothing is stored.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { POST as addQuestion } from "@/app/api/addquestions/route";
import { POST as importQuestionBank } from "@/app/api/questions/import/route";
import { PUT as updateQuestion } from "@/app/api/updatequestions/[id]/route";
import { questions } from "@/db/schema";
import { OPTIONS_REPEATED } from "@/lib/catalogue";
import { closeDatabase, getDb } from "@/lib/db";
import { questionSchema, SINGLE_CORRECT_CSV_HEADER } from "@/lib/quizzes/schemas";
import { writeZip } from "@/lib/quizzes/zip";
import hindi from "@/messages/hi/errors.json";
import { call } from "../support/http";
import { admin } from "../support/users";

afterAll(closeDatabase);

const subjectTag = () => `repeated-${randomBytes(4).toString("hex")}`;
const stored = async (subject: string) => (await getDb()).$count(questions, eq(questions.subject, subject));

const REPEATS: Record<string, string[]> = {
  "the same number twice": ["17", "17", "19", "23"],
  "spaces around one of them": ["17", " 17 ", "19", "23"],
  "runs of spaces and a tab inside": ["$x + 1$", "$x  +\t1$", "$x$", "$1$"],
  "a no-break space for a space": ["two apples", "two\u00a0apples", "one apple", "three apples"],
};

describe("options that repeat one another", () => {
  for (const [name, options] of Object.entries(REPEATS)) {
    it(`${name}: refused on the repeated option, and nothing is stored`, async () => {
      const subject = subjectTag();
      const response = await call(addQuestion, { as: await admin(), json: { text: "Which is prime?", subject, options, correctOptionIndex: 0 } });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(OPTIONS_REPEATED);
      expect(await stored(subject)).toBe(0);
    });
  }

  it("the form is told on the repeat itself, in either language (its fields show issues by path)", () => {
    const parsed = questionSchema.safeParse({ text: "Q", subject: "S", options: ["17", "19", "17", "19"], correctOptionIndex: 0, textHi: "प्र", optionsHi: ["क", "ख", "ग", "क"] });
    expect(parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["options.2", OPTIONS_REPEATED],
      ["options.3", OPTIONS_REPEATED],
      ["optionsHi.3", OPTIONS_REPEATED],
    ]);
  });

  it("is refused in Hindi to a Hindi caller, in a Hindi version, and on an edit", async () => {
    const boss = await admin();
    const subject = subjectTag();
    const hindiCaller = await call(addQuestion, { as: boss, headers: { "accept-language": "hi-IN" }, json: { text: "Q", subject, options: ["17", "17"], correctOptionIndex: 0 } });
    expect(hindiCaller.body.message).toBe(hindi.optionsRepeated);

    const base = { text: "Which is prime?", subject, options: ["17", "18"], correctOptionIndex: 0 };
    const inHindi = await call(addQuestion, { as: boss, json: { ...base, textHi: "कौन सा अभाज्य है?", optionsHi: ["सत्रह", " सत्रह"] } });
    expect(inHindi.status).toBe(400);
    expect(inHindi.body.message).toBe(OPTIONS_REPEATED);
    expect(await stored(subject)).toBe(0);

    const added = await call(addQuestion, { as: boss, json: base });
    expect(added.status).toBe(201);
    const id = (added.body.question as { id: string }).id;
    const edit = await call(updateQuestion, { method: "PUT", as: boss, params: { id }, json: { ...base, options: ["17", "17 "] } });
    expect(edit.status).toBe(400);
    const [row] = await (await getDb()).select({ options: questions.options }).from(questions).where(eq(questions.id, id));
    expect(row.options).toEqual(["17", "18"]);
  });

  it("different options that only look alike stay apart: case, and words that differ", async () => {
    const subject = subjectTag();
    const response = await call(addQuestion, { as: await admin(), json: { text: "Which is the variable?", subject, options: ["$x$", "$X$", "x", "x y"], correctOptionIndex: 0 } });
    expect(response.status).toBe(201);
  });

  const csv = (subject: string, options: string[]) => `${SINGLE_CORRECT_CSV_HEADER.slice(0, 7).join(",")}\nOne,${subject},a,b,c,d,0\nWhich is prime?,${subject},${options.join(",")},0\n`;
  const form = (bytes: string | Buffer, name: string) => {
    const data = new FormData();
    data.set("file", new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name));
    return data;
  };

  it("a CSV row with a repeated option is named, and nothing in the file is imported", async () => {
    const subject = subjectTag();
    const response = await call(importQuestionBank, { as: await admin(), form: form(csv(subject, ["17", " 17", "19", "23"]), "bank.csv") });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ row: 3, message: OPTIONS_REPEATED }]);
    expect(await stored(subject)).toBe(0);
  });

  it("so is a ZIP's", async () => {
    const subject = subjectTag();
    const zip = writeZip([{ name: "questions.csv", bytes: Buffer.from(csv(subject, ["17", "17", "19", "23"])) }]);
    const response = await call(importQuestionBank, { as: await admin(), form: form(zip, "bank.zip") });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ row: 3, message: OPTIONS_REPEATED }]);
    expect(await stored(subject)).toBe(0);
  });
});
