import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CompetitionPrizes } from "@/components/prizes/CompetitionPrizes";
import { PrizeTierList } from "@/components/prizes/PrizeTierList";
import { PageTitle } from "@/components/ui/PageTitle";
import { currentActor } from "@/lib/auth";
import { config } from "@/lib/config";
import { pageAlternates } from "@/lib/i18n";
import { defaultPrizeTable, listCompetitions } from "@/lib/quizzes";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("prizes");
  return { title: t("title"), description: t("description", { brand: config.brand.name }), alternates: await pageAlternates("/prizelisting") };
}

/** Each upcoming or running quiz with its own prize table, then the default new quizzes start from (where cash prizes are allowed). */
export default async function PrizeListingPage() {
  const actor = await currentActor();
  const [current, defaults, t] = await Promise.all([listCompetitions(actor, { unfinished: true }), defaultPrizeTable(actor), getTranslations("prizes")]);

  return (
    <>
      <PageTitle lead={t("lead")}>{t("title")}</PageTitle>
      {current.length === 0 ? (
        <p className="text-slate-700">{t("noneScheduled")}</p>
      ) : (
        <div className="flex flex-col gap-6">
          {current.map((quiz) => (
            <CompetitionPrizes key={quiz.id} quiz={quiz} />
          ))}
        </div>
      )}
      {/* The default table pays cash: offered as "usual" only where a quiz may pay cash prizes. */}
      {config.contest.cashPrizesAllowed && defaults.length > 0 && (
        <section aria-labelledby="default-prizes" className="mt-8 text-slate-700">
          <h2 id="default-prizes" className="text-lg font-semibold text-slate-900">{t("usualTable")}</h2>
          <p className="mt-1 text-sm">{t("usualTableLead")}</p>
          <PrizeTierList tiers={defaults} label={t("usualTable")} className="mt-2 list-disc pl-5 text-sm" />
        </section>
      )}
    </>
  );
}
