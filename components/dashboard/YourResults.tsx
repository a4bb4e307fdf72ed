import Link from "next/link";
import { formatMinutesSeconds } from "@/lib/format";
import { formatRupeesWithSymbol } from "@/lib/money";
import type { Comparison, myPublishedRanks } from "@/lib/results";

type PublishedRank = Awaited<ReturnType<typeof myPublishedRanks>>[number];

function prize(result: PublishedRank): string {
  if (result.prizePaise > 0) return `, prize ${formatRupeesWithSymbol(result.prizePaise)}`;
  return result.freePass ? ", you play the next quiz free" : "";
}

function ahead(other: Comparison, result: PublishedRank): string {
  return other.decidedBy === "score"
    ? `Rank ${other.rank} scored ${other.score}, more than your ${result.score}.`
    : `Rank ${other.rank} also scored ${result.score} but took less time (${formatMinutesSeconds(other.timeTakenSeconds)}).`;
}

function behind(other: Comparison): string {
  return other.decidedBy === "score"
    ? `Rank ${other.rank} scored ${other.score}, less than you.`
    : `Rank ${other.rank} scored the same but took longer (${formatMinutesSeconds(other.timeTakenSeconds)}).`;
}

/** Which rule placed the participant against the rows just above and below theirs. */
function placementSentences(result: PublishedRank): string[] {
  const { tiedWith, above, below } = result.placement;
  const others = tiedWith === 1 ? "1 other participant" : `${tiedWith} other participants`;
  return [
    tiedWith > 0 ? `You tied with ${others} on both score and time: you share rank ${result.rank} and split its prizes equally.` : null,
    above ? ahead(above, result) : "No one scored more than you, or the same in less time.",
    below ? behind(below) : null,
  ].filter((sentence): sentence is string => sentence !== null);
}

/** The participant's frozen result in each quiz whose results have been published. */
export function YourResults({ results }: { results: PublishedRank[] }) {
  return (
    <section aria-labelledby="your-results" className="mb-8 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="your-results" className="text-xl font-semibold text-slate-900">Your results</h2>
      <ul className="mt-2 flex flex-col gap-3 text-slate-800">
        {results.map((result) => (
          <li key={result.quizId} id={`result-${result.quizId}`}>
            <p>
              {result.title}: rank {result.rank} of {result.of}, score {result.score}
              {prize(result)}
              {(result.prizePaise > 0 || result.freePass) && <> · <Link href={`/prizes/claim/${result.quizId}`} className="font-semibold text-brand underline">Claim your prize</Link></>}
            </p>
            <p className="text-sm text-slate-700">
              Time taken {formatMinutesSeconds(result.timeTakenSeconds)}. {placementSentences(result).join(" ")}
            </p>
            <details className="text-sm text-slate-700">
              <summary className="cursor-pointer font-medium text-brand">How ranks are computed</summary>
              <p className="mt-1">
                Scores come from your stored answers and the final answer key. Highest score ranks first, then the shorter time taken;
                full ties share the rank and split its prizes equally. The published ranking and key are frozen; their SHA-256 digest is{" "}
                <code className="break-all">{result.digest}</code>.
              </p>
            </details>
            <a href={`/api/certificates/${result.quizId}`} download className="text-sm font-semibold text-brand underline">
              Download certificate
            </a>
          </li>
        ))}
      </ul>
      <Link href="/winnerleaderboard" className="mt-3 inline-block font-semibold text-brand underline">See all winners</Link>
    </section>
  );
}
