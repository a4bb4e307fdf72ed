import Link from "next/link";
import type { myPublishedRanks } from "@/lib/results";
import { formatRupeesWithSymbol } from "@/lib/money";

type PublishedRank = Awaited<ReturnType<typeof myPublishedRanks>>[number];

function prize(result: PublishedRank): string {
  if (result.prizePaise > 0) return `, prize ${formatRupeesWithSymbol(result.prizePaise)}`;
  return result.freePass ? ", you play the next quiz free" : "";
}

/** The participant's official rank in each quiz whose results have been published. */
export function YourResults({ results }: { results: PublishedRank[] }) {
  return (
    <section aria-labelledby="your-results" className="mb-8 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="your-results" className="text-xl font-semibold text-slate-900">Your results</h2>
      <ul className="mt-2 flex flex-col gap-1 text-slate-800">
        {results.map((result) => (
          <li key={result.quizId} id={`result-${result.quizId}`}>
            {result.title}: rank {result.rank} of {result.of}, score {result.score}
            {prize(result)}
          </li>
        ))}
      </ul>
      <Link href="/winnerleaderboard" className="mt-3 inline-block font-semibold text-brand underline">See all winners</Link>
    </section>
  );
}
