import { execFile } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { GET as auditTrail } from "@/app/api/audit/route";
import { attempts, auditLog, quizQuestions, transactions } from "@/db/schema";
import { changeRole } from "@/lib/accounts";
import { checkAuditChain, type ChainCheck } from "@/lib/audit";
import { indiaToday } from "@/lib/accounts/eligibility";
import type { ActiveUser } from "@/lib/auth";
import { closeDatabase, getDb, violatedConstraint, type DatabaseTransaction } from "@/lib/db";
import { Conflict } from "@/lib/errors";
import { refundPayment, reviewTransaction, submitEntryFee } from "@/lib/payments";
import { updateQuestion } from "@/lib/quizzes";
import { createQuestion, createQuiz } from "../support/factories";
import { markPaid } from "../support/exam";
import { call } from "../support/http";
import { asInsider } from "../support/insider";
import { asOwner } from "../support/owner";
import { admin, participant } from "../support/users";
import { adult, openRegistration, receivedOnStatement, uploadProof } from "../support/wallet";

afterAll(closeDatabase);

async function entriesFor(subjectId: string) {
  const db = await getDb();
  return db.select().from(auditLog).where(eq(auditLog.subjectId, subjectId));
}

async function payByUpi(user: ActiveUser, quizId: string) {
  return submitEntryFee(user, { quizId, proofUploadId: await uploadProof(user), payeeName: user.name, paymentReference: String(randomBytes(6).readUIntBE(0, 6) % 1_000_000_000_000).padStart(12, "0") });
}

