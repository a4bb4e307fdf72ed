import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AnswerValue } from "@/components/exam/answer";
import type { ExamLanguage } from "@/components/exam/language";
import { QuestionMarking } from "@/components/exam/QuestionMarking";
import { QuestionView, type ShownQuestion } from "@/components/exam/QuestionView";
import { progressKey, restoreProgress } from "@/components/exam/useExamProgress";
import type { ExamView } from "@/lib/exam";
import { memoryStorage } from "../support/memory-storage";
import { withIntl } from "../support/intl";

type Question = ExamView["questions"][number];
const unmarked = { section: null, marks: { full: 1, wrong: 0 } };
const integer: Question = { ...unmarked, id: "q-int", text: "How many primes are below 20?", options: [], hi: { text: "20 से छोटी कितनी अभाज्य संख्याएँ हैं?", options: [] }, answerType: "integer", typed: { limits: ["0", "99"], decimals: 0 } };
const numerical: Question = { ...unmarked, id: "q-num", text: "g in m/s²?", options: [], hi: null, answerType: "numerical", typed: { limits: null, decimals: 2 } };
const multiple: Question = { ...unmarked, id: "q-mul", text: "Which are even?", options: ["2", "3", "4", "5", "6"], hi: { text: "कौन-सी सम हैं?", options: ["दो", "तीन", "चार", "पाँच", "छह"] }, answerType: "multiple" };

async function shown(question: ShownQuestion, answer: AnswerValue | undefined, language: ExamLanguage) {
  return renderToStaticMarkup(await withIntl(createElement(QuestionView, { question, number: 2, total: 3, answer, disabled: false, onAnswer: () => undefined, language }), language));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a question of each answer type on the exam page", () => {
  it("asks for a whole number in its range on the number keypad, and keeps the number typed in either language", async () => {
    for (const [language, label] of [["en", "Type a whole number from 0 to 99"], ["hi", "0 से 99 तक की कोई पूर्ण संख्या लिखें"]] as const) {
      const html = await shown(integer, { typedAnswer: "8" }, language);
      const [input] = /<input[^>]*>/.exec(html) ?? [];
      expect(input).toContain('inputMode="numeric"');
      expect(input).toContain('pattern="[0-9]*"');
      expect(input).toContain('value="8"');
      expect(html).toMatch(new RegExp(`<label for="${/id="([^"]+)"/.exec(input!)![1]}"[^>]*>${label}</label>`));
    }
    const decimal = await shown(numerical, undefined, "en");
    expect(decimal).toContain('inputMode="decimal"');
    expect(decimal).toContain("Type a number, up to 2 decimal places");
  });

  it("offers the options of a one-or-more question as checkboxes, the chosen set checked in either language", async () => {
    for (const language of ["en", "hi"] as const) {
      const html = await shown(multiple, { selectedOptions: [0, 2, 4] }, language);
      expect(html).not.toContain('type="radio"');
      const boxes = html.match(/<input type="checkbox"[^>]*>/g) ?? [];
      expect(boxes.map((box) => box.includes('checked=""'))).toEqual([true, false, true, false, true]);
      expect(html).toContain(language === "en" ? "Choose one or more" : "एक या अधिक विकल्प चुनें");
      expect(html).toContain(">E.<");
    }
  });

  it("states the section, its marking and a question's own marks where they differ", async () => {
    const section = { name: "Section B", nameHi: "खंड ख", full: 4, wrong: 2, unanswered: 0, partial: 1 };
    const line = async (marks: { full: number; wrong: number }, language: ExamLanguage = "en") =>
      renderToStaticMarkup(await withIntl(createElement(QuestionMarking, { answerType: "multiple", section, marks, quizMarks: 1, language }), language));
    expect(await line({ full: 4, wrong: 2 })).toContain("Section B · One or more correct · +4 / partial +1 per correct option / −2<");
    expect(await line({ full: 2.5, wrong: 0.25 })).toContain("· This question: +2.5 / partial +1 per correct option / −0.25<");
    expect(await line({ full: 4, wrong: 2 }, "hi")).toContain("खंड ख · एक या अधिक सही उत्तर · +4 / आंशिक: प्रत्येक सही विकल्प पर +1 / −2<");
    // A quiz without sections, single correct at its one mark value, as before: nothing to add.
    const plain = renderToStaticMarkup(await withIntl(createElement(QuestionMarking, { answerType: "single", section: null, marks: { full: 1, wrong: 0 }, quizMarks: 1, language: "en" })));
    expect(plain).toBe("");
  });
});

describe("resuming an exam of every answer type", () => {
  const KEY = progressKey("quiz", "participant");
  const NOW = Date.now();
  const view: ExamView = {
    attemptId: "attempt",
    quizId: "quiz",
    title: "Quiz",
    durationSeconds: 1800,
    marksPerQuestion: 1,
    sections: [],
    totalMarks: 3,
    questions: [integer, numerical, multiple],
    paper: null,
    answers: { "q-int": "8", "q-mul": [0, 2] },
    currentQuestionIndex: 0,
    timeLeftSeconds: 1000,
    deadlineAt: new Date(NOW + 1_000_000).toISOString(),
    serverNow: new Date(NOW).toISOString(),
    submitted: null,
  };

  it("takes the server's answers of every type, and sends again what only this browser kept", () => {
    const later = new Date(NOW).toISOString();
    const savedAnswers = {
      "q-int": { typedAnswer: "8", answeredAt: later },
      "q-num": { typedAnswer: "9.81", answeredAt: later },
      "q-mul": { selectedOptions: [0, 2, 4], answeredAt: later },
    };
    vi.stubGlobal("localStorage", memoryStorage({ [KEY]: JSON.stringify({ currentIndex: 2, savedAnswers, timeLeft: 900, quizSubmitted: false }) }));
    const restored = restoreProgress(KEY, view, true);
    expect(restored.answers).toEqual(savedAnswers);
    expect(restored.unsynced).toEqual([
      { questionId: "q-num", typedAnswer: "9.81", answeredAt: later },
      { questionId: "q-mul", selectedOptions: [0, 2, 4], answeredAt: later },
    ]);

    vi.stubGlobal("localStorage", memoryStorage({}));
    expect(restoreProgress(KEY, view, true).answers).toEqual({
      "q-int": { typedAnswer: "8", answeredAt: new Date(0).toISOString() },
      "q-mul": { selectedOptions: [0, 2], answeredAt: new Date(0).toISOString() },
    });
  });
});
