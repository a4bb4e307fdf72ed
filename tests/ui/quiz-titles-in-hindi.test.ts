import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CertificateCheck } from "@/components/certificates/CertificateCheck";
import { YourResults } from "@/components/dashboard/YourResults";
import { TransactionHistory } from "@/components/profile/TransactionHistory";
import type { Language } from "@/lib/i18n/schemas";
import type { myPublishedRanks } from "@/lib/results";
import type { TransactionPage } from "@/lib/wallet";
import { withIntl } from "../support/intl";

const TITLE_HI = "शीतकालीन गणित ओलंपियाड";

type PublishedRank = Awaited<ReturnType<typeof myPublishedRanks>>[number];

const result = (quizId: string, title: string, titleHi: string | null): PublishedRank => ({
  quizId,
  title,
  titleHi,
  revision: 1,
  digest: "d".repeat(64),
  pseudonym: null,
  rank: 2,
  of: 40,
  score: 18,
  timeTakenSeconds: 900,
  prizePaise: 0,
  prizePaidPaise: 0,
  freePass: true,
  placement: { tiedWith: 0, above: null, below: null },
});

async function html(ui: Parameters<typeof withIntl>[0], language: Language) {
  return renderToStaticMarkup(await withIntl(ui, language)).replace(/<!-- -->/g, "");
}

describe("a quiz's title where a Hindi reader meets it", () => {
  it("is the organiser's Hindi title in the dashboard's rank sentence, the English one marked English where none was written", async () => {
    const results = [result("a", "Winter Maths", TITLE_HI), result("b", "Summer Science", null)];
    const hindi = await html(createElement(YourResults, { results }), "hi");
    expect(hindi).toContain(`<span>${TITLE_HI}</span>: 40 में से रैंक 2, अंक 18, अगली क्विज़ आप निःशुल्क खेलेंगे`);
    expect(hindi).toContain(`<span lang="en">Summer Science</span>: 40 में से रैंक 2, अंक 18`);
    expect(hindi).not.toContain("Winter Maths");

    const english = await html(createElement(YourResults, { results }), "en");
    expect(english).toContain("<span>Winter Maths</span>: rank 2 of 40, score 18, you play the next quiz free");
    expect(english).not.toContain(TITLE_HI);
  });

  it("is the Hindi title in the wallet's entry fees", async () => {
    const row = (id: string, quizTitle: string, quizTitleHi: string | null) =>
      ({ id, userId: "u", quizId: id, type: "form pay", mode: "upi", status: "verified", amountPaise: 50_000, reason: "test", quizTitle, quizTitleHi, paymentReference: null, payeeName: null, proofUploadId: null, createdAt: new Date("2030-01-01T05:30:00Z") }) as TransactionPage["rows"][number];
    const history: TransactionPage = { rows: [row("a", "Winter Maths", TITLE_HI), row("b", "Summer Science", null)], total: 2, page: 1, pageCount: 1 };
    const hindi = await html(createElement(TransactionHistory, { history, pageHref: (page: number) => `?page=${page}` }), "hi");
    expect(hindi).toContain(`<span>${TITLE_HI}</span> का प्रवेश शुल्क`);
    expect(hindi).toContain(`<span lang="en">Summer Science</span> का प्रवेश शुल्क`);
    expect(hindi).not.toContain("Winter Maths");
  });

  it("is the Hindi title, and the free pass and participation are in Hindi, on a certificate's verification page", async () => {
    const certificate = (quizTitleHi: string | null, freePass: boolean) => ({
      name: "Ananya Rao",
      quizTitle: "Winter Maths",
      quizTitleHi,
      result: { rank: 4, prizePaise: 0, freePass },
      issuedAt: new Date("2030-01-01T05:30:00Z"),
      revoked: false,
      superseded: null,
    });
    const pass = await html(createElement(CertificateCheck, { certificate: certificate(TITLE_HI, true) }), "hi");
    expect(pass).toContain(`<dd>${TITLE_HI}</dd>`);
    expect(pass).toContain("<dd>रैंक 4, अगले क्विज़ के लिए निःशुल्क पास</dd>");
    expect(pass).not.toMatch(/free pass|Winter Maths/);
    const plain = await html(createElement(CertificateCheck, { certificate: certificate(null, false) }), "hi");
    expect(plain).toContain('<dd lang="en">Winter Maths</dd>');
    expect(plain).toContain("<dd>सहभागिता</dd>");
    expect(await html(createElement(CertificateCheck, { certificate: certificate(null, true) }), "en")).toContain("<dd>Rank 4, a free pass to the next quiz</dd>");
  });
});
