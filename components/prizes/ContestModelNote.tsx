import { useLocale, useTranslations } from "next-intl";
import { config } from "@/lib/config";
import type { Language } from "@/lib/i18n/schemas";
import type { ContestModel } from "@/lib/quizzes/schemas";

/**
 * The contest model's one line in the reader's language: an operator's own line (CONTEST_*_TEXT,
 * CONTEST_*_TEXT_HI), else the app's own translated (its English is config.contest.texts).
 */
export function useContestModelText(): (model: ContestModel) => string {
  const t = useTranslations("legal.terms.models.lines");
  const language = useLocale() as Language;
  return (model) => config.contest.customTexts[model]?.[language] ?? t(model, { sponsor: config.contest.sponsorName });
}

export function ContestModelNote({ model, className = "text-sm font-medium text-brand" }: { model: ContestModel; className?: string }) {
  const modelText = useContestModelText();
  return (
    <p className={className} data-testid="contest-model" data-model={model}>
      {modelText(model)}
    </p>
  );
}
