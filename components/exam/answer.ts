import type { ExamView } from "@/lib/exam";

/**
 * One question's answer as the exam page holds it and the save sends it: exactly one of an option
 * (single correct), options (one or more correct, ascending) or a number as typed (integer or
 * numerical). Options are displayed positions, so a language switch leaves every answer as it was.
 */
export type AnswerValue = { selectedOptionIndex: number | null } | { selectedOptions: number[] } | { typedAnswer: string | null };

/** An answer as the server sends it back with the attempt: an option, options, or the typed text. */
export type ServerAnswer = ExamView["answers"][string];

export function fromServer(answer: ServerAnswer): AnswerValue {
  if (Array.isArray(answer)) return { selectedOptions: answer };
  return typeof answer === "string" ? { typedAnswer: answer } : { selectedOptionIndex: answer };
}

/** False for a cleared answer (no option, no options, nothing typed): the question counts as unanswered. */
function isGiven(answer: AnswerValue): boolean {
  if ("selectedOptions" in answer) return answer.selectedOptions.length > 0;
  return ("typedAnswer" in answer ? answer.typedAnswer : answer.selectedOptionIndex) !== null;
}

/** The same text for equal answers: how the outbox tells a stored answer from one still to be sent. */
export function answerText(answer: AnswerValue): string | undefined {
  if (!isGiven(answer)) return undefined;
  if ("selectedOptions" in answer) return `options:${answer.selectedOptions.join(",")}`;
  return "typedAnswer" in answer ? `typed:${answer.typedAnswer}` : `option:${answer.selectedOptionIndex}`;
}

/** Whether a value read back from this browser's storage is an answer (an older release kept only the option). */
export function isAnswerValue(value: unknown): value is AnswerValue {
  const answer = value as Record<string, unknown> | null;
  if (typeof answer !== "object" || answer === null) return false;
  if ("selectedOptions" in answer) return Array.isArray(answer.selectedOptions) && answer.selectedOptions.every((option) => Number.isInteger(option));
  if ("typedAnswer" in answer) return answer.typedAnswer === null || typeof answer.typedAnswer === "string";
  return answer.selectedOptionIndex === null || Number.isInteger(answer.selectedOptionIndex);
}
