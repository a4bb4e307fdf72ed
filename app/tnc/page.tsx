import type { Metadata } from "next";
import { PageTitle } from "@/components/ui/PageTitle";
import { config } from "@/lib/config";
import { formatRupees } from "@/lib/money";

const { brand, competition, legal, contest } = config;

export const metadata: Metadata = {
  title: "Terms and conditions",
  description: `The rules of every ${brand.name} competition: eligibility, entry fee, fair play, ranking and prizes.`,
  alternates: { canonical: "/tnc" },
};

export default function TermsPage() {
  return (
    <article className="prose-article max-w-3xl">
      <PageTitle>Terms and conditions</PageTitle>
      <p>These terms apply to every competition run on {brand.name} by {legal.entityName}. By registering you accept them.</p>
      <h2>Eligibility</h2>
      <p>You must be {competition.minimumAge} years or older on the day you pay the entry fee. One account per person.</p>
      <h2>Contest models</h2>
      <p>Each competition states on its page which of these models it follows:</p>
      <ul>
        <li>
          <strong>Free entry.</strong> {contest.texts.free_entry} No fee is taken; you register without any payment.
        </li>
        <li>
          <strong>Paid entry, certificates only.</strong> {contest.texts.paid_certificates} The fee pays for the competition; no
          money is won.
        </li>
        {contest.cashPrizesAllowed && (
          <li>
            <strong>Paid entry, cash prizes.</strong> {contest.texts.paid_cash}
          </li>
        )}
      </ul>
      <p>
        Competitions are run in keeping with the Promotion and Regulation of Online Gaming Act, 2025
        {contest.cashPrizesAllowed ? "" : "; no competition on this site pays cash prizes for a paid entry"}.
      </p>
      <h2>Entry fee</h2>
      <p>
        For a paid competition the registration fee is ₹{formatRupees(competition.entryFeePaise)} unless the competition page states
        another amount. The fee is non-refundable once your payment has been verified. Free-entry competitions take no fee.
      </p>
      <h2>Fair play</h2>
      <ul>
        <li>Each participant may attempt a competition once. Once started, the attempt cannot be restarted.</li>
        <li>Camera, microphone and screen sharing stay on and the quiz runs in full screen for the whole attempt.</li>
        <li>Leaving the quiz, copying, pasting and opening developer tools are recorded and may lead to disqualification.</li>
      </ul>
      <h2>Ranking and prizes</h2>
      <ul>
        <li>The highest score wins.</li>
        <li>Between equal scores, the faster submission ranks higher.</li>
        <li>Participants with the same score and the same time share the rank and split the prize of the ranks they cover equally.</li>
        <li>Prizes follow the competition&apos;s model: sponsored prizes for free entry, certificates and scholarships (no cash) for certificates-only competitions{contest.cashPrizesAllowed ? ", cash for the others" : ""}.</li>
      </ul>
      <p>Winners must claim their prize within {competition.prizeClaimDays} days of the result being published.</p>
      <h2>Disputes</h2>
      <p>These terms are governed by the laws of India; the courts of {legal.jurisdiction} have jurisdiction.</p>
    </article>
  );
}
