import Link from "next/link";
import { redirect } from "next/navigation";
import { ExpiredExamData } from "@/components/home/ExpiredExamData";
import { PosterCarousel } from "@/components/home/PosterCarousel";
import { config } from "@/lib/config";
import { currentUser } from "@/lib/auth";

const HOME_CAROUSEL_MS = 3000;

export default async function HomePage() {
  if (await currentUser()) redirect("/dashboard");
  const { name, tagline } = config.brand;

  return (
    <div className="grid items-center gap-8 md:grid-cols-2">
      <ExpiredExamData />
      <section>
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">
          {name}: <span className="text-brand">{tagline}</span>
        </h1>
        <p className="mt-4 text-lg text-slate-700">
          Online olympiad quizzes for students and general participants. 25 questions, 30 minutes, one fair and
          proctored attempt, and {config.contest.cashPrizesAllowed ? "real prizes" : "certificates, scholarships and sponsored prizes"} for the top scorers.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link href="/login" className="rounded-lg bg-brand px-5 py-3 font-semibold text-white hover:opacity-90">
            Register Olympiad
          </Link>
          <Link href="/demoquiz" className="rounded-lg border border-brand px-5 py-3 font-semibold text-brand hover:bg-white">
            Try Demo Olympiad Quiz
          </Link>
        </div>
      </section>
      <PosterCarousel
        intervalMs={HOME_CAROUSEL_MS}
        priority
        posters={[
          { src: "/posters/poster-1.svg", alt: `${name} — ${tagline}. Win up to ₹1,00,000` },
          { src: "/posters/poster-2.svg", alt: "25 questions, 30 minutes, fair and proctored" },
        ]}
      />
    </div>
  );
}
