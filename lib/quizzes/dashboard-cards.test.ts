import { describe, expect, it } from "vitest";
import type { PaymentState } from "@/lib/payments/schemas";
import { arrangeDashboard, participantAction, type CardAction, type CardSchedule } from "./dashboard-cards";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 08:00 in India (02:30 UTC), so "later today" and "tomorrow" in India time are unambiguous. */
const NOW = new Date("2025-11-28T02:30:00Z");
const at = (offset: number) => new Date(NOW.getTime() + offset);

/** Registration open for another day, the exam two days away. */
function schedule(overrides: Partial<CardSchedule> = {}): CardSchedule {
  return {
    formStartAt: at(-DAY),
    formEndAt: at(DAY),
    examStartAt: at(2 * DAY),
    examEndAt: at(2 * DAY + 12 * HOUR),
    resultsPublishedAt: null,
    ...overrides,
  };
}

const notTaken = (paymentState: PaymentState) => ({ paymentState, attempt: null });
const submitted = { paymentState: "verified" as const, attempt: { submittedAt: at(-HOUR), deadlineAt: at(-HOUR / 2) } };
const examOpen = schedule({ formStartAt: at(-3 * DAY), formEndAt: at(-DAY), examStartAt: at(-HOUR), examEndAt: at(DAY) });
const examOver = schedule({ formStartAt: at(-5 * DAY), formEndAt: at(-3 * DAY), examStartAt: at(-2 * DAY), examEndAt: at(-DAY) });

describe("the action on a dashboard card", () => {
  it("asks for the fee only while registration is open, and says when it opens or that it closed", () => {
    expect(participantAction(schedule(), notTaken("not paid"), NOW)).toEqual({ kind: "pay", rejected: false });
    expect(participantAction(schedule(), notTaken("rejected"), NOW)).toEqual({ kind: "pay", rejected: true });
    const later = schedule({ formStartAt: at(DAY), formEndAt: at(2 * DAY), examStartAt: at(3 * DAY), examEndAt: at(4 * DAY) });
    expect(participantAction(later, notTaken("not paid"), NOW)).toEqual({ kind: "registration-upcoming", opensAt: at(DAY) });
    expect(participantAction(examOpen, notTaken("not paid"), NOW)).toEqual({ kind: "registration-closed" });
    expect(participantAction(examOpen, notTaken("rejected"), NOW)).toEqual({ kind: "registration-closed" });
  });

  it("offers a free-entry quiz's registration instead of the payment, then follows it as a paid one", () => {
    const free = schedule({ freeEntry: true });
    expect(participantAction(free, notTaken("not paid"), NOW)).toEqual({ kind: "register-free" });
    expect(participantAction(free, notTaken("rejected"), NOW)).toEqual({ kind: "register-free" });
    expect(participantAction(free, notTaken("verified"), NOW)).toMatchObject({ kind: "exam-upcoming" });
    expect(participantAction({ ...examOpen, freeEntry: true }, notTaken("verified"), NOW)).toEqual({ kind: "start", resume: false });
    expect(participantAction({ ...examOpen, freeEntry: true }, notTaken("not paid"), NOW)).toEqual({ kind: "registration-closed" });
    expect(arrangeDashboard([{ ...free, action: { kind: "register-free" } as CardAction }], NOW).current).toHaveLength(1);
  });

  it("waits for verification while the payment is pending", () => {
    expect(participantAction(schedule(), notTaken("pending"), NOW)).toEqual({ kind: "pending" });
    expect(participantAction(examOpen, notTaken("pending"), NOW)).toEqual({ kind: "pending" });
  });

  it("tells a verified participant when the exam opens, counting down only on the day itself (India time)", () => {
    expect(participantAction(schedule(), notTaken("verified"), NOW)).toEqual({ kind: "exam-upcoming", opensAt: at(2 * DAY), countdown: false });
    // 23:00 in India today: the same day, so it counts down.
    const tonight = schedule({ examStartAt: at(15 * HOUR), examEndAt: at(16 * HOUR) });
    expect(participantAction(tonight, notTaken("verified"), NOW)).toEqual({ kind: "exam-upcoming", opensAt: at(15 * HOUR), countdown: true });
    // 00:30 in India tomorrow: under a day away, but not today.
    const afterMidnight = schedule({ examStartAt: at(16.5 * HOUR), examEndAt: at(18 * HOUR) });
    expect(participantAction(afterMidnight, notTaken("verified"), NOW)).toMatchObject({ kind: "exam-upcoming", countdown: false });
  });

  it("offers Start only inside the exam window, and Resume for an attempt still running", () => {
    expect(participantAction(examOpen, notTaken("verified"), NOW)).toEqual({ kind: "start", resume: false });
    expect(participantAction({ ...examOpen, examStartAt: NOW }, notTaken("verified"), NOW)).toEqual({ kind: "start", resume: false });
    expect(participantAction({ ...examOpen, examEndAt: NOW }, notTaken("verified"), NOW)).toEqual({ kind: "exam-closed" });
    const running = { paymentState: "verified" as const, attempt: { submittedAt: null, deadlineAt: at(HOUR) } };
    expect(participantAction(examOpen, running, NOW)).toEqual({ kind: "start", resume: true });
    expect(participantAction(examOver, notTaken("verified"), NOW)).toEqual({ kind: "exam-closed" });
  });

  it("shows the result once the attempt is submitted or its time ran out, published or not", () => {
    expect(participantAction(examOpen, submitted, NOW)).toEqual({ kind: "result", published: false });
    const timedOut = { paymentState: "verified" as const, attempt: { submittedAt: null, deadlineAt: NOW } };
    expect(participantAction(examOpen, timedOut, NOW)).toEqual({ kind: "result", published: false });
    expect(participantAction({ ...examOver, resultsPublishedAt: at(-HOUR) }, submitted, NOW)).toEqual({ kind: "result", published: true });
  });
});

