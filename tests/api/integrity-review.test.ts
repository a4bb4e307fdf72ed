import { and, desc, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { POST as decideRoute } from "@/app/api/responses/[attemptId]/appeal-decision/route";
import { POST as disqualifyRoute } from "@/app/api/responses/[attemptId]/disqualify/route";
import { POST as reinstateRoute } from "@/app/api/responses/[attemptId]/reinstate/route";
import { POST as appealRoute } from "@/app/api/quizzes/[quizId]/appeal/route";
import { appeals, attempts, auditLog, focusEvents, notifications, publishedResults, quizzes, recordingChunks } from "@/db/schema";
import { loadConfig } from "@/lib/config";
import { closeDatabase, getDb } from "@/lib/db";
import { Conflict } from "@/lib/errors";
import { assertNoOpenAppeals, listResponses, myDisqualification, responseDetail } from "@/lib/review";
import { loadDashboard } from "@/lib/quizzes";
import { ALREADY_APPEALED, APPEALS_UNDECIDED, catalogued, DISQUALIFY_REASON_REQUIRED, INTEGRITY_RESULTS_PUBLISHED } from "@/lib/catalogue";
import { closedExam, submittedAttempt } from "@/tests/support/exam";
import { call } from "@/tests/support/http";
import { admin, participant } from "@/tests/support/users";

afterAll(closeDatabase);

const REASON = "Five focus losses and a second voice on the recording.";

async function disqualifiedAttempt() {
  const quiz = await closedExam();
  const user = await participant();
  const attempt = await submittedAttempt(quiz.id, user.id, 3, 100);
  const boss = await admin();
  const { status } = await call(disqualifyRoute, { as: boss, params: { attemptId: attempt.id }, json: { reason: REASON } });
  expect(status).toBe(200);
  return { quiz, user, attempt, boss };
}

async function auditOf(subjectId: string, action: string) {
  const db = await getDb();
  return db.select().from(auditLog).where(and(eq(auditLog.subjectId, subjectId), eq(auditLog.action, action))).orderBy(desc(auditLog.id));
}

async function attemptRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(attempts).where(eq(attempts.id, id));
  return row;
}

