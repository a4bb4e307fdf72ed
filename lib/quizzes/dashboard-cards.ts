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

type Group = "open" | "paid" | "announced" | "taken" | "past";

/** The dashboard's groups in view, first to last, each with the date that orders its cards. */
const CURRENT_GROUPS: [Group, (quiz: CardSchedule) => Date][] = [
  ["open", (quiz) => quiz.formEndAt],
  ["paid", (quiz) => quiz.examStartAt],
  ["announced", (quiz) => quiz.formStartAt],
  ["taken", (quiz) => quiz.examStartAt],
];

function groupOf(quiz: CardSchedule, action: CardAction, now: Date): Group {
  // A late starter's attempt runs past the window's end until its own deadline.
  if (action.kind === "start" && action.resume) return "paid";
  // A disqualification the participant may still appeal stays in view, not folded under Past.
  if (action.kind === "result" && action.integrity?.reason && !action.published) return "taken";
  if (now >= quiz.examEndAt) return "past";
  switch (action.kind) {
    case "pay":
    case "register-free":
      return "open";
    case "pending":
    case "exam-upcoming":
    case "start":
      return "paid";
    case "registration-upcoming":
      return "announced";
    case "result":
      return "taken";
    case "registration-closed":
    case "exam-closed":
      return "past";
  }
}

/**
 * The dashboard's order: what the participant can pay for (closing soonest first), then what
 * they paid for and is still ahead, then quizzes not open for registration yet, then ones taken
 * while the window is still open. Closed and finished quizzes go to `past`, most recent first.
 */
export function arrangeDashboard<T extends CardSchedule & { action: CardAction }>(quizzes: T[], now: Date): { current: T[]; past: T[] } {
  const inGroup = (group: Group) => quizzes.filter((quiz) => groupOf(quiz, quiz.action, now) === group);
  const current = CURRENT_GROUPS.flatMap(([group, orderBy]) => inGroup(group).sort((a, b) => orderBy(a).getTime() - orderBy(b).getTime()));
  const past = inGroup("past").sort((a, b) => b.examStartAt.getTime() - a.examStartAt.getTime());
  return { current, past };
}
