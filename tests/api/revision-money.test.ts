import { describe, expect, it, vi } from "vitest";

/** Issue 52: a revision settles money both ways, and the books keep what is owed and what is to be recovered apart. */
const own = await vi.hoisted(async () => (await import("../support/own-database")).ownDatabase());

import { randomBytes } from "node:crypto";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { and, eq, inArray } from "drizzle-orm";
import { POST as claimRoute } from "@/app/api/prizes/[quizId]/claim/route";
import { POST as disqualifyRoute } from "@/app/api/responses/[attemptId]/disqualify/route";
import { GET as trialBalanceRoute } from "@/app/api/books/trial-balance/route";
import { YourResults } from "@/components/dashboard/YourResults";
import { attempts, users } from "@/db/schema";
import { SYSTEM, type ActiveUser } from "@/lib/auth";
import { checkLedger, trialBalance } from "@/lib/books";
import { inEnglish, message } from "@/lib/catalogue";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db";
import { approvePrizeClaim, claimPrize, markPrizeClaimPaid, myPrize, prizesToRecover } from "@/lib/payouts";
import { taxAtPayout } from "@/lib/payouts/tax";
import { decideObjections, myPublishedRanks, publishResults, publishRevision } from "@/lib/results";
import { finalisingAlone } from "../support/exam";
import { call } from "../support/http";
import { seededBeforeAndDroppedAfter } from "../support/own-database";
import { withIntl } from "../support/intl";
import { claimWith, freshPan, sealClaimsWithTestKey } from "../support/payouts";
import { HOUR, seededQuiz, settleKey } from "../support/results";
import { admin, ADULT_DOB } from "../support/users";

sealClaimsWithTestKey();

seededBeforeAndDroppedAfter(own);

const CHEATED = "A second person answers questions 2 and 3 in the recording.";
const REASON = "A's recording shows a second person answering questions 2 and 3: disqualified on review after publication.";

/** The seeded quiz published (A and B tie at the top with ₹75,500 each, C ₹25,000, D a free pass), everyone 18 or over. */
async function published() {
  const seeded = await seededQuiz({ examEndedAgoMs: 50 * HOUR });
  const boss = await admin();
  await finalisingAlone(async () => publishResults(boss, seeded.quiz.id, await settleKey(seeded.quiz)));
  await (await getDb()).update(users).set({ dateOfBirth: ADULT_DOB }).where(inArray(users.id, Object.values(seeded.people).map((person) => person.id)));
  return { ...seeded, boss };
}

async function paid(user: ActiveUser, quizId: string, boss: ActiveUser) {
  const claim = await claimPrize(user, quizId, claimWith(freshPan()));
  await approvePrizeClaim(boss, claim.id);
  return markPrizeClaimPaid(boss, claim.id, `UTR${randomBytes(6).toString("hex")}`);
}

/** The books' prize accounts, after the ledger check passed: what is owed and what is to be recovered. */
async function balancedPrizeAccounts() {
  const result = await checkLedger(SYSTEM);
  if (!result.ok) throw new Error(`${result.check}: ${result.discrepancy}`);
  return { owedPaise: result.totals.prizeLiabilityPaise, toRecoverPaise: result.totals.prizeRecoverablePaise };
}

function taxRule() {
  const { taxRateBasisPoints, taxThresholdPaise, taxBasis } = config.payouts;
  return { rateBasisPoints: taxRateBasisPoints, thresholdPaise: taxThresholdPaise, basis: taxBasis };
}

