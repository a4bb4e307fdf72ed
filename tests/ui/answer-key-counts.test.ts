/**
 * Issue 55: the Answer Keys tab counts objections in one word and with nouns that agree: the quiz
 * picker, the summary and each question say "undecided", and 1 is "1 objection", "1 hour".
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { counted } from "@/components/admin/adminUi";
import { AnswerKeysTab, type AnswerKeysLoaded } from "@/components/admin/AnswerKeysTab";
import type { AnswerKeyReview } from "@/lib/results";
import { withIntl } from "../support/intl";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => undefined }) }));

const published = new Date("2026-03-01T10:00:00Z");

function loaded(openObjections: number, totalObjections: number, objectionWindowHours = 48, answerKeyPublishedAt: Date | null = published): AnswerKeysLoaded {
  const objections = Array.from({ length: totalObjections }, (_, index) => ({ id: `o${index}`, participantName: `P${index}`, seenAs: index + 1, reason: "The key is wrong", evidenceUrl: null, createdAt: published, decided: index >= openObjections }));
  const review = {
    quiz: { id: "quiz", title: "Physics Round", examEndAt: published, answerKeyPublishedAt, objectionWindowHours, windowClosesAt: new Date("2099-01-01T00:00:00Z"), resultsPublishedAt: null },
    openObjections,
    questions: [{ questionId: "q1", number: 1, text: "What is g?", answerType: "single", options: ["9.8", "1.6"], html: null, typed: null, key: { keyOptionIndex: 0 }, dropped: false, openCount: openObjections, totalCount: totalObjections, objections, decisions: [] }],
  } as unknown as AnswerKeyReview;
  return { quizzes: [{ id: "quiz", title: "Physics Round", answerKeyPublishedAt, openObjections }], review };
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("the Answer Keys tab's counts", () => {
  it.each([
    [1, 1, "(1 undecided objection)", "1 undecided objection.", "1 undecided of 1 objection"],
    [0, 1, "(0 undecided objections)", "0 undecided objections.", "0 undecided of 1 objection"],
    [2, 3, "(2 undecided objections)", "2 undecided objections.", "2 undecided of 3 objections"],
  ])("%i undecided of %i: the picker, the summary and the question agree", async (open, total, picker, summary, question) => {
    const shown = text(renderToStaticMarkup(await withIntl(createElement(AnswerKeysTab, { quizId: "quiz", loaded: loaded(open, total) }))));
    for (const words of [picker, summary, question]) expect(shown).toContain(words);
    expect(shown).not.toMatch(/\bopen objections?\b/);
    // An objector who saw the question under another number is shown that number too.
    expect(shown).toContain("P0 (" + (open > 0 ? "undecided" : "decided") + "): The key is wrong");
    if (total > 1) expect(shown).toContain("P1 (" + (open > 1 ? "undecided" : "decided") + "; their question 2): The key is wrong");
  });

  it("says 1 hour and 2 hours, never 1 hours", () => {
    expect([1, 2, 0, 21].map((hours) => counted(hours, "hour", "hours"))).toEqual(["1 hour", "2 hours", "0 hours", "21 hours"]);
  });
});