describe("the proctoring timeline", () => {
  it("takes its thresholds from the environment, with defaults", () => {
    expect(loadConfig({}).integrity).toEqual({ focusLosses: 3, fullscreenExits: 2, copyPaste: 1, recordingGapSeconds: 30 });
    const tuned = loadConfig({ INTEGRITY_FOCUS_LOSSES: "5", INTEGRITY_FULLSCREEN_EXITS: "1", INTEGRITY_COPY_PASTE: "2", INTEGRITY_RECORDING_GAP_SECONDS: "60" });
    expect(tuned.integrity).toEqual({ focusLosses: 5, fullscreenExits: 1, copyPaste: 2, recordingGapSeconds: 60 });
    expect(() => loadConfig({ INTEGRITY_FOCUS_LOSSES: "0" })).toThrow(/INTEGRITY_FOCUS_LOSSES/);
  });

  it("counts every kind in time order and flags those reaching their thresholds, in the detail and the list", async () => {
    const db = await getDb();
    const quiz = await closedExam();
    const user = await participant();
    const attempt = await submittedAttempt(quiz.id, user.id, 3, 100);
    const at = (seconds: number) => new Date(attempt.startedAt.getTime() + seconds * 1000);
    await db.insert(focusEvents).values([
      ...[10, 20, 30, 40, 50].map((seconds) => ({ attemptId: attempt.id, kind: "blur", occurredAt: at(seconds) })),
      { attemptId: attempt.id, kind: "fullscreen-exit", occurredAt: at(15) },
      { attemptId: attempt.id, kind: "paste", occurredAt: at(25), detail: "Ctrl+V" },
    ]);
    // A slice every 5 s, except none between 40 s and 80 s: one gap of 40 s.
    const slices = [0, 5, 10, 15, 20, 25, 30, 35, 40, 80, 85, 90, 95];
    await db.insert(recordingChunks).values(slices.map((seconds, sequence) => ({ attemptId: attempt.id, kind: "video" as const, sequence, objectKey: `test/${attempt.id}/${sequence}`, sizeBytes: 10, createdAt: at(seconds) })));

    const boss = await admin();
    const { proctoring } = await responseDetail(boss, attempt.id);
    const times = proctoring.events.map((event) => event.occurredAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(proctoring.events.map((event) => event.kind)).toEqual(["blur", "fullscreen-exit", "blur", "paste", "blur", "blur", "recording-gap", "blur"]);
    expect(proctoring.events.find((event) => event.kind === "recording-gap")).toMatchObject({ occurredAt: at(40), durationMs: 40_000, flaggedAs: "recording-gap" });
    expect(proctoring.counts).toEqual([
      { kind: "blur", count: 5 },
      { kind: "fullscreen-exit", count: 1 },
      { kind: "paste", count: 1 },
      { kind: "recording-gap", count: 1 },
    ]);
    // Defaults: focus losses 3, fullscreen exits 2 (one is not enough), copy/paste 1, gaps of 30 s.
    expect(proctoring.flags).toEqual([
      { kind: "focus-loss", count: 5, threshold: 3 },
      { kind: "copy-paste", count: 1, threshold: 1 },
      { kind: "recording-gap", count: 1, threshold: 30 },
    ]);

    const [row] = (await listResponses(boss, quiz.id)).filter((candidate) => candidate.id === attempt.id);
    expect(row.flags).toEqual(proctoring.flags);
  });

  it("raises no flag for a clean, fully recorded attempt", async () => {
    const db = await getDb();
    const quiz = await closedExam();
    const user = await participant();
    const attempt = await submittedAttempt(quiz.id, user.id, 3, 60);
    const at = (seconds: number) => new Date(attempt.startedAt.getTime() + seconds * 1000);
    await db.insert(focusEvents).values({ attemptId: attempt.id, kind: "blur", occurredAt: at(5) });
    await db.insert(recordingChunks).values([0, 20, 40, 59].map((seconds, sequence) => ({ attemptId: attempt.id, kind: "video" as const, sequence, objectKey: `test/${attempt.id}/${sequence}`, sizeBytes: 10, createdAt: at(seconds) })));
    const boss = await admin();
    expect((await responseDetail(boss, attempt.id)).proctoring.flags).toEqual([]);
    expect((await listResponses(boss, quiz.id)).find((row) => row.id === attempt.id)?.flags).toEqual([]);
  });
});

describe("disqualifying an attempt", () => {
  it("refuses without a written reason and changes nothing", async () => {
    const quiz = await closedExam();
    const user = await participant();
    const attempt = await submittedAttempt(quiz.id, user.id, 3, 100);
    const boss = await admin();
    for (const json of [{}, { reason: "" }, { reason: "   " }, { reason: "cheat" }]) {
      const { status, body } = await call(disqualifyRoute, { as: boss, params: { attemptId: attempt.id }, json });
      expect(status).toBe(400);
      expect(body.message).toBe(DISQUALIFY_REASON_REQUIRED);
    }
    expect((await attemptRow(attempt.id)).disqualifiedAt).toBeNull();
    expect(await auditOf(attempt.id, "attempt.disqualify")).toEqual([]);
  });

  it("is for admins only", async () => {
    const quiz = await closedExam();
    const user = await participant();
    const attempt = await submittedAttempt(quiz.id, user.id, 3, 100);
    expect((await call(disqualifyRoute, { as: user, params: { attemptId: attempt.id }, json: { reason: REASON } })).status).toBe(403);
    expect((await attemptRow(attempt.id)).disqualifiedAt).toBeNull();
  });

  it("records the reason with the state before and after, and tells the participant", async () => {
    const { attempt, boss, user } = await disqualifiedAttempt();
    const row = await attemptRow(attempt.id);
    expect(row).toMatchObject({ disqualificationReason: REASON, disqualifiedById: boss.id });
    expect(row.disqualifiedAt).toBeInstanceOf(Date);
    const [entry] = await auditOf(attempt.id, "attempt.disqualify");
    expect(entry).toMatchObject({ actorId: boss.id, subjectType: "attempt", reason: REASON });
    expect(entry.before).toMatchObject({ disqualifiedAt: null, disqualificationReason: null });
    expect(entry.after).toMatchObject({ disqualifiedById: boss.id, disqualificationReason: REASON });
    const db = await getDb();
    const mine = await db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(mine.map((notice) => notice.body).join(" ")).toContain(REASON);

    // Twice is refused; a running attempt cannot be disqualified.
    expect((await call(disqualifyRoute, { as: boss, params: { attemptId: attempt.id }, json: { reason: REASON } })).status).toBe(409);
  });

  it("is still taken after the quiz's results are published, and so is reinstating; an appeal the published results already apply is refused", async () => {
    const { quiz, user, attempt, boss } = await disqualifiedAttempt();
    const db = await getDb();
    await db.update(quizzes).set({ resultsPublishedAt: new Date() }).where(eq(quizzes.id, quiz.id));
    await db.insert(publishedResults).values({ quizId: quiz.id, answerKey: [], digest: "0".repeat(64), disqualifiedIds: [user.id] });
    const appealed = await call(appealRoute, { as: user, params: { quizId: quiz.id }, json: { text: "The second voice was my neighbour's radio." } });
    expect(appealed).toMatchObject({ status: 409, body: { message: INTEGRITY_RESULTS_PUBLISHED } });
    expect(await myDisqualification(user, quiz.id)).toMatchObject({ canAppeal: false });
    expect((await responseDetail(boss, attempt.id)).integrity).toMatchObject({ resultsPublished: true });

    expect((await call(reinstateRoute, { as: boss, params: { attemptId: attempt.id }, json: { reason: "The second voice was the invigilator." } })).status).toBe(200);
    const classmate = await participant();
    const other = await submittedAttempt(quiz.id, classmate.id, 2, 100);
    expect((await call(disqualifyRoute, { as: boss, params: { attemptId: other.id }, json: { reason: REASON } })).status).toBe(200);
    // Disqualified after the published version: this one may still be appealed, until a revision applies it.
    expect(await myDisqualification(classmate, quiz.id)).toMatchObject({ canAppeal: true });
  });

  it("can be reversed with a reason, audited", async () => {
    const { attempt, boss } = await disqualifiedAttempt();
    const reason = "The second voice was the invigilator.";
    expect((await call(reinstateRoute, { as: boss, params: { attemptId: attempt.id }, json: { reason } })).status).toBe(200);
    expect(await attemptRow(attempt.id)).toMatchObject({ disqualifiedAt: null, disqualificationReason: null });
    const [entry] = await auditOf(attempt.id, "attempt.reinstate");
    expect(entry).toMatchObject({ actorId: boss.id, reason });
    expect(entry.before).toMatchObject({ disqualificationReason: REASON });
  });
});

describe("the participant's appeal", () => {
  it("shows the participant the reason on the dashboard and the appeal page", async () => {
    const { quiz, user } = await disqualifiedAttempt();
    const dashboard = await loadDashboard(user);
    // In view among the current cards, though the exam window closed: the participant may appeal.
    const card = dashboard.quizzes.find((candidate) => candidate.id === quiz.id);
    expect(card?.action).toMatchObject({ kind: "result", integrity: { reason: REASON, appeal: null } });
    expect(await myDisqualification(user, quiz.id)).toMatchObject({ disqualification: { reason: REASON }, appeal: null, canAppeal: true });
  });

  it("is taken once; a second appeal is refused", async () => {
    const { quiz, user, attempt } = await disqualifiedAttempt();
    const text = "I was alone; the voice was my neighbour's radio.";
    expect((await call(appealRoute, { as: user, params: { quizId: quiz.id }, json: { text } })).status).toBe(201);
    const second = await call(appealRoute, { as: user, params: { quizId: quiz.id }, json: { text: "Please look again at my recording." } });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(ALREADY_APPEALED);
    const db = await getDb();
    const stored = await db.select().from(appeals).where(eq(appeals.attemptId, attempt.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ text, outcome: null });
    expect(await myDisqualification(user, quiz.id)).toMatchObject({ appeal: { text, outcome: null }, canAppeal: false });
  });

  it("is refused to anyone but the disqualified participant", async () => {
    const { quiz, attempt } = await disqualifiedAttempt();
    const stranger = await participant();
    expect((await call(appealRoute, { as: stranger, params: { quizId: quiz.id }, json: { text: "Let me appeal this on their behalf." } })).status).toBe(403);
    const classmate = await participant();
    await submittedAttempt(quiz.id, classmate.id, 1, 100);
    expect((await call(appealRoute, { as: classmate, params: { quizId: quiz.id }, json: { text: "I was not disqualified but appeal anyway." } })).status).toBe(403);
    expect((await call(appealRoute, { as: null, params: { quizId: quiz.id }, json: { text: "Anonymous appeal for someone." } })).status).toBe(401);
    const db = await getDb();
    expect(await db.select().from(appeals).where(eq(appeals.attemptId, attempt.id))).toEqual([]);
  });

  it("is decided by an admin: upheld reinstates the attempt, audited, and the participant sees the outcome", async () => {
    const { quiz, user, attempt, boss } = await disqualifiedAttempt();
    await call(appealRoute, { as: user, params: { quizId: quiz.id }, json: { text: "The voice was my neighbour's radio." } });
    const response = "The recording confirms you were alone.";
    expect((await call(decideRoute, { as: user, params: { attemptId: attempt.id }, json: { outcome: "upheld", response } })).status).toBe(403);
    expect((await call(decideRoute, { as: boss, params: { attemptId: attempt.id }, json: { outcome: "upheld", response: "" } })).status).toBe(400);
    expect((await call(decideRoute, { as: boss, params: { attemptId: attempt.id }, json: { outcome: "upheld", response } })).status).toBe(200);

    expect(await attemptRow(attempt.id)).toMatchObject({ disqualifiedAt: null, disqualificationReason: null });
    const [entry] = await auditOf(attempt.id, "appeal.decide");
    expect(entry).toMatchObject({ actorId: boss.id, reason: response });
    expect(entry.before).toMatchObject({ appealOutcome: null, disqualificationReason: REASON });
    expect(entry.after).toMatchObject({ appealOutcome: "upheld", disqualificationReason: null });
    expect(await myDisqualification(user, quiz.id)).toMatchObject({ disqualification: null, appeal: { outcome: "upheld", response }, canAppeal: false });
    const db = await getDb();
    const mine = await db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(mine.some((notice) => notice.title.startsWith("Appeal upheld"))).toBe(true);
    // Decided once: a second decision finds no open appeal.
    expect((await call(decideRoute, { as: boss, params: { attemptId: attempt.id }, json: { outcome: "rejected", response } })).status).toBe(409);
  });

  it("rejected keeps the attempt disqualified, with the admin's answer shown to the participant", async () => {
    const { quiz, user, attempt, boss } = await disqualifiedAttempt();
    await call(appealRoute, { as: user, params: { quizId: quiz.id }, json: { text: "The voice was my neighbour's radio." } });
    const response = "A second person is visible at 12:40 in the recording.";
    expect((await call(decideRoute, { as: boss, params: { attemptId: attempt.id }, json: { outcome: "rejected", response } })).status).toBe(200);
    expect(await attemptRow(attempt.id)).toMatchObject({ disqualificationReason: REASON });
    const dashboard = await loadDashboard(user);
    const card = [...dashboard.quizzes, ...dashboard.past].find((candidate) => candidate.id === quiz.id);
    expect(card?.action).toMatchObject({ integrity: { reason: REASON, appeal: { outcome: "rejected", response } } });
  });
});

describe("publishing waits for appeals", () => {
  it("assertNoOpenAppeals throws while an appeal is open, and passes once it is decided", async () => {
    const { quiz, user, attempt, boss } = await disqualifiedAttempt();
    const db = await getDb();
    await expect(assertNoOpenAppeals(db, quiz.id)).resolves.toBeUndefined();
    await call(appealRoute, { as: user, params: { quizId: quiz.id }, json: { text: "The voice was my neighbour's radio." } });
    await expect(assertNoOpenAppeals(db, quiz.id)).rejects.toThrow(new Conflict(catalogued(APPEALS_UNDECIDED)));
    await call(decideRoute, { as: boss, params: { attemptId: attempt.id }, json: { outcome: "rejected", response: "The recording shows a second person." } });
    await expect(assertNoOpenAppeals(db, quiz.id)).resolves.toBeUndefined();
  });
});
