import { useTranslations } from "next-intl";
import { config } from "@/lib/config";
import type { ContestModel } from "@/lib/quizzes/schemas";

/**
 * The contest model's one line in the reader's language: an operator's own line (CONTEST_*_TEXT)
 * as written, the app's own translated (its English is config.contest.texts).
 */
export function useContestModelText(): (model: ContestModel) => string {
  const t = useTranslations("legal.terms.models.lines");
  return (model) => config.contest.customTexts[model] ?? t(model, { sponsor: config.contest.sponsorName });
}

export function ContestModelNote({ model, className = "text-sm font-medium text-brand" }: { model: ContestModel; className?: string }) {
  const modelText = useContestModelText();
  return (
    <p className={className} data-testid="contest-model" data-model={model}>
      {modelText(model)}
    </p>
  );
}