/** The error a statement meets on the schema owner's login (the app's own holds no UPDATE, DELETE or TRUNCATE here at all). */
async function refusal(statement: ReturnType<typeof sql>): Promise<unknown> {
  return asOwner((tx) => tx.execute(statement)).then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe("the audit_log table", () => {
  it("refuses UPDATE, DELETE and TRUNCATE with audit_log_append_only, even to the schema's owner, so an entry stays as written", async () => {
    const [boss, user] = [await admin(), await participant()];
    await changeRole(boss, user.id, "admin");
    const [entry] = await entriesFor(user.id);
    expect(entry).toBeDefined();

    for (const statement of [
      sql`update audit_log set reason = 'rewritten' where id = ${entry.id}`,
      sql`delete from audit_log where id = ${entry.id}`,
      sql`truncate audit_log`,
    ]) {
      const error = await refusal(statement);
      expect(error).toBeDefined();
      expect(violatedConstraint(error)).toBe("audit_log_append_only");
    }
    expect(await entriesFor(user.id)).toEqual([entry]);
  });
});

describe("decisions that write one audit entry in their own transaction", () => {
  it("verifying an entry fee records payment.verify by the admin, from pending to verified", async () => {
    const [user, reviewer, quiz] = [await adult(), await admin(), await openRegistration({ entryFeePaise: 20_000 })];
    const payment = await payByUpi(user, quiz.id);
    await reviewTransaction(reviewer, payment.id, "verified");

    const entries = await entriesFor(payment.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: reviewer.id,
      action: "payment.verify",
      subjectType: "payment",
      before: { status: "pending", amountPaise: 20_000, userId: user.id, quizId: quiz.id, reviewedById: null },
      after: { status: "verified", amountPaise: 20_000, reviewedById: reviewer.id },
    });
  });

  it("rejecting records payment.reject; a refused decision records nothing", async () => {
    const [user, reviewer, quiz] = [await adult(), await admin(), await openRegistration()];
    const payment = await payByUpi(user, quiz.id);
    await reviewTransaction(reviewer, payment.id, "rejected");
    const entries = await entriesFor(payment.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: reviewer.id, action: "payment.reject", before: { status: "pending" }, after: { status: "rejected" } });

    await reviewTransaction(reviewer, payment.id, "verified");
    await expect(reviewTransaction(reviewer, payment.id, "rejected")).rejects.toThrow(Conflict);
    expect((await entriesFor(payment.id)).map((row) => row.action).toSorted()).toEqual(["payment.reject", "payment.verify"]);
  });

  it("refunding a duplicate entry fee records payment.refund with the reason and the refund's id", async () => {
    const [user, reviewer, quiz] = [await adult(), await admin(), await openRegistration({ entryFeePaise: 50_000 })];
    const first = await payByUpi(user, quiz.id);
    await reviewTransaction(reviewer, first.id, "rejected");
    const second = await payByUpi(user, quiz.id);
    const db = await getDb();
    await db.update(transactions).set({ status: "verified", reviewedById: reviewer.id, reviewedAt: new Date() }).where(eq(transactions.id, first.id));

    await receivedOnStatement(reviewer, second);
    const credit = await refundPayment(reviewer, second.id, "Paid twice");
    const entries = await entriesFor(second.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: reviewer.id,
      action: "payment.refund",
      subjectType: "payment",
      reason: "Paid twice",
      before: { status: "pending", amountPaise: 50_000, refundId: null },
      after: { status: "rejected", amountPaise: 50_000, refundId: credit.id },
    });
  });

  it("changing a role records user.role with the old and new role; a change to the same role records nothing", async () => {
    const [boss, user] = [await admin(), await participant()];
    await changeRole(boss, user.id, "admin");
    await changeRole(boss, user.id, "admin");
    const entries = await entriesFor(user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: boss.id, action: "user.role", subjectType: "user", before: { role: "participant" }, after: { role: "admin" } });
  });

  it("editing a question of a quiz with participants records question.update with the row before and after", async () => {
    const [author, user] = [await admin(), await adult()];
    const db = await getDb();
    const [paidFor, unpaid] = [await createQuiz(db), await createQuiz(db)];
    const [used, quiet] = [await createQuestion(db, { text: "What is 3 + 3?" }), await createQuestion(db)];
    await db.insert(quizQuestions).values([
      { quizId: paidFor.id, questionId: used.id, position: 0 },
      { quizId: unpaid.id, questionId: quiet.id, position: 0 },
    ]);
    await markPaid(user, paidFor.id);

    const input = { text: "What is 3 + 4?", subject: "Mathematics", options: ["6", "7", "8", "9"] as [string, string, string, string], correctOptionIndex: 1 };
    await updateQuestion(author, used.id, input);
    await updateQuestion(author, quiet.id, input);

    const entries = await entriesFor(used.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: author.id,
      action: "question.update",
      subjectType: "question",
      before: { text: "What is 3 + 3?", options: used.options, correctOptionIndex: used.correctOptionIndex, quizIds: [paidFor.id] },
      after: { text: "What is 3 + 4?", options: ["6", "7", "8", "9"], correctOptionIndex: 1, quizIds: [paidFor.id] },
    });
    expect(await entriesFor(quiet.id)).toEqual([]);

    // Once someone started the quiz the question is locked: no change, so no entry.
    await db.insert(attempts).values({ quizId: paidFor.id, participantId: user.id, shuffleSeed: 1, timeLeftSeconds: 600, deadlineAt: new Date(Date.now() + 3_600_000) });
    await expect(updateQuestion(author, used.id, { ...input, text: "Changed again?" })).rejects.toThrow(Conflict);
    expect(await entriesFor(used.id)).toHaveLength(1);
  });
});

describe("GET /api/audit", () => {
  it("is for admins: 401 for a visitor, 403 for a participant", async () => {
    expect((await call(auditTrail)).status).toBe(401);
    expect((await call(auditTrail, { as: await participant() })).status).toBe(403);
  });

  it("filters by action, subject, actor and India days, newest first, with the actor's name", async () => {
    const [boss, other, user] = [await admin(), await admin(), await participant()];
    await changeRole(boss, user.id, "admin");
    await changeRole(other, user.id, "participant");
    const get = (query: string) => call(auditTrail, { as: boss, url: `/api/audit?${query}` });

    const bySubject = await get(`subjectId=${user.id}`);
    expect(bySubject.status).toBe(200);
    expect(bySubject.body).toMatchObject({ total: 2, page: 1, pageCount: 1 });
    const rows = bySubject.body.rows as Array<Record<string, unknown>>;
    expect(rows.map((row) => row.actorName)).toEqual([other.name, boss.name]);
    expect(rows[0]).toMatchObject({ action: "user.role", subjectType: "user", actorEmail: other.email, before: { role: "admin" }, after: { role: "participant" } });

    expect((await get(`subjectId=${user.id}&actorId=${boss.id}`)).body).toMatchObject({ total: 1, rows: [{ actorName: boss.name }] });
    expect((await get(`subjectId=${user.id}&actorEmail=${encodeURIComponent(other.email.toUpperCase())}`)).body).toMatchObject({ total: 1, rows: [{ actorName: other.name }] });
    expect((await get(`subjectId=${user.id}&action=payment.verify`)).body).toMatchObject({ total: 0, rows: [] });
    expect((await get(`subjectId=${user.id}&action=user.role&subjectType=user`)).body).toMatchObject({ total: 2 });

    const today = indiaToday();
    expect((await get(`subjectId=${user.id}&from=${today}&until=${today}`)).body).toMatchObject({ total: 2 });
    expect((await get(`subjectId=${user.id}&until=2020-01-01`)).body).toMatchObject({ total: 0 });
    expect((await get(`subjectId=${user.id}&from=2999-01-01`)).body).toMatchObject({ total: 0 });
  });

  it("refuses malformed filters with 400", async () => {
    const boss = await admin();
    for (const query of ["from=2026-02-31", "until=yesterday", "page=0", "actorId=not-a-uuid"]) {
      expect((await call(auditTrail, { as: boss, url: `/api/audit?${query}` })).status, query).toBe(400);
    }
  });
});

