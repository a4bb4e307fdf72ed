import type { DemoQuestion } from "@/lib/quizzes";

/** The demo's saved progress (SPEC §3 local storage): one key, whatever the quiz. */
export const PROGRESS_KEY = "quizProgress";

export interface DemoProgress {
  index: number;
  score: number;
  /** The chosen option per question, null while unanswered. */
  answers: (number | null)[];
  ended: boolean;
  /** Epoch milliseconds. Time left is derived from it, so a reload gives no extra time. */
  startTime: number;
  /** When it ended, for the time taken shown after a reload; null while running. */
  endTime: number | null;
}

export function freshProgress(questionCount: number, now: number): DemoProgress {
  return { index: 0, score: 0, answers: Array(questionCount).fill(null), ended: false, startTime: now, endTime: null };
}

const isCount = (value: unknown, below: number) => Number.isInteger(value) && (value as number) >= 0 && (value as number) < below;

/** Saved progress, or null when there is none or it does not fit this quiz (edited since, or tampered with). */
export function parseProgress(raw: string | null, questions: readonly DemoQuestion[]): DemoProgress | null {
  if (!raw) return null;
  const questionCount = questions.length;
  try {
    const saved = JSON.parse(raw) as Partial<DemoProgress>;
    const valid =
      isCount(saved.index, questionCount) &&
      isCount(saved.score, questionCount + 1) &&
      Array.isArray(saved.answers) &&
      saved.answers.length === questionCount &&
      saved.answers.every((answer, index) => answer === null || isCount(answer, questions[index].options.length)) &&
      typeof saved.ended === "boolean" &&
      Number.isFinite(saved.startTime) &&
      (saved.endTime === null || Number.isFinite(saved.endTime));
    return valid ? (saved as DemoProgress) : null;
  } catch {
    return null;
  }
}

/** Choosing or changing an answer moves the score up or down by what the change is worth. */
export function chooseAnswer(progress: DemoProgress, questions: readonly DemoQuestion[], option: number): DemoProgress {
  const { index } = progress;
  const correct = questions[index].answer;
  const answers = progress.answers.map((answer, position) => (position === index ? option : answer));
  const score = progress.score - Number(progress.answers[index] === correct) + Number(option === correct);
  return { ...progress, answers, score };
}

export function endQuiz(progress: DemoProgress, now: number, durationSeconds: number): DemoProgress {
  return { ...progress, ended: true, endTime: Math.min(now, progress.startTime + durationSeconds * 1000) };
}

export function secondsLeft(progress: DemoProgress, now: number, durationSeconds: number): number {
  const elapsed = Math.floor((now - progress.startTime) / 1000);
  return Math.min(durationSeconds, Math.max(0, durationSeconds - elapsed));
}

export function secondsTaken(progress: DemoProgress): number {
  return Math.max(0, Math.floor(((progress.endTime ?? progress.startTime) - progress.startTime) / 1000));
}