describe("a revision after prizes were paid", () => {
  it("lets the winner whose paid prize it raised claim the difference with its own tax, and books the disqualified winner's paid prize as to recover, not netted", async () => {
    const start = await balancedPrizeAccounts();
    const { quiz, people, boss } = await published();
    expect(await balancedPrizeAccounts()).toEqual({ owedPaise: start.owedPaise + 2 * 7_550_000 + 2_500_000, toRecoverPaise: start.toRecoverPaise });

    const paidA = await paid(people.A, quiz.id, boss);
    const paidB = await paid(people.B, quiz.id, boss);
    expect([paidA.grossPaise, paidB.grossPaise]).toEqual([7_550_000, 7_550_000]);
    expect(await balancedPrizeAccounts()).toEqual({ owedPaise: start.owedPaise + 2_500_000, toRecoverPaise: start.toRecoverPaise });
    expect(await call(claimRoute, { as: people.B, params: { quizId: quiz.id }, json: claimWith(freshPan()) })).toMatchObject({ status: 409, body: { message: inEnglish(message("prizeAlreadyClaimed")) } });

    const [attemptA] = await (await getDb()).select().from(attempts).where(and(eq(attempts.quizId, quiz.id), eq(attempts.participantId, people.A.id)));
    expect((await call(disqualifyRoute, { as: boss, params: { attemptId: attemptA.id }, json: { reason: CHEATED } })).status).toBe(200);
    await publishRevision(boss, quiz.id, { reason: REASON });

    // B is rank 1 with ₹1,00,000 now, ₹75,500 of it paid: ₹24,500 is owed to B. C's ₹51,000 and D's ₹25,000 are owed too;
    // A's paid ₹75,500 is to be recovered. Neither is netted against the other.
    expect(await balancedPrizeAccounts()).toEqual({ owedPaise: start.owedPaise + 2_450_000 + 5_100_000 + 2_500_000, toRecoverPaise: start.toRecoverPaise + 7_550_000 });
    const balance = await trialBalance(boss, {});
    const closing = (account: string) => balance.lines.find((line) => line.account === account)?.closingPaise;
    expect(closing("prize_recoverable")).toBe(start.toRecoverPaise + 7_550_000);
    expect(closing("prize_liability")).toBe(-(start.owedPaise + 2_450_000 + 5_100_000 + 2_500_000));
    const csv = await (await call(trialBalanceRoute, { as: boss, url: "/api/books/trial-balance.csv" })).response.text();
    expect(csv).toContain("Prizes paid above the current results, to recover");
    expect(csv).toContain("Prizes published, not yet paid");
    expect((await prizesToRecover(boss)).filter((row) => row.quizId === quiz.id)).toEqual([
      expect.objectContaining({ participantId: people.A.id, kind: "cash", claimId: paidA.id, paidPaise: 7_550_000, currentPrizePaise: 0, recoverPaise: 7_550_000 }),
    ]);

    // The dashboard offers B the difference, with its amount; the claim page says what is left and the tax on it.
    const [ranked] = await myPublishedRanks(people.B, people.B.id);
    expect(ranked).toMatchObject({ rank: 1, prizePaise: 10_000_000, prizePaidPaise: 7_550_000 });
    const dashboard = renderToStaticMarkup(await withIntl(createElement(YourResults, { results: [ranked] }))).replace(/<!-- -->/g, "");
    expect(dashboard).toContain("Claim your prize: ₹24,500 more, after the results were revised");
    const year = { prizesPaise: paidB.grossPaise, taxWithheldPaise: paidB.taxPaise, entryFeesPaise: 0 };
    const due = taxAtPayout(2_450_000, year, taxRule());
    expect(due.taxPaise).toBeGreaterThan(0);
    expect(await myPrize(people.B, quiz.id)).toMatchObject({ prizePaise: 10_000_000, paidPaise: 7_550_000, claimablePaise: 2_450_000, expected: { taxPaise: due.taxPaise, netPaise: due.netPaise } });

    const claimed = await call(claimRoute, { as: people.B, params: { quizId: quiz.id }, json: claimWith(freshPan()) });
    expect(claimed).toMatchObject({ status: 200, body: { claim: { grossPaise: 2_450_000, taxPaise: due.taxPaise, netPaise: due.netPaise, status: "claimed" } } });
    expect(await call(claimRoute, { as: people.B, params: { quizId: quiz.id }, json: claimWith(freshPan()) })).toMatchObject({ status: 409 });
    expect(await balancedPrizeAccounts()).toEqual({ owedPaise: start.owedPaise + 2_450_000 + 5_100_000 + 2_500_000, toRecoverPaise: start.toRecoverPaise + 7_550_000 });

    const claimId = (claimed.body as { claim: { id: string } }).claim.id;
    await approvePrizeClaim(boss, claimId);
    const difference = await markPrizeClaimPaid(boss, claimId, `UTR${randomBytes(6).toString("hex")}`);
    expect(difference).toMatchObject({ status: "paid", grossPaise: 2_450_000, taxPaise: due.taxPaise, netPaise: due.netPaise });
    // The year's tax on B's ₹1,00,000 is withheld in full across the two payments.
    expect(paidB.taxPaise + difference.taxPaise).toBe(taxAtPayout(10_000_000, { prizesPaise: 0, taxWithheldPaise: 0, entryFeesPaise: 0 }, taxRule()).taxPaise);
    expect(await balancedPrizeAccounts()).toEqual({ owedPaise: start.owedPaise + 5_100_000 + 2_500_000, toRecoverPaise: start.toRecoverPaise + 7_550_000 });
    expect(await myPrize(people.B, quiz.id)).toMatchObject({ paidPaise: 10_000_000, claimablePaise: 0 });
    expect(await call(claimRoute, { as: people.B, params: { quizId: quiz.id }, json: claimWith(freshPan()) })).toMatchObject({ status: 409, body: { message: inEnglish(message("prizeAlreadyClaimed")) } });
    const [after] = await myPublishedRanks(people.B, people.B.id);
    expect(renderToStaticMarkup(await withIntl(createElement(YourResults, { results: [after] })))).toContain("Prize paid: see your claim");
  });

  it("books a prize lowered or removed after it was paid as to recover, never as a negative liability", async () => {
    const start = await balancedPrizeAccounts();
    const { quiz, questionIds, people, boss } = await published();
    await paid(people.A, quiz.id, boss);
    await paid(people.C, quiz.id, boss);
    expect(await balancedPrizeAccounts()).toEqual({ owedPaise: start.owedPaise + 7_550_000, toRecoverPaise: start.toRecoverPaise });

    // Question 2's key was wrong: B is first with ₹1,00,000, A second with ₹51,000 (₹24,500 less than paid), C's ₹25,000 is gone.
    await decideObjections(boss, quiz.id, questionIds[1], { decision: "change", newOptionIndex: 3, note: "The key had a typo: Z is the right answer." });
    await publishRevision(boss, quiz.id, { reason: "Question 2's key had a typo: Z is the right answer, not X. Every attempt is rescored." });

    expect(await balancedPrizeAccounts()).toEqual({ owedPaise: start.owedPaise + 10_000_000 + 2_500_000, toRecoverPaise: start.toRecoverPaise + 2_450_000 + 2_500_000 });
    expect(await myPrize(people.A, quiz.id)).toMatchObject({ prizePaise: 5_100_000, paidPaise: 7_550_000, claimablePaise: 0 });
    expect(await call(claimRoute, { as: people.A, params: { quizId: quiz.id }, json: claimWith(freshPan()) })).toMatchObject({ status: 409 });
  });
});
