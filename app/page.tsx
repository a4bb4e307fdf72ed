import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ExpiredExamData } from "@/components/home/ExpiredExamData";
import { PosterCarousel } from "@/components/home/PosterCarousel";
import { POSTER_FORMAT, POSTER_PRIZES, postersWithWords, type PosterFacts } from "@/components/home/posterWords";
import { brandTagline } from "@/components/shell/shellTexts";
import { config } from "@/lib/config";
import { currentUser, VISITOR } from "@/lib/auth";
import { pageAlternates } from "@/lib/i18n";
import { contestModelsInUse } from "@/lib/quizzes";

const HOME_CAROUSEL_MS = 3000;
/** The standard paper SPEC describes, as the lead says it: 25 questions, 30 minutes, 1 mark each. */
const STANDARD_PAPER = { questions: 25, minutes: 30, markingNote: true } as const;

export async function generateMetadata(): Promise<Metadata> {
  const [t, tagline] = await Promise.all([getTranslations("home"), brandTagline()]);
  return { description: t("description", { brand: config.brand.name, tagline }), alternates: await pageAlternates("/") };
}

export default async function HomePage() {
  if (await currentUser()) redirect("/dashboard");
  const [t, models, tagline] = await Promise.all([getTranslations("home"), contestModelsInUse(VISITOR), brandTagline()]);
  const { name } = config.brand;
  const facts: PosterFacts = { brand: name, tagline, minimumAge: config.competition.minimumAge, ...STANDARD_PAPER };

  return (
    <div className="grid items-center gap-8 md:grid-cols-2">
      <ExpiredExamData />
      <section>
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">
          {name}: <span className="text-brand">{tagline}</span>
        </h1>
        <p className="mt-4 text-lg text-slate-700">
          {/* Cash prizes only where a competition pays them for a paid entry (lib/quizzes contestModelsInUse). */}
          {t("lead", { prizes: models.includes("paid_cash") ? t("cashPrizes") : t("otherPrizes") })}
        </p>
        {/* SPEC's words in English, translated on Hindi pages. */}
        <div className="mt-6 flex flex-wrap gap-3">
          <Link prefetch={false} href="/login" className="rounded-lg bg-brand px-5 py-3 font-semibold text-white hover:opacity-90">
            {t("registerOlympiad")}
          </Link>
          <Link prefetch={false} href="/demoquiz" className="rounded-lg border border-brand px-5 py-3 font-semibold text-brand hover:bg-white">
            {t("tryDemo")}
          </Link>
        </div>
      </section>
      <PosterCarousel
        intervalMs={HOME_CAROUSEL_MS}
        priority
        roleDescription={t("carousel")}
        posters={postersWithWords(t, [POSTER_PRIZES, POSTER_FORMAT], facts)}
      />
    </div>
  );
}
