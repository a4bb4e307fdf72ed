import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import english from "@/messages/en";
import hindi from "@/messages/hi";

const en = createTranslator({ locale: "en", messages: english, namespace: "dashboard.action" });
const hi = createTranslator({ locale: "hi", messages: hindi, namespace: "dashboard.action" });

describe("the dashboard card's action labels (SPEC §2)", () => {
  it("are SPEC's English words exactly, punctuation included", () => {
    expect(en("pay")).toBe("Please Pay to Attend Quiz");
    expect(en("verificationPending")).toBe("Verification Pending");
    expect(en("payAgain")).toBe("your payment rejected , pay again or talk to customer care");
    expect(en("registrationUpcoming", { date: "01/12/26" })).toBe(
      "Registration will start from: 01/12/26 install or allow notification to get notify when registration open",
    );
  });

  it("read in Hindi with the date kept in digits", () => {
    expect(hi("pay")).toBe("क्विज़ में भाग लेने के लिए कृपया भुगतान करें");
    expect(hi("registrationUpcoming", { date: "01/12/26" })).toContain("01/12/26");
  });
});

describe("the quiz card's exam-day step", () => {
  const card = {
    en: createTranslator({ locale: "en", messages: english, namespace: "dashboard.card" }),
    hi: createTranslator({ locale: "hi", messages: hindi, namespace: "dashboard.card" }),
  };
  const date = "30 Nov 2026, 10:00 am IST";

  it("counts questions and minutes in words of either language", () => {
    expect(card.en("stepExamDay", { date, questions: 10, minutes: 30 })).toBe(`On exam day (${date}), start the quiz: 10 questions in 30 minutes.`);
    expect(card.en("stepExamDay", { date, questions: 1, minutes: 1 })).toBe(`On exam day (${date}), start the quiz: 1 question in 1 minute.`);
    expect(card.hi("stepExamDay", { date, questions: 10, minutes: 30 })).toBe(`परीक्षा के दिन (${date}) क्विज़ शुरू करें: 30 मिनट में 10 प्रश्न।`);
  });
});
