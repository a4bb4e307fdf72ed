import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import english from "@/messages/en";
import hindi from "@/messages/hi";
import { inEnglish, message, messageTranslator, tooManyLoginFailures, type MessageId } from "./catalogue";

const hindiMessages = messageTranslator("hi", hindi.errors);

describe("the API's messages", () => {
  it("are SPEC's English, with values in place and ICU syntax gone", () => {
    expect(inEnglish(message("invalidCredentials"))).toBe("Invalid email or password.");
    expect(inEnglish(message("prizeRanksOrder"))).toBe("A prize's first rank must not be after its last rank.");
    expect(inEnglish(tooManyLoginFailures(1))).toBe("Too many failed login attempts. Please try again in 1 second.");
    expect(inEnglish(tooManyLoginFailures(40))).toBe("Too many failed login attempts. Please try again in 40 seconds.");
    expect(inEnglish(tooManyLoginFailures(60))).toBe("Too many failed login attempts. Please try again in 1 minute.");
    expect(inEnglish(tooManyLoginFailures(61))).toBe("Too many failed login attempts. Please try again in 2 minutes.");
    expect(inEnglish(message("statementMatched", { matched: 1, lines: 1 }))).toBe("1 pending payment matched the statement's 1 line by UTR and amount. Verify them when you are ready.");
    expect(inEnglish(message("statementMatched", { matched: 1200, lines: 3400 }))).toBe("1200 pending payments matched the statement's 3400 lines by UTR and amount. Verify them when you are ready.");
    expect(inEnglish(message("matchedVerified", { verified: 1, refused: 0, left: 0 }))).toBe("1 matched payment verified.");
    expect(inEnglish(message("matchedVerified", { verified: 3, refused: 2, left: 0 }))).toBe("3 matched payments verified. 2 could not be verified; open them to see why.");
  });

  it("show a date in India time in the reader's language", () => {
    const opensAt = new Date("2026-12-01T04:30:00Z");
    expect(inEnglish(message("examNotOpen", { opensAt }))).toBe("The exam opens on 01 Dec 2026, 10:00 am IST.");
    expect(hindiMessages(message("examNotOpen", { opensAt }))).toMatch(/^परीक्षा 01 दिस॰ 2026, .*IST को शुरू होगी।$/);
  });

  it("are formatted for their own values and language, however many were formatted before", () => {
    const turnIn = (seconds: number) => message("examStartQueue", { seconds });
    for (const seconds of [1, 2, 1, ...Array.from({ length: 2_500 }, (_, index) => index + 3), 2, 1]) {
      expect(inEnglish(turnIn(seconds))).toContain(`your quiz starts in about ${seconds.toLocaleString("en")} ${seconds === 1 ? "second" : "seconds"}.`);
      expect(hindiMessages(turnIn(seconds))).toContain(`लगभग ${seconds.toLocaleString("hi")} सेकंड में`);
    }
    expect(inEnglish(message("statementMatched", { matched: 2, lines: 1 }))).toBe("2 pending payments matched the statement's 1 line by UTR and amount. Verify them when you are ready.");
    expect(inEnglish(message("statementMatched", { lines: 1, matched: 2 }))).toBe(inEnglish(message("statementMatched", { matched: 2, lines: 1 })));
  });

  it("are in Hindi beside English, with the same values", () => {
    expect(hindiMessages(message("invalidCredentials"))).toBe("ईमेल या पासवर्ड गलत है।");
    expect(hindiMessages(tooManyLoginFailures(40))).toBe("लॉग इन के बहुत अधिक असफल प्रयास। कृपया 40 सेकंड बाद फिर से प्रयास करें।");
    expect(hindiMessages(message("matchedVerified", { verified: 0, refused: 1, left: 0 }))).toBe("0 मेल खाने वाले भुगतानों का सत्यापन हो गया। 1 का सत्यापन नहीं हो सका; कारण देखने के लिए उन्हें खोलें।");
  });
});

describe("the texts sent outside a page (API answers, mails, notifications)", () => {
  const SAMPLE = { email: "a@b.in", minimumAge: 18, cash: "₹1", prizeMoney: "₹2", opensAt: "1 Dec", lastDeadline: "1 Dec", closesAt: "1 Dec", days: 90, unit: "seconds", count: 2, matched: 2, lines: 3, verified: 2, refused: 1, left: 1, column: "UTR", line: 4, utr: "123456789012", payments: 2, lineAmount: "₹99.99", paymentAmount: "₹100", sameAs: 2, amount: "₹1", payable: "₹0", brand: "Olympiad", name: "Meera", link: "https://x.in/?token=a", quiz: "Maths", number: 3, decision: "keep", reason: "A second person.", seconds: 3, before: 2, after: 1, total: 3, hasReason: "yes", pseudonym: "P-7K3M-9QXA-H2TD", digest: "0f".repeat(32), detail: "The name is required.", revision: 2, field: "Option 2", period: "FY2026-27 Q3", withheld: "1 Dec", minimum: 20, low: "0", high: "99", decimals: 2, settled: 2, entity: "pay_IH4NVgf4Dreq1l", kind: "refund", type: "transfer", heldAmount: "₹100", currency: "USD", net: "₹97", fees: "₹3", fee: "₹3" };

  it("all format in both languages", () => {
    for (const [language, catalogue] of [["en", english], ["hi", hindi]] as const) {
      const problems: string[] = [];
      const t = createTranslator({ locale: language, messages: catalogue, onError: (error) => problems.push(error.message) });
      const ids = [...Object.keys(catalogue.errors).map((id) => `errors.${id}`), ...["mail", "push"].flatMap((ns) => Object.entries(catalogue[ns as "mail" | "push"]).flatMap(([id, texts]) => Object.keys(texts).map((part) => `${ns}.${id}.${part}`)))];
      for (const id of ids) expect(t(id as `errors.${MessageId}`, SAMPLE)).not.toMatch(/[{}]/);
      expect(problems).toEqual([]);
    }
  });
});
