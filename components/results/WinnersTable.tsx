import { useTranslations } from "next-intl";
import { formatMinutesSeconds } from "@/lib/format";
import type { PrizeTier, publishedWinners } from "@/lib/results";
import { formatRupeesWithSymbol } from "@/lib/money";
import { ScrollRegion } from "@/components/ui/ScrollRegion";

type Winner = Awaited<ReturnType<typeof publishedWinners>>[number]["winners"][number];

const cell = "px-3 py-2";

/**
 * Participants in a full tie already carry the same rank and an equal share from the ranking. A
 * ranking whose prizes pay no one comes as its first places, without a prize column. Whether the
 * quiz has prizes at all is its frozen prize table's to say (free passes are prizes in kind), the
 * table listed beside this one: a quiz whose free passes to ranks 4 to 53 two participants did not
 * reach has prizes that nobody reached, not "no prizes".
 */
export function WinnersTable({ title, winners, participants, prizes }: { title: string; winners: Winner[]; participants: number; prizes: readonly PrizeTier[] }) {
  const t = useTranslations("results");
  const ui = useTranslations("ui");
  if (winners.length === 0) return <p className="text-slate-700">{t("noSubmissions")}</p>;
  const withPrizes = winners.some((winner) => winner.prizePaise > 0 || winner.freePass);
  const label = withPrizes ? t("winnersOf", { title }) : t("topRanksOf", { title });
  return (
    <>
      {!withPrizes && <p className="text-sm text-slate-700">{t(prizes.length > 0 ? "noPrizeRankReached" : "topRanksWithoutPrizes", { shown: winners.length, participants })}</p>}
      <ScrollRegion label={label}>
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">{label}</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className={cell}>{t("rank")}</th>
              <th scope="col" className={cell}>{t("name")}</th>
              <th scope="col" className={`${cell} text-right`}>{t("score")}</th>
              <th scope="col" className={`${cell} text-right`}>{t("timeTaken")}</th>
              {withPrizes && <th scope="col" className={`${cell} text-right`}>{t("prize")}</th>}
            </tr>
          </thead>
          <tbody>
            {winners.map((winner) => (
              <tr key={winner.participantId} className="border-t border-slate-100">
                <td className={`${cell} font-semibold`}>{ui("ordinal", { rank: winner.rank })}</td>
                <th scope="row" className={`${cell} font-medium`}>{winner.name}</th>
                <td className={`${cell} text-right tabular-nums`}>{winner.score}</td>
                <td className={`${cell} text-right tabular-nums`}>{formatMinutesSeconds(winner.timeTakenSeconds)}</td>
                {withPrizes && <td className={`${cell} text-right whitespace-nowrap`}>{winner.prizePaise > 0 ? formatRupeesWithSymbol(winner.prizePaise) : t("nextQuizFree")}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}
