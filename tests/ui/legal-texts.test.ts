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
    expect(loadConfig({ CONTEST_PAID_CASH_TEXT: "Cash for the top ten." }).contest.customTexts.paid_cash).toBe("Cash for the top ten.");
  });

  it("say whether cash prizes are paid, in both languages", () => {
    expect(terms("models.law", { cashPrizes: "allowed" })).toBe("Competitions are run in keeping with the Promotion and Regulation of Online Gaming Act, 2025.");
    expect(terms("models.law", { cashPrizes: "forbidden" })).toBe(
      "Competitions are run in keeping with the Promotion and Regulation of Online Gaming Act, 2025; no competition on this site pays cash prizes for a paid entry.",
    );
    expect(terms("ranking.prizes", { cashPrizes: "allowed" })).toMatch(/for certificates-only competitions, cash for the others\.$/);
    expect(terms("ranking.prizes", { cashPrizes: "forbidden" })).toMatch(/for certificates-only competitions\.$/);
    expect(hindiTerms("models.law", { cashPrizes: "forbidden" })).toMatch(/; इस साइट की कोई भी प्रतियोगिता सशुल्क प्रवेश पर नकद पुरस्कार नहीं देती।$/);
    expect(hindiTerms("ranking.prizes", { cashPrizes: "allowed" })).toMatch(/, और अन्य प्रतियोगिताओं में नकद।$/);
  });
});
