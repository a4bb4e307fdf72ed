import "server-only";
import { gzipSync } from "node:zlib";
import type { RenderedWording } from "@/db/schema";
import { service } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { Forbidden } from "@/lib/errors";
import { message } from "@/lib/catalogue";
import { questionBank } from "./question-bank";
import { examState } from "./service";

/** The rendered texts of a quiz's questions that have any, in the bank's option order, by question id. */
export interface ExamPaper {
  version: number;
  questions: Record<string, { en: RenderedWording | null; hi: RenderedWording | null }>;
}

interface ServedPaper {
  version: number;
  /** The paper's JSON, gzipped. */
  gzip: Buffer;
}

/** A few quizzes' papers: each is the same bytes for every participant, so it is serialised and compressed once. */
const MAX_PAPERS = 16;
const served = new Map<string, ServedPaper>();

function paperOf(version: number, bank: Awaited<ReturnType<typeof questionBank>>): ServedPaper {
  const questions: ExamPaper["questions"] = {};
  for (const question of bank) {
    if (question.html || question.hi?.html) questions[question.id] = { en: question.html, hi: question.hi?.html ?? null };
  }
  const json = JSON.stringify({ version, questions } satisfies ExamPaper);
  return { version, gzip: gzipSync(json) };
}

/**
 * The formulas, tables and lists of a quiz's questions, rendered when they were saved: kept out of
 * the start response, which every participant of a hall asks for at once, and served apart as
 * one document that is the same for all of them (the start says which options of each question
 * are where). Only to a participant whose attempt has started: a paid quiz's questions are not
 * shown before.
 */
export const examPaper = service("exam.take", async (actor, quizId: string): Promise<ServedPaper> => {
  const db = await getDb();
  const state = await examState(db, actor.id, quizId);
  if (!state?.attempt) throw new Forbidden(message("notStartedQuiz"));
  const version = state.quiz.questionsVersion;
  const cached = served.get(quizId);
  if (cached?.version === version) return cached;
  const paper = paperOf(version, await questionBank(db, state.quiz));
  served.delete(quizId);
  served.set(quizId, paper);
  if (served.size > MAX_PAPERS) served.delete(served.keys().next().value!);
  return paper;
});
