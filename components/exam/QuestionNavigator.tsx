import { useTranslations } from "next-intl";
import { secondaryButtonClass } from "@/components/ui/form";
import type { SaveMark } from "./answerOutbox";

const WINDOW_SIZE = 5;

/** Up to five question numbers with the current one in the middle where possible (SPEC §9). */
function questionWindow(current: number, total: number): number[] {
  const start = Math.max(0, Math.min(current - Math.floor(WINDOW_SIZE / 2), total - WINDOW_SIZE));
  return Array.from({ length: Math.min(WINDOW_SIZE, total) }, (_, offset) => start + offset);
}

interface QuestionNavigatorProps {
  current: number;
  total: number;
  /** saved: the server stores the answer (a tick); saving: chosen, on its way; none: not answered. */
  markOf: (index: number) => SaveMark;
  disabled: boolean;
  onGo: (index: number) => void;
  /** The name of the question's section, in the page's language; null in a quiz without sections. */
  sectionOf: (index: number) => string | null;
}

/** The window's questions in runs of one section each, so each run is shown under its section's name. */
function sectionRuns(indexes: number[], sectionOf: (index: number) => string | null): { section: string | null; indexes: number[] }[] {
  const runs: { section: string | null; indexes: number[] }[] = [];
  for (const index of indexes) {
    const section = sectionOf(index);
    const last = runs.at(-1);
    if (last && last.section === section) last.indexes.push(index);
    else runs.push({ section, indexes: [index] });
  }
  return runs;
}

const MARKS = {
  saved: { label: "answered", sign: " ✓", colours: "border-emerald-600 bg-emerald-50 text-emerald-900" },
  saving: { label: "saving", sign: " …", colours: "border-dashed border-amber-500 bg-amber-50 text-amber-900" },
  none: { label: "question", sign: "", colours: "border-slate-300 bg-white text-slate-800" },
} as const satisfies Record<SaveMark, { label: string; sign: string; colours: string }>;

export function QuestionNavigator({ current, total, markOf, disabled, onGo, sectionOf }: QuestionNavigatorProps) {
  const t = useTranslations("exam");
  const button = (index: number) => {
    const mark = MARKS[markOf(index)];
    return (
      <li key={index}>
        <button
          type="button"
          aria-label={t(`navigator.${mark.label}`, { number: index + 1 })}
          aria-current={index === current ? "step" : undefined}
          disabled={disabled}
          onClick={() => onGo(index)}
          className={`h-10 min-w-10 rounded-lg border px-2 font-semibold disabled:opacity-60 aria-[current=step]:ring-2 aria-[current=step]:ring-brand ${mark.colours}`}
        >
          {index + 1}
          {mark.sign && <span aria-hidden="true">{mark.sign}</span>}
        </button>
      </li>
    );
  };
  return (
    <nav aria-label={t("navigator.label")} className="flex flex-wrap items-center gap-2">
      <button type="button" className={secondaryButtonClass} disabled={disabled || current === 0} onClick={() => onGo(current - 1)}>
        {t("previous")}
      </button>
      {/* In a quiz of sections, the numbers stand in groups named after their sections. */}
      <div className="flex flex-wrap items-end gap-3">
        {sectionRuns(questionWindow(current, total), sectionOf).map(({ section, indexes }) =>
          section === null ? (
            <ol key={indexes[0]} className="flex flex-wrap gap-2">{indexes.map(button)}</ol>
          ) : (
            <div key={indexes[0]} role="group" aria-label={section} className="flex flex-col gap-1">
              <span aria-hidden="true" className="max-w-48 truncate text-xs font-semibold text-slate-600">{section}</span>
              <ol className="flex flex-wrap gap-2">{indexes.map(button)}</ol>
            </div>
          ),
        )}
      </div>
      <button type="button" className={secondaryButtonClass} disabled={disabled || current >= total - 1} onClick={() => onGo(current + 1)}>
        {t("next")}
      </button>
    </nav>
  );
}
