import "server-only";
import type { AnswerKeysLoaded } from "@/components/admin/AnswerKeysTab";
import type { BooksLoaded } from "@/components/admin/BooksTab";
import type { AuditTabFilter } from "@/components/admin/AuditTrailTab";
import type { QuestionBank, QuestionFilter } from "@/components/admin/QuestionsTab";
import type { OverviewLoaded } from "@/components/admin/overview/OverviewTab";
import type { QuizzesAndBank } from "@/components/admin/QuizzesTab";
import type { LoadedResponse } from "@/components/admin/ResponseDetail";
import type { ResponseList } from "@/components/admin/ResponsesTab";
import { listAuditEntries, type AuditList } from "@/lib/audit";
import { endOfIndiaDay, startOfIndiaDay } from "@/lib/audit/schemas";
import type { ActiveUser } from "@/lib/auth";
import { checkLedger, trialBalance, type TrialBalanceQuery } from "@/lib/books";
import { listBlogs } from "@/lib/blog";
import { NotFound } from "@/lib/errors";
import { answerKeyQuizzes, answerKeyReview } from "@/lib/results";
import { listExtraTime, listResponses, responseDetail } from "@/lib/review";
import { activityByDay, finishedQuizzes, itemAnalysis, pendingVerifications, scoreDistribution, seatsLeft } from "@/lib/insights";
import { listPrizeClaims, prizesToRecover, type AdminPrizeClaim, type PrizeToRecover } from "@/lib/payouts";
import { listTransactionsForReview, statementMapping, type ReviewFilter, type ReviewList } from "@/lib/payments";
import { listCompetitions, listQuestions, listQuizzesForAdmin, listSubjects, questionUsage } from "@/lib/quizzes";
import { publicationPreview, resultsVersions } from "@/lib/results";
import { errorFields, log } from "@/lib/log";

/**
 * The admin panel's data, one loader per tab that shows its own error text when loading fails.
 * They log the failure and answer null, so the rest of the panel still renders.
 */
async function orNull<T>(failure: string, load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    log.error(errorFields(error), failure);
    return null;
  }
}

export function loadQuizzesAndBank(admin: ActiveUser): Promise<QuizzesAndBank | null> {
  return orNull("loading quizzes for the admin failed", async () => {
    const [quizzes, bank] = await Promise.all([listQuizzesForAdmin(admin), listQuestions(admin)]);
    return { quizzes, bank };
  });
}

export function loadQuestionBank(admin: ActiveUser, filter: QuestionFilter): Promise<QuestionBank | null> {
  return orNull("loading the question bank failed", async () => {
    const [questions, subjects, usage] = await Promise.all([listQuestions(admin, filter), listSubjects(admin), questionUsage(admin)]);
    return { questions, subjects, usage };
  });
}

export function loadResponseList(admin: ActiveUser, quizId: string | undefined): Promise<ResponseList | null> {
  return orNull("loading responses failed", async () => {
    const [quizzes, rows, extraTime, versions, preview] = await Promise.all([
      listCompetitions(admin),
      listResponses(admin, quizId),
      quizId ? listExtraTime(admin, quizId) : null,
      quizId ? resultsVersions(admin, quizId) : null,
      quizId ? publicationPreview(admin, quizId) : null,
    ]);
    return { quizzes, rows, extraTime, versions, preview };
  });
}

/**
 * The list row is loaded as well because it carries the counts (answered, focus losses,
 * recording chunks) that the detail leaves out. A response outside the quiz in the URL is
 * treated as not found, so a hand-edited link never mixes two quizzes.
 */
export async function loadResponse(admin: ActiveUser, attemptId: string, quizId: string | undefined): Promise<LoadedResponse> {
  try {
    const [detail, rows] = await Promise.all([responseDetail(admin, attemptId), listResponses(admin, quizId)]);
    const row = rows.find((candidate) => candidate.id === attemptId);
    return row ? { detail, row, extraTime: await listExtraTime(admin, row.quizId) } : "missing";
  } catch (error) {
    if (error instanceof NotFound) return "missing";
    log.error(errorFields(error), "loading a response failed");
    return "failed";
  }
}

/** The quizzes whose exam window closed, and the chosen one's key and objections. */
export function loadAnswerKeys(admin: ActiveUser, quizId: string | undefined): Promise<AnswerKeysLoaded | null> {
  return orNull("loading answer keys failed", async () => {
    const quizzes = await answerKeyQuizzes(admin);
    const chosen = quizzes.find((quiz) => quiz.id === quizId);
    return { quizzes, review: chosen ? await answerKeyReview(admin, chosen.id) : null };
  });
}

export function loadTransactionsForReview(admin: ActiveUser, filter: ReviewFilter): Promise<ReviewList | null> {
  return orNull("loading transactions for review failed", () => listTransactionsForReview(admin, filter));
}

/** The bank statement's columns the admin chose last time (reconciliation). */
export function loadStatementMapping(admin: ActiveUser) {
  return orNull("loading the statement mapping failed", () => statementMapping(admin));
}

export function loadBlogPosts(admin: ActiveUser) {
  return orNull("loading blogs for the admin failed", () => listBlogs(admin));
}

/** The trail's India days become instants: from the start of "from" to the end of "until". */
export function loadAuditTrail(admin: ActiveUser, filter: AuditTabFilter): Promise<AuditList | null> {
  return orNull("loading the audit trail failed", () =>
    listAuditEntries(admin, {
      action: filter.action,
      subjectId: filter.subjectId,
      from: filter.from ? startOfIndiaDay(filter.from) : undefined,
      until: filter.until ? endOfIndiaDay(filter.until) : undefined,
      page: filter.page,
    }),
  );
}

export function loadPrizeClaims(admin: ActiveUser): Promise<AdminPrizeClaim[] | null> {
  return orNull("loading prize claims failed", () => listPrizeClaims(admin));
}

export function loadPrizesToRecover(admin: ActiveUser): Promise<PrizeToRecover[] | null> {
  return orNull("loading prizes to recover failed", () => prizesToRecover(admin));
}

/**
 * The Overview, and one finished quiz's scores and item analysis: the one in the URL, else the
 * latest whose results are not out yet (a wrong key is worth finding then), else the latest.
 */
export function loadOverview(admin: ActiveUser, quizId: string | undefined): Promise<OverviewLoaded | null> {
  return orNull("loading the overview failed", async () => {
    const now = new Date();
    const [activity, pending, seats, finished] = await Promise.all([activityByDay(admin, now), pendingVerifications(admin, now), seatsLeft(admin, now), finishedQuizzes(admin, now)]);
    const quiz = finished.find((candidate) => candidate.id === quizId) ?? finished.find((candidate) => !candidate.resultsPublishedAt) ?? finished[0];
    const chosen = quiz ? { quiz, ...(await loadQuizAnalysis(admin, quiz.id)) } : null;
    return { activity, pending, seats, finished, chosen };
  });
}

async function loadQuizAnalysis(admin: ActiveUser, quizId: string) {
  const [scores, analysis] = await Promise.all([scoreDistribution(admin, quizId), itemAnalysis(admin, quizId)]);
  return { scores, analysis };
}

/** The Books tab: the period's trial balance and the ledger check, read side by side. */
export function loadBooks(admin: ActiveUser, query: TrialBalanceQuery): Promise<BooksLoaded | null> {
  return orNull("loading the books failed", async () => {
    const [balance, check] = await Promise.all([trialBalance(admin, query), checkLedger(admin)]);
    return { balance, check };
  });
}
