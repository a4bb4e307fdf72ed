import { useTranslations } from "next-intl";
import { formatMinutesSeconds } from "@/lib/format";

/** SPEC §9: the countdown turns red at 5 seconds or less. */
const URGENT_SECONDS = 5;

export function QuizTimer({ secondsLeft }: { secondsLeft: number }) {
  const t = useTranslations("demo");
  const urgent = secondsLeft <= URGENT_SECONDS;
  return (
    <p
      role="timer"
      aria-label={urgent ? t("timeLeftAlmostUp") : t("timeLeft")}
      className={`rounded-lg border px-3 py-1.5 font-mono text-lg font-semibold tabular-nums ${urgent ? "border-red-300 bg-red-50 text-red-700" : "border-slate-300 bg-white text-slate-900"}`}
    >
      <span className="font-sans text-sm font-medium">{t("timeLeft")} </span>
      {formatMinutesSeconds(secondsLeft)}
    </p>
  );
}
