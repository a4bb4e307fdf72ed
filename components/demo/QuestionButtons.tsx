import { useTranslations } from "next-intl";
import { pageWindow } from "@/components/ui/pageWindow";

/** Up to five numbered buttons around the current question; answered ones are marked (SPEC §2). */
export function QuestionButtons({ index, answers, onSelect }: { index: number; answers: readonly (number | null)[]; onSelect: (index: number) => void }) {
  const t = useTranslations("demo");
  return (
    <nav aria-label={t("questions")}>
      <ul className="flex flex-wrap gap-2">
        {pageWindow(index, 0, answers.length - 1).map((position) => {
          const answered = answers[position] !== null;
          const current = position === index;
          const colours = current
            ? "border-brand bg-brand text-white"
            : answered
              ? "border-emerald-600 bg-emerald-50 text-emerald-800"
              : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100";
          return (
            <li key={position}>
              <button
                type="button"
                onClick={() => onSelect(position)}
                aria-current={current ? "step" : undefined}
                aria-label={t(answered ? "questionButtonAnswered" : "questionButton", { number: position + 1 })}
                className={`relative h-10 min-w-10 rounded-lg border px-3 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${colours}`}
              >
                {position + 1}
                {answered && <span aria-hidden="true" className="absolute -top-1.5 -right-1.5 rounded-full bg-emerald-600 px-1 text-xs leading-4 text-white">✓</span>}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
