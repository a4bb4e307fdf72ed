import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { WinnersTable } from "@/components/results/WinnersTable";
import type { Language } from "@/lib/i18n/schemas";
import type { PrizeTier } from "@/lib/results";
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

/** Free passes to ranks 4 to 53, as the default prize table once gave every new quiz. */
const FREE_PASSES: PrizeTier[] = [{ rankFrom: 4, rankTo: 53, kind: "free_pass", amountPaise: 0 }];

async function rendered(winners: ReturnType<typeof row>[], participants: number, language: Language = "en", prizes: PrizeTier[] = []) {
  return renderToStaticMarkup(await withIntl(createElement(WinnersTable, { title: "Science Olympiad", winners, participants, prizes }), language)).replace(/<!-- -->/g, "");
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

  it("never says a quiz with prizes has none: a free-pass tier nobody reached is a prize nobody reached", async () => {
    const html = await rendered([row(1), row(2)], 2, "en", FREE_PASSES);
    expect(html).not.toContain("No prizes in this quiz");
    expect(html).toContain("Nobody reached a prize rank in this quiz; here are the first 2 places of 2 participants.");
    expect(html).toContain("Top ranks of Science Olympiad");
    expect(html).not.toContain(">Prize<");
    const hindi = await rendered([row(1), row(2)], 2, "hi", FREE_PASSES);
    expect(hindi).not.toContain("कोई पुरस्कार नहीं");
    expect(hindi).toContain("इस क्विज़ में कोई भी पुरस्कार वाले स्थान तक नहीं पहुँचा; यहाँ 2 प्रतिभागियों में से पहले 2 स्थान हैं।");
  });

  it("shows winners with their prizes", async () => {
    const html = await rendered([row(1, 100_000), row(2, 0, true)], 40, "en", [{ rankFrom: 1, rankTo: 1, kind: "cash", amountPaise: 100_000 }, { rankFrom: 2, rankTo: 2, kind: "free_pass", amountPaise: 0 }]);
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