/** `npm run audit:check` itself, on this run's database. */
async function auditCheckScript(): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(path.resolve("node_modules/.bin/tsx"), ["--conditions=react-server", "scripts/audit-check.ts"], {
      env: { ...process.env, DATABASE_URL: inject("databaseUrl") },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, output: failure.stdout + failure.stderr };
  }
}

describe("the audit trail's chain (issue 52)", () => {
  it("links every entry the app writes, so `npm run audit:check` finds the trail intact", async () => {
    const [boss, user] = [await admin(), await participant()];
    await changeRole(boss, user.id, "admin");
    const [entry] = await entriesFor(user.id);
    expect(entry.chainHmac).toMatch(/^[\w-]{43}$/);
    const check = await checkAuditChain(boss);
    expect(check.broken).toBeUndefined();
    expect(check.chained).toBeGreaterThan(0);
    const script = await auditCheckScript();
    expect(script.output).toMatch(/^Audit trail intact: \d+ entries chained/m);
    expect(script.code).toBe(0);
  }, 60_000);

  it("names the first entry written with the database login alone, or changed by the owner, and links made at once by two admins stay one chain", async () => {
    const [boss, other, user, second] = [await admin(), await admin(), await participant(), await participant()];
    await Promise.all([changeRole(boss, user.id, "admin"), changeRole(other, second.id, "admin")]);
    expect((await checkAuditChain(boss)).broken).toBeUndefined();

    // Each in a transaction that is rolled back: the run's other files share this trail.
    const inRolledBack = async (transaction: (work: (tx: DatabaseTransaction) => Promise<void>) => Promise<void>, change: (tx: DatabaseTransaction) => Promise<number>) => {
      let outcome: { id: number; check: ChainCheck } | undefined;
      await transaction(async (tx) => {
        const id = await change(tx);
        outcome = { id, check: await checkAuditChain(boss, tx) };
        tx.rollback();
      }).catch((error: unknown) => {
        if (!(error instanceof Error && error.message === "Rollback")) throw error;
      });
      return outcome!;
    };
    const db = await getDb();
    const minted = await inRolledBack(
      (work) => db.transaction(work),
      async (tx) => {
        const [row] = await tx
          .insert(auditLog)
          .values({ actorId: boss.id, action: "payment.verify", subjectType: "payment", subjectId: randomUUID(), createdAt: new Date(), chainHmac: "x".repeat(43) })
          .returning({ id: auditLog.id });
        return row.id;
      },
    );
    expect(minted.check.broken).toEqual({ id: minted.id, why: "its HMAC does not match its content and the entry before it: written or changed outside the app" });

    const [granted] = await entriesFor(user.id);
    const rewritten = await inRolledBack(
      (work) => asInsider(work),
      async (tx) => {
        await tx.execute(sql`update audit_log set reason = 'rewritten' where id = ${granted.id}`);
        return granted.id;
      },
    );
    expect(rewritten.check.broken).toEqual({ id: granted.id, why: "its HMAC does not match its content and the entry before it: written or changed outside the app" });
  });
});
