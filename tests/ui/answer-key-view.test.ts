import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AnswerKeyView } from "@/components/exam/AnswerKeyView";
import type { KeyedQuestion, MyAnswerKey } from "@/lib/results";
import type { Language } from "@/lib/i18n/schemas";
import { withIntl } from "../support/intl";

const question = (number: number, fields: Partial<KeyedQuestion>): KeyedQuestion => ({
  questionId: `q${number}`,
  number,
  answerType: "single",
  text: `Question text ${number}`,
  options: [],
  hi: null,
  yourAnswer: null,
  keyAnswer: null,
  dropped: false,
  marks: 0,
  objection: null,
  decisions: [],
  ...fields,
});

const view: MyAnswerKey = {
  quizId: "quiz",
  title: "Mock IOQM",
  titleHi: null,
  score: 5.5,
  totalMarks: 9,
  windowClosesAt: new Date("2030-01-01T00:00:00Z"),
  windowOpen: false,
  keyFinal: false,
  questions: [
    question(1, { answerType: "integer", yourAnswer: "57", keyAnswer: [["42", "42"], ["57", "57"]], marks: 3, decisions: [{ decision: "change", note: "", decidedAt: new Date("2029-12-30T00:00:00Z") }] }),
    question(2, { answerType: "multiple", options: ["W", "X", "Y", "Z"], yourAnswer: [0], keyAnswer: [0, 2], marks: 1 }),
    question(3, { answerType: "numerical", yourAnswer: "2.50", keyAnswer: [["2.49", "2.51"]], marks: 3 }),
    question(4, { answerType: "numerical", keyAnswer: [["2.49", "2.51"]], marks: 0 }),
  ],
};

/** Each question's line of answers and marks, and each decision, as the page says them. */
async function linesOf(language: Language) {
  const html = renderToStaticMarkup(await withIntl(createElement(AnswerKeyView, { view }), language)).replace(/<!-- -->/g, "");
  const answers = [...html.matchAll(/<p class="text-sm text-slate-800">([^<]*)<\/p>/g)].map((match) => match[1]);
  const decisions = [...html.matchAll(/data-testid="key-decision">([^<]*)/g)].map((match) => match[1].trim());
  const badges = (text: string) => html.split(`>${text}</span>`).length - 1;
  return { answers, decisions, badges };
}

describe("the answer key of every type", () => {
  it("shows typed answers with the accepted answers or range, and chosen options against the key's", async () => {
    const { answers, decisions, badges } = await linesOf("en");
    // Question 2's options: W and Y carry the key's badge, W the participant's.
    expect([badges("Key"), badges("Your answer")]).toEqual([2, 1]);
    expect(answers).toEqual([
      "Your answer: 57. Accepted answer: 42 or 57. Marks: 3",
      "Your answer: A. Key: A, C. Marks: 1",
      "Your answer: 2.50. Accepted answer: 2.49 to 2.51. Marks: 3",
      "You did not answer. Accepted answer: 2.49 to 2.51. Marks: 0",
    ]);
    expect(decisions).toEqual(["Changed: the accepted answers were changed and every attempt rescored. No reason was given."]);
  });

  it("in Hindi too", async () => {
    const { answers } = await linesOf("hi");
    expect(answers).toEqual([
      "आपका उत्तर: 57। स्वीकार्य उत्तर: 42 या 57। अंक: 3",
      "आपका उत्तर: A। कुंजी: A, C। अंक: 1",
      "आपका उत्तर: 2.50। स्वीकार्य उत्तर: 2.49 से 2.51 तक। अंक: 3",
      "आपने उत्तर नहीं दिया। स्वीकार्य उत्तर: 2.49 से 2.51 तक। अंक: 0",
    ]);
  });
});
