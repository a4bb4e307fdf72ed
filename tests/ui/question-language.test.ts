import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ExamLanguage } from "@/components/exam/language";
import { QuestionView } from "@/components/exam/QuestionView";
import { withIntl } from "../support/intl";

const translated = { id: "q1", answerType: "single" as const, text: "How many days are in a week?", options: ["7", "5", "6", "8"], hi: { text: "एक सप्ताह में कितने दिन होते हैं?", options: ["सात", "पाँच", "छह", "आठ"] } };

async function shown(question: typeof translated | (Omit<typeof translated, "hi"> & { hi: null }), language: ExamLanguage) {
  return renderToStaticMarkup(await withIntl(createElement(QuestionView, { question, number: 1, total: 1, answer: { selectedOptionIndex: 0 }, disabled: false, onAnswer: () => undefined, language }), language));
}

describe("a question in the participant's language", () => {
  it("is shown in Hindi, marked lang=\"hi\", with the answer on the same option", async () => {
    const html = await shown(translated, "hi");
    expect(html).toContain('lang="hi"');
    expect(html).toContain("एक सप्ताह में कितने दिन होते हैं?");
    expect(html).not.toContain("How many days");
    expect(html).toContain("प्रश्न 1 / 1");
    // The chosen option (the first) is the same one in either language.
    expect(html).toMatch(/<input[^>]*checked=""[^>]*>(?:(?!<input).)*सात/);
  });

  it("stays in English when asked for English, or when it has no Hindi version", async () => {
    for (const html of [await shown(translated, "en"), await shown({ ...translated, hi: null }, "hi")]) {
      expect(html).toContain("How many days are in a week?");
      expect(html).not.toContain('lang="hi"');
    }
  });
});
