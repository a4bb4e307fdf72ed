import { config } from "@/lib/config";
import type { ContestModel } from "@/lib/quizzes/schemas";

/** The quiz's contest model in one line, from configuration (CONTEST_*_TEXT, PRIZE_SPONSOR_NAME). */
export function contestModelText(model: ContestModel): string {
  return config.contest.texts[model];
}

export function ContestModelNote({ model, className = "text-sm font-medium text-brand" }: { model: ContestModel; className?: string }) {
  return (
    <p className={className} data-testid="contest-model" data-model={model}>
      {contestModelText(model)}
    </p>
  );
}
