import { useEffect } from "react";
import type { ExamView } from "@/lib/exam";
import { answerText, fromServer, isAnswerValue, type AnswerValue } from "./answer";
import { readStored, writeStored } from "./storage";

/**
 * The participant's place in the exam, kept in localStorage so a reload in the same browser
 * resumes exactly (SPEC §3 quizProgress_{quizId}_{participantId}). No score: the browser never
 * knows which answers are right. The server holds the same answers; this copy also covers
 * saves that had not reached it yet.
 */

type SavedAnswer = AnswerValue & {
  /** When the participant gave it; the server keeps the newest answer per question. */
  answeredAt: string;
};

export type SavedAnswers = Record<string, SavedAnswer>;

export interface StoredProgress {
  currentIndex: number;
  savedAnswers: SavedAnswers;
  timeLeft: number;
  /** The server deadline timeLeft was counted against: extra time granted since moves both. */
  deadlineAt?: string;
  quizSubmitted: boolean;
}

export interface RestoredProgress {
  answers: SavedAnswers;
  currentIndex: number;
  secondsLeft: number;
  /** Answers this browser chose that the server does not have: to be sent again. */
  unsynced: (SavedAnswer & { questionId: string })[];
}

/** Answers from the server carry no time; the earliest possible one never beats a real choice. */
const SERVER_ANSWER_TIME = new Date(0).toISOString();

export function progressKey(quizId: string, participantId: string): string {
  return `quizProgress_${quizId}_${participantId}`;
}

function isSavedAnswer(value: unknown): value is SavedAnswer {
  return isAnswerValue(value) && typeof (value as { answeredAt?: unknown }).answeredAt === "string";
}

function storedProgress(key: string): Partial<StoredProgress> {
  const stored = readStored(key);
  return stored !== null && typeof stored === "object" ? (stored as Partial<StoredProgress>) : {};
}

/**
 * Seconds left: the least of the server's count, the deadline, and this browser's own count,
 * the latter moved by however far the deadline moved since (extra time granted meanwhile).
 */
function secondsLeftFor(view: ExamView, stored: Partial<StoredProgress>): number {
  const untilDeadline = Math.floor((Date.parse(view.deadlineAt) - Date.parse(view.serverNow)) / 1000);
  const storedDeadline = typeof stored.deadlineAt === "string" ? Date.parse(stored.deadlineAt) : Number.NaN;
  const moved = Number.isNaN(storedDeadline) ? 0 : Math.round((Date.parse(view.deadlineAt) - storedDeadline) / 1000);
  const local = typeof stored.timeLeft === "number" ? stored.timeLeft + moved : Infinity;
  return Math.max(0, Math.min(view.timeLeftSeconds, untilDeadline, local));
}

/** Merges the server's attempt with what this browser kept; without an earlier attempt, starts clean. */
export function restoreProgress(key: string, view: ExamView, resuming: boolean): RestoredProgress {
  const stored = resuming ? storedProgress(key) : {};
  const answers: SavedAnswers = {};
  for (const [questionId, answer] of Object.entries(view.answers)) {
    answers[questionId] = { ...fromServer(answer), answeredAt: SERVER_ANSWER_TIME };
  }
  const unsynced: RestoredProgress["unsynced"] = [];
  const questionIds = new Set(view.questions.map((question) => question.id));
  for (const [questionId, answer] of Object.entries(stored.savedAnswers ?? {})) {
    if (!questionIds.has(questionId) || !isSavedAnswer(answer)) continue;
    const onServer = view.answers[questionId];
    if ((onServer === undefined ? undefined : answerText(fromServer(onServer))) !== answerText(answer)) unsynced.push({ questionId, ...answer });
    answers[questionId] = answer;
  }
  const storedIndex = stored.currentIndex;
  const currentIndex =
    typeof storedIndex === "number" && Number.isInteger(storedIndex) && storedIndex >= 0 && storedIndex < view.questions.length
      ? storedIndex
      : view.currentQuestionIndex;
  return { answers, currentIndex, secondsLeft: secondsLeftFor(view, stored), unsynced };
}

/** Writes the progress of the running exam whenever it changes. */
export function useExamProgress(key: string, currentIndex: number, savedAnswers: SavedAnswers, timeLeft: number, deadlineAt: string) {
  useEffect(() => {
    const progress: StoredProgress = { currentIndex, savedAnswers, timeLeft, deadlineAt, quizSubmitted: false };
    writeStored(key, progress);
  }, [key, currentIndex, savedAnswers, timeLeft, deadlineAt]);
}

export function markSubmitted(key: string) {
  writeStored(key, { ...storedProgress(key), quizSubmitted: true });
}
