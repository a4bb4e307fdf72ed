import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { WinnersTable } from "@/components/results/WinnersTable";
import type { Language } from "@/lib/i18n/schemas";
import { withIntl } from "../support/intl";

const row = (rank: number, prizePaise = 0, freePass = false) => ({
  quizId: "q",
  participantId: `p${rank}`,
  name: `Participant ${rank}`,
  rank,
  score: 20 - rank,
  timeTakenSeconds: 600 + rank,
  prizePaise,
  freePass,
});

async function rendered(winners: ReturnType<typeof row>[], participants: number, language: Language = "en") {
  return renderToStaticMarkup(await withIntl(createElement(WinnersTable, { title: "Science Olympiad", winners, participants }), language)).replace(/<!-- -->/g, "");
}

describe("the winners page's table of one quiz", () => {
  it("shows a ranking that pays no one as its first places, without a prize column", async () => {
    const html = await rendered([row(1), row(2), row(3)], 12);
    expect(html).toContain("No prizes in this quiz; here are the first 3 places of 12 participants.");
    expect(html).toContain("Top ranks of Science Olympiad");
    expect(html).toContain("Participant 3");
    expect(html).not.toContain(">Prize<");
    expect(html).not.toContain("No participant submitted this quiz.");
    expect(await rendered([row(1), row(2), row(3)], 12, "hi")).toContain("इस क्विज़ में कोई पुरस्कार नहीं; यहाँ 12 प्रतिभागियों में से पहले 3 स्थान हैं।");
  });

  it("shows winners with their prizes", async () => {
    const html = await rendered([row(1, 100_000), row(2, 0, true)], 40);
    expect(html).toContain("Winners of Science Olympiad");
    expect(html).toContain(">Prize<");
    expect(html).toContain("₹1,000");
    expect(html).toContain("Next quiz free");
    expect(html).not.toContain("No prizes in this quiz");
  });

  it("says no participant submitted only when none did", async () => {
    expect(await rendered([], 0)).toContain("No participant submitted this quiz.");
  });
});
