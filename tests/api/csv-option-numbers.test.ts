/**
 * Issue 55: a CSV numbers the correct options as the form does (correctOptionNumber 2 is Option 2),
 * and the files exported before, whose correctOptionIndex and correctOptions count from 0, still
 * import as they did: a column's name says how it counts.
 */
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { POST as importQuestions } from "@/app/api/questions/import/route";
import { questions } from "@/db/schema";
import { OPTION_INDEX_RANGE } from "@/lib/catalogue";
import { closeDatabase, getDb } from "@/lib/db";
import { CSV_HEADER, ZERO_BASED_CSV_HEADER } from "@/lib/quizzes/schemas";
import { call } from "../support/http";
import { admin } from "../support/users";

afterAll(closeDatabase);

type Header = typeof CSV_HEADER | typeof ZERO_BASED_CSV_HEADER;
const file = (header: Header, rows: Record<string, string>[]) => [header.join(","), ...rows.map((cells) => header.map((name) => cells[name] ?? "").map((cell) => (/[",]/.test(cell) ? `"${cell}"` : cell)).join(","))].join("\n");

async function upload(csv: string, headers?: Record<string, string>) {
  const form = new FormData();
  form.set("file", new Blob([csv], { type: "text/csv" }), "bank.csv");
  return call(importQuestions, { as: await admin(), form, headers });
}

async function keys(subject: string) {
  const rows = await (await getDb()).select().from(questions).where(eq(questions.subject, subject));
  return rows.map((row) => [row.text, row.correctOptionIndex ?? row.correctOptions]).sort();
}

const four = { option1: "a", option2: "b", option3: "c", option4: "d" };

describe("the CSV's correct options", () => {
  it("are numbered from 1, as the form numbers them, under correctOptionNumber and correctOptionNumbers", async () => {
    const subject = `numbered-${crypto.randomUUID().slice(0, 8)}`;
    const response = await upload(
      file(CSV_HEADER, [
        { text: "single", subject, ...four, correctOptionNumber: "2" },
        { text: "multiple", subject, answerType: "multiple", ...four, correctOptionNumbers: "1, 4" },
      ]),
    );
    expect(response.body).toMatchObject({ imported: 2, message: "2 questions imported." });
    expect(await keys(subject)).toEqual([["multiple", [0, 3]], ["single", 1]]);
  });

  it("count from 0 in a file with the columns exported before, correctOptionIndex and correctOptions, as they always did", async () => {
    const subject = `zero-${crypto.randomUUID().slice(0, 8)}`;
    const response = await upload(
      file(ZERO_BASED_CSV_HEADER, [
        { text: "single", subject, ...four, correctOptionIndex: "2" },
        { text: "multiple", subject, answerType: "multiple", ...four, correctOptions: "0,3" },
      ]),
    );
    expect(response.body).toMatchObject({ imported: 2 });
    expect(await keys(subject)).toEqual([["multiple", [0, 3]], ["single", 2]]);
  });

  it("out of range is told in the file's own numbers, and nothing is imported; one question is one question, in Hindi too", async () => {
    const subject = `range-${crypto.randomUUID().slice(0, 8)}`;
    const numbered = "The correct option number must be one of the options, numbered from 1 (Option 1) as the form numbers them.";
    const refused = await upload(
      file(CSV_HEADER, [
        { text: "zero", subject, ...four, correctOptionNumber: "0" },
        { text: "five", subject, ...four, correctOptionNumber: "5" },
        { text: "none of six", subject, answerType: "multiple", ...four, correctOptionNumbers: "1,7" },
        { text: "fine", subject, ...four, correctOptionNumber: "4" },
      ]),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([2, 3, 4].map((row) => ({ row, message: numbered })));
    const zeroBased = await upload(file(ZERO_BASED_CSV_HEADER, [{ text: "four", subject, ...four, correctOptionIndex: "4" }]));
    expect(zeroBased.body.errors).toEqual([{ row: 2, message: OPTION_INDEX_RANGE }]);
    expect(await keys(subject)).toEqual([]);

    const one = await upload(file(CSV_HEADER, [{ text: "fine", subject, ...four, correctOptionNumber: "4" }]), { "accept-language": "hi-IN" });
    expect(one.body).toMatchObject({ imported: 1, message: "1 प्रश्न आयात हुआ।" });
    expect(await keys(subject)).toEqual([["fine", 3]]);
    const english = await upload(file(CSV_HEADER, [{ text: "again", subject, ...four, correctOptionNumber: "1" }]));
    expect(english.body.message).toBe("1 question imported.");
  });
});
