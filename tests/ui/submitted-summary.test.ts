import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SubmittedView, type ExamResult } from "@/components/exam/SubmittedView";
import type { Language } from "@/lib/i18n/schemas";
import { withIntl } from "../support/intl";

const result = (score: number | null): ExamResult => ({ score, totalMarks: 25, timeTakenSeconds: 754, answerKeyPublished: false });

async function statusAfterSubmit(score: number | null, language: Language = "en", serverMessage?: string) {
  const html = renderToStaticMarkup(await withIntl(createElement(SubmittedView, { quizId: "q", result: result(score), summary: { serverMessage } }), language));
  const status = /<p[^>]*role="status"[^>]*>(.*?)<\/p>/.exec(html)?.[1];
  return status?.replace(/<!-- -->/g, "");
}

describe("the status right after the exam ends", () => {
  it("says the score with the news, once the server gives one", async () => {
    expect(await statusAfterSubmit(18)).toBe("Quiz submitted successfully! Full-screen mode exited. Your score: 18 out of 25.");
    expect(await statusAfterSubmit(-3, "en", "Time is up: your answers were submitted.")).toBe("Time is up: your answers were submitted. Your score: -3 out of 25.");
  });

  it("says when the score comes while the exam window is open", async () => {
    expect(await statusAfterSubmit(null)).toBe("Quiz submitted successfully! Full-screen mode exited. Your score appears once the exam window has closed.");
  });

  it("in Hindi too", async () => {
    expect(await statusAfterSubmit(18, "hi")).toBe("क्विज़ सफलतापूर्वक जमा हो गई! फ़ुल-स्क्रीन मोड बंद हो गया। आपका स्कोर: 25 में से 18।");
  });
});
