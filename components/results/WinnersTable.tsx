import { formatMinutesSeconds, ordinal } from "@/lib/format";
import type { publishedWinners } from "@/lib/results";
import { formatRupeesWithSymbol } from "@/lib/money";
import { ScrollRegion } from "@/components/ui/ScrollRegion";

type Winner = Awaited<ReturnType<typeof publishedWinners>>[number]["winners"][number];

const cell = "px-3 py-2";

/** Participants in a full tie already carry the same rank and an equal share from the ranking. */
export function WinnersTable({ title, winners, emptyText = "No participant submitted this quiz." }: { title: string; winners: Winner[]; emptyText?: string }) {
  if (winners.length === 0) return <p className="text-slate-700">{emptyText}</p>;
  return (
    <ScrollRegion label={`Winners of ${title}`}>
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">Winners of {title}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className={cell}>Rank</th>
            <th scope="col" className={cell}>Name</th>
            <th scope="col" className={`${cell} text-right`}>Score</th>
            <th scope="col" className={`${cell} text-right`}>Time taken</th>
            <th scope="col" className={`${cell} text-right`}>Prize</th>
          </tr>
        </thead>
        <tbody>
          {winners.map((winner) => (
            <tr key={winner.participantId} className="border-t border-slate-100">
              <td className={`${cell} font-semibold`}>{ordinal(winner.rank)}</td>
              <th scope="row" className={`${cell} font-medium`}>{winner.name}</th>
              <td className={`${cell} text-right tabular-nums`}>{winner.score}</td>
              <td className={`${cell} text-right tabular-nums`}>{formatMinutesSeconds(winner.timeTakenSeconds)}</td>
              <td className={`${cell} text-right whitespace-nowrap`}>{winner.prizePaise > 0 ? formatRupeesWithSymbol(winner.prizePaise) : "Next quiz free"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
