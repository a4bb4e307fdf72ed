import { useTranslations } from "next-intl";
import { formatMinutesSeconds } from "@/lib/format";

/** The countdown turns red, and a screen reader hears once how much is left. */
export const WARNING_SECONDS = 60;

/** The visible countdown. It never stops, in or out of full-screen mode (SPEC §10, one clock for everyone). */
export function ExamTimer({ secondsLeft }: { secondsLeft: number }) {
  const t = useTranslations("exam.live");
  const colour = secondsLeft <= WARNING_SECONDS ? "text-red-700" : "text-slate-900";
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-lg font-semibold">
      <span className="text-slate-700">{t("timeLeft")}</span>
      {/* No live region: announcing every second would drown a screen reader. */}
      <span role="timer" aria-label={t("timeLeft")} className={`tabular-nums ${colour}`}>
        {formatMinutesSeconds(Math.max(0, secondsLeft))}
      </span>
    </p>
  );
}
