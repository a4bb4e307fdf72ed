import { isSameIndiaDay } from "@/lib/format";
import type { PaymentState } from "@/lib/payments/schemas";

/** The dates that decide what a dashboard card offers and where it sits. */
export interface CardSchedule {
  formStartAt: Date;
  formEndAt: Date;
  examStartAt: Date;
  examEndAt: Date;
  resultsPublishedAt: Date | null;
  /** Free entry (the free-entry model, or no fee): registering takes no payment. */
  freeEntry?: boolean;
}

/**
 * A disqualification and the participant's appeal against it: the reason while disqualified (null
 * once an upheld appeal reinstated the attempt), and the appeal with the admin's answer once decided.
 */
interface CardIntegrity {
  reason: string | null;
  appeal: { outcome: "rejected" | "upheld" | null; response: string | null } | null;
}

/** One participant's part in one quiz: their entry fee and their attempt, if any. */
export interface Participation {
  paymentState: PaymentState;
  attempt: { submittedAt: Date | null; deadlineAt: Date; integrity?: CardIntegrity | null } | null;
}

/** What the card's one action says: only what the participant can do now, or when they can. */
export type CardAction =
  | { kind: "registration-upcoming"; opensAt: Date }
  | { kind: "pay"; rejected: boolean }
  | { kind: "register-free" }
  | { kind: "registration-closed" }
  | { kind: "pending" }
  | { kind: "exam-upcoming"; opensAt: Date; countdown: boolean }
  | { kind: "start"; resume: boolean }
  | { kind: "exam-closed" }
  | { kind: "result"; published: boolean; integrity?: CardIntegrity };

export function participantAction(quiz: CardSchedule, { paymentState, attempt }: Participation, now: Date): CardAction {
  // An attempt whose deadline passed is over even before the overdue job submits it.
  if (attempt && (attempt.submittedAt || attempt.deadlineAt <= now)) {
    return { kind: "result", published: quiz.resultsPublishedAt !== null, ...(attempt.integrity ? { integrity: attempt.integrity } : {}) };
  }
  if (attempt) return { kind: "start", resume: true };
  if (paymentState === "verified") {
    if (now < quiz.examStartAt) return { kind: "exam-upcoming", opensAt: quiz.examStartAt, countdown: isSameIndiaDay(now, quiz.examStartAt) };
    return now < quiz.examEndAt ? { kind: "start", resume: false } : { kind: "exam-closed" };
  }
  if (paymentState === "pending") return { kind: "pending" };
  if (now < quiz.formStartAt) return { kind: "registration-upcoming", opensAt: quiz.formStartAt };
  if (now > quiz.formEndAt) return { kind: "registration-closed" };
  // Free entry: registering takes no payment, so no payment modal (a rejected earlier fee is moot).
  if (quiz.freeEntry) return { kind: "register-free" };
  return { kind: "pay", rejected: paymentState === "rejected" };
}

/**
 * The participant's own quizzes (exam open now, then paid and ahead, then taken and awaiting
 * results), then what else they may join; quizzes done with go to `past`.
 */
type Group = "window" | "paid" | "awaiting" | "others" | "past";

/** The dashboard's groups in view, first to last: each in exam-date order. */
const CURRENT_GROUPS: Group[] = ["window", "paid", "awaiting", "others"];

function groupOf(quiz: CardSchedule, action: CardAction, now: Date): Group {
  switch (action.kind) {
    // A late starter's attempt runs past the window's end until its own deadline.
    case "start":
      return "window";
    case "pending":
    case "exam-upcoming":
      return now < quiz.examEndAt ? "paid" : "past";
    // Until the results are out (and any appeal decided with them) the quiz is still the participant's business.
    case "result":
      return action.published ? "past" : "awaiting";
    case "pay":
    case "register-free":
    case "registration-upcoming":
      return now < quiz.examEndAt ? "others" : "past";
    case "registration-closed":
    case "exam-closed":
      return "past";
  }
}

const byExamStart = (a: CardSchedule, b: CardSchedule) => a.examStartAt.getTime() - b.examStartAt.getTime();

/**
 * The dashboard's order: the participant's own quizzes first (the exam they may take now, then
 * the paid ones still ahead, then the taken ones awaiting results), then the ones they may still
 * join; each group by exam date, soonest first. Finished quizzes go to `past`, most recent first.
 */
export function arrangeDashboard<T extends CardSchedule & { action: CardAction }>(quizzes: T[], now: Date): { current: T[]; past: T[] } {
  const inGroup = (group: Group) => quizzes.filter((quiz) => groupOf(quiz, quiz.action, now) === group);
  const current = CURRENT_GROUPS.flatMap((group) => inGroup(group).sort(byExamStart));
  const past = inGroup("past").sort((a, b) => byExamStart(b, a));
  return { current, past };
}
