import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { loadConfig } from "@/lib/config";
import { CONTEST_MODELS } from "@/lib/quizzes/schemas";
import english from "@/messages/en";
import hindi from "@/messages/hi";

const terms = createTranslator({ locale: "en", messages: english, namespace: "legal.terms" });
const hindiTerms = createTranslator({ locale: "hi", messages: hindi, namespace: "legal.terms" });

describe("the terms and conditions", () => {
  it("describe each contest model in the words the rest of the site uses, and keep an operator's own words", () => {
    const defaults = loadConfig({ PRIZE_SPONSOR_NAME: "Acme Foundation" });
    for (const model of CONTEST_MODELS) {
      expect(defaults.contest.customTexts[model]).toBeUndefined();
      expect(terms(`models.lines.${model}`, { sponsor: defaults.contest.sponsorName })).toBe(defaults.contest.texts[model]);
    }
    expect(hindiTerms("models.lines.free_entry", { sponsor: "Acme Foundation" })).toBe("निःशुल्क प्रवेश; पुरस्कार Acme Foundation द्वारा प्रायोजित।");
    const own = loadConfig({ CONTEST_PAID_CASH_TEXT: "Cash for the top ten.", CONTEST_PAID_CASH_TEXT_HI: "शीर्ष दस को नकद।" });
    expect(own.contest.customTexts.paid_cash).toEqual({ en: "Cash for the top ten.", hi: "शीर्ष दस को नकद।" });
    expect(own.contest.texts.paid_cash).toBe("Cash for the top ten.");
  });

  it("take an operator's own line, or tagline, only in both languages: a Hindi page never shows an English one", () => {
    expect(() => loadConfig({ CONTEST_PAID_CASH_TEXT: "Cash for the top ten." })).toThrow(/CONTEST_PAID_CASH_TEXT \/ CONTEST_PAID_CASH_TEXT_HI: set both or neither/);
    expect(() => loadConfig({ BRAND_TAGLINE_HI: "सीखो" })).toThrow(/BRAND_TAGLINE \/ BRAND_TAGLINE_HI: set both or neither/);
    const defaults = loadConfig({});
    expect(defaults.brand.customTagline).toBeUndefined();
    expect(createTranslator({ locale: "en", messages: english, namespace: "shell" })("tagline")).toBe(defaults.brand.tagline);
    expect(createTranslator({ locale: "hi", messages: hindi, namespace: "shell" })("tagline")).toBe("सीखें, सोचें, जीतें");
    expect(loadConfig({ BRAND_TAGLINE: "quiz, rank, shine", BRAND_TAGLINE_HI: "क्विज़, रैंक, चमक" }).brand).toMatchObject({
      tagline: "quiz, rank, shine",
      customTagline: { en: "quiz, rank, shine", hi: "क्विज़, रैंक, चमक" },
    });
  });

  it("state the facts about cash prizes for a paid entry, in both languages, and never claim compliance with the Act", () => {
    const none = terms("models.cashPrizes", { cashPrizes: "notInUse", entity: "Acme" });
    expect(none).toBe(
      "No competition on this site takes an entry fee for a chance to win money: a paid entry earns certificates and scholarships only, and any cash prize is paid in a free-entry competition, by its sponsor.",
    );
    const some = terms("models.cashPrizes", { cashPrizes: "inUse", entity: "Acme" });
    expect(some).toMatch(/^Some competitions on this site take an entry fee and pay cash prizes\. India's Promotion and Regulation of Online Gaming Act, 2025 forbids /);
    expect(some).toMatch(/Acme runs such a competition only after confirming that it is lawful where it runs\. Check that taking part is lawful where you live\.$/);
    for (const text of [none, some, hindiTerms("models.cashPrizes", { cashPrizes: "inUse", entity: "Acme" }), hindiTerms("models.cashPrizes", { cashPrizes: "notInUse", entity: "Acme" })]) {
      expect(text).not.toMatch(/in keeping with|complies|compliant|के अनुरूप/);
    }
    expect(hindiTerms("models.cashPrizes", { cashPrizes: "notInUse", entity: "Acme" })).toMatch(/^इस साइट की कोई भी प्रतियोगिता धन जीतने के अवसर के बदले प्रवेश शुल्क नहीं लेती/);
    expect(terms("ranking.prizes", { cashPrizes: "inUse" })).toMatch(/for certificates-only competitions, cash for paid entry with cash prizes\.$/);
    expect(terms("ranking.prizes", { cashPrizes: "notInUse" })).toMatch(/for certificates-only competitions\.$/);
    expect(hindiTerms("ranking.prizes", { cashPrizes: "inUse" })).toMatch(/, और नकद पुरस्कार वाले सशुल्क प्रवेश में नकद।$/);
  });
});