describe("the dashboard's order", () => {
  type Card = CardSchedule & { title: string; action: CardAction };
  const card = (title: string, times: CardSchedule, action: CardAction): Card => ({ title, ...times, action });
  const titles = (cards: Card[]) => cards.map((quiz) => quiz.title);

  it("puts the participant's own quizzes first (exam open, paid and ahead, awaiting results), then the others; each by exam date", () => {
    const cards = [
      card("closed, not paid", examOpen, { kind: "registration-closed" }),
      card("exam over, verified", examOver, { kind: "exam-closed" }),
      card("taken", examOpen, { kind: "result", published: false }),
      card("open, closes in 3 days", schedule({ formEndAt: at(3 * DAY), examStartAt: at(4 * DAY), examEndAt: at(5 * DAY) }), { kind: "pay", rejected: false }),
      card("verified, exam in 2 days", schedule(), { kind: "exam-upcoming", opensAt: at(2 * DAY), countdown: false }),
      card("pending, exam tomorrow", schedule({ formEndAt: at(HOUR), examStartAt: at(DAY), examEndAt: at(DAY + HOUR) }), { kind: "pending" }),
      card("verified, exam open", examOpen, { kind: "start", resume: false }),
      card("resuming, opened earlier", { ...examOpen, examStartAt: at(-2 * HOUR) }, { kind: "start", resume: true }),
      card("rejected, closes in 1 hour", schedule({ formEndAt: at(HOUR), examStartAt: at(2 * DAY + HOUR) }), { kind: "pay", rejected: true }),
      card("registration opens tomorrow", schedule({ formStartAt: at(DAY), formEndAt: at(2 * DAY), examStartAt: at(3 * DAY), examEndAt: at(4 * DAY) }), {
        kind: "registration-upcoming",
        opensAt: at(DAY),
      }),
      card("taken, window closed, results awaited", examOver, { kind: "result", published: false }),
      card("taken, published", { ...examOver, resultsPublishedAt: at(-HOUR) }, { kind: "result", published: true }),
      card("exam over long ago", schedule({ formStartAt: at(-20 * DAY), formEndAt: at(-15 * DAY), examStartAt: at(-10 * DAY), examEndAt: at(-9 * DAY) }), {
        kind: "registration-closed",
      }),
    ];
    const { current, past } = arrangeDashboard(cards, NOW);
    expect(titles(current)).toEqual([
      "resuming, opened earlier",
      "verified, exam open",
      "pending, exam tomorrow",
      "verified, exam in 2 days",
      "taken, window closed, results awaited",
      "taken",
      "rejected, closes in 1 hour",
      "registration opens tomorrow",
      "open, closes in 3 days",
    ]);
    // Most recent first.
    expect(titles(past)).toEqual(["closed, not paid", "exam over, verified", "taken, published", "exam over long ago"]);
  });

  it("puts the one quiz paid for first among 31 open for registration, whatever order they come in", () => {
    const open = Array.from({ length: 30 }, (_, index) =>
      card(`open ${index}`, schedule({ examStartAt: at((index + 1) * HOUR), examEndAt: at(DAY + 2 * DAY) }), { kind: "pay", rejected: false }),
    );
    const paid = card("paid, exam last of all", schedule({ examStartAt: at(2 * DAY), examEndAt: at(3 * DAY) }), { kind: "exam-upcoming", opensAt: at(2 * DAY), countdown: false });
    const { current } = arrangeDashboard([...open.reverse(), paid], NOW);
    expect(titles(current)).toEqual(["paid, exam last of all", ...Array.from({ length: 30 }, (_, index) => `open ${index}`)]);
  });

  it("keeps a disqualified attempt in view until the results are published, then under Past", () => {
    const integrity = { reason: "Left the exam", appeal: null };
    const awaited = arrangeDashboard([card("disqualified", examOver, { kind: "result", published: false, integrity })], NOW);
    expect(titles(awaited.current)).toEqual(["disqualified"]);
    const published = arrangeDashboard([card("disqualified", { ...examOver, resultsPublishedAt: at(-HOUR) }, { kind: "result", published: true, integrity })], NOW);
    expect(titles(published.past)).toEqual(["disqualified"]);
  });

  it("keeps an attempt still running in view after the window's end, until its own deadline", () => {
    const { current, past } = arrangeDashboard([card("running late", { ...examOpen, examEndAt: at(-HOUR) }, { kind: "start", resume: true })], NOW);
    expect(titles(current)).toEqual(["running late"]);
    expect(past).toEqual([]);
  });
});
