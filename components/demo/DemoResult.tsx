import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { primaryButtonClass } from "@/components/ui/form";
import { formatDuration } from "@/lib/format";

export function DemoResult({ score, total, secondsTaken, onRestart }: { score: number; total: number; secondsTaken: number; onRestart: () => void }) {
  const t = useTranslations("demo");
  const heading = useRef<HTMLHeadingElement>(null);
  // The question the reader was on has gone: move focus to what replaced it.
  useEffect(() => heading.current?.focus(), []);

  return (
    <section aria-labelledby="demo-result-heading" className="flex flex-col items-start gap-3 rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="demo-result-heading" ref={heading} tabIndex={-1} aria-describedby="demo-result-score" className="text-2xl font-bold text-slate-900 focus:outline-none">
        {t("thankYou")}
      </h2>
      <p className="text-slate-800">
        {t.rich("timeTaken", {
          duration: formatDuration(secondsTaken),
          time: (chunks) => <span className="font-mono font-semibold tabular-nums">{chunks}</span>,
        })}
      </p>
      <p id="demo-result-score" className="text-lg font-semibold text-slate-900">{t("score", { score, total })}</p>
      <button type="button" className={primaryButtonClass} onClick={onRestart}>{t("restart")}</button>
    </section>
  );
}
