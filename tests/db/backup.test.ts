import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { attempts, contactMessages, focusEvents, transactions } from "@/db/schema";
import { backupDatabase, restoreDatabase } from "@/lib/backup";
import { writeLogicalBackup } from "@/lib/backup/logical";
import { openDatabase, violatedConstraint, type DatabaseConnection } from "@/lib/db";
import { prepareDatabase } from "@/lib/seed";
import { createQuiz, createUser } from "../support/factories";
import { createDatabase, dropDatabase } from "../support/test-server";

const adminUrl = inject("adminDatabaseUrl");
const cleanups: (() => Promise<void>)[] = [];
let scratchDirectory = "";
let source: DatabaseConnection;
let sourceUrl = "";

/** Backups and restores run on the owner's login (`url`), as `npm run db:backup` and `db:restore` do; the app on its own. */
async function scratchDatabase(): Promise<{ url: string; connection: DatabaseConnection; app: DatabaseConnection }> {
  const database = await createDatabase(adminUrl);
  const connection = openDatabase(database.ownerUrl, 2);
  const app = openDatabase(database.url, 1);
  cleanups.push(async () => {
    await app.close();
    await connection.close();
    await dropDatabase(adminUrl, database.name);
  });
  return { url: database.ownerUrl, connection, app };
}

/** Row count and a digest of every row of every table in public and drizzle. */
async function snapshot(connection: DatabaseConnection) {
  const tables = await connection.db.execute<{ name: string }>(
    sql`select format('%I.%I', table_schema, table_name) as name from information_schema.tables
         where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  const result: Record<string, { rows: number; digest: string | null }> = {};
  for (const { name } of tables.rows) {
    const { rows } = await connection.db.execute<{ rows: number; digest: string | null }>(
      sql.raw(`select count(*)::int as rows, md5(string_agg(t::text, '|' order by t::text)) as digest from ${name} t`),
    );
    result[name] = rows[0];
  }
  return result;
}

// Its own database rather than the run's shared one, which other test files change meanwhile.
beforeAll(async () => {
  scratchDirectory = await mkdtemp(path.join(os.tmpdir(), "olympiad-backup-"));
  const database = await createDatabase(adminUrl);
  sourceUrl = database.ownerUrl;
  source = openDatabase(database.ownerUrl, 2);
  await prepareDatabase(source.pool);

  const participant = await createUser(source.db);
  const quiz = await createQuiz(source.db);
  const [attempt] = await source.db
    .insert(attempts)
    .values({ participantId: participant.id, quizId: quiz.id, shuffleSeed: 7, deadlineAt: new Date(Date.now() + 3_600_000), timeLeftSeconds: 600 })
    .returning();
  await source.db.insert(focusEvents).values([
    { attemptId: attempt.id, kind: "blur", occurredAt: new Date() },
    { attemptId: attempt.id, kind: "paste", occurredAt: new Date(), detail: "tab\there" },
  ]);
  await source.db.insert(transactions).values({
    userId: participant.id,
    type: "credit",
    status: "verified",
    amountPaise: 10_000,
    reason: "Wallet top-up",
  });
  await source.db.insert(contactMessages).values({
    name: "Ünïcode 名前",
    email: "escapes@example.test",
    subject: "Characters COPY escapes",
    message: "line one\n\\.\nback\\slash\r\nand a tab\t",
  });
}, 60_000);

afterAll(async () => {
  await source?.close();
  if (sourceUrl) await dropDatabase(adminUrl, sourceUrl.split("/").pop()!);
  await rm(scratchDirectory, { recursive: true, force: true });
});

afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function expectFaithfulRestore(file: string) {
  const target = await scratchDatabase();
  await restoreDatabase(target.url, file);
  expect(await snapshot(target.connection)).toEqual(await snapshot(source));

  // The app's login may use the restored tables, sequences continue after the restored rows, and
  // verified transactions are still final.
  const [event] = await target.app.db.select({ id: focusEvents.id }).from(focusEvents).orderBy(sql`id desc`).limit(1);
  const [inserted] = await target.app.db
    .insert(focusEvents)
    .values({ attemptId: (await target.app.db.select().from(attempts))[0].id, kind: "blur", occurredAt: new Date() })
    .returning();
  expect(inserted.id).toBeGreaterThan(event.id);
  const refused = await target.app.db
    .update(transactions)
    .set({ amountPaise: 1 })
    .where(eq(transactions.status, "verified"))
    .then(() => undefined, (error: unknown) => violatedConstraint(error));
  expect(refused).toBe("transactions_verified_is_final");
}

describe("database backups", () => {
  it("restore into a fresh database with the same rows in every table", async () => {
    const file = path.join(scratchDirectory, "auto-backup");
    const backup = await backupDatabase(sourceUrl, file);
    expect(backup.bytes).toBeGreaterThan(0);
    await expectFaithfulRestore(file);
  });

  it("in the built-in format too, which needs no pg_dump", async () => {
    const file = path.join(scratchDirectory, "built-in.copy.gz");
    await writeLogicalBackup(sourceUrl, file);
    await expectFaithfulRestore(file);
  });

  it("refuse to restore into a database that has tables, and change nothing there", async () => {
    const chosenFormat = path.join(scratchDirectory, "refused-backup");
    const builtIn = path.join(scratchDirectory, "refused-backup.copy.gz");
    await backupDatabase(sourceUrl, chosenFormat);
    await writeLogicalBackup(sourceUrl, builtIn);
    const before = await snapshot(source);
    for (const file of [chosenFormat, builtIn]) {
      await expect(restoreDatabase(sourceUrl, file)).rejects.toThrow(/is not empty/);
    }
    expect(await snapshot(source)).toEqual(before);
  });
});
