import { sql } from "drizzle-orm";
import { afterEach, describe, expect, inject, it } from "vitest";
import { openDatabase, type DatabaseConnection, migrateDatabase } from "@/lib/db";
import { prepareDatabase, seedDatabase } from "@/lib/seed";
import { createDatabase, dropDatabase } from "../support/test-server";

const adminUrl = inject("adminDatabaseUrl");
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A new database on its owner's login: migrations and the seed change the schema. */
async function scratchDatabase(): Promise<DatabaseConnection> {
  const database = await createDatabase(adminUrl);
  const connection = openDatabase(database.ownerUrl, 2);
  cleanups.push(async () => {
    await connection.close();
    await dropDatabase(adminUrl, database.name);
  });
  return connection;
}

/** Row count and a digest of every row of every table: equal snapshots mean nothing changed. */
async function snapshot(connection: DatabaseConnection) {
  const tables = await connection.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  const result: Record<string, { rows: number; digest: string | null }> = {};
  for (const { table_name } of tables.rows) {
    const { rows } = await connection.db.execute<{ rows: number; digest: string | null }>(
      sql`select count(*)::int as rows, md5(string_agg(t::text, '|' order by t::text)) as digest from ${sql.identifier(table_name)} t`,
    );
    result[table_name] = rows[0];
  }
  return result;
}

describe("migrations and seed", () => {
  it("apply from an empty database and can be run again", async () => {
    const connection = await scratchDatabase();
    await migrateDatabase(connection.pool);
    const first = await snapshot(connection);
    expect(Object.keys(first)).toEqual(
      expect.arrayContaining(["users", "quizzes", "questions", "attempts", "attempt_answers", "transactions", "blogs"]),
    );

    await migrateDatabase(connection.pool);
    expect(await snapshot(connection)).toEqual(first);
    const applied = await connection.db.execute<{ count: number }>(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    expect(applied.rows[0].count).toBeGreaterThan(0);
  });

  it("seeds the demo data once, and a second run changes nothing", async () => {
    const connection = await scratchDatabase();
    await prepareDatabase(connection.pool);
    const seeded = await snapshot(connection);
    expect(seeded.users.rows).toBe(1);
    expect(seeded.quizzes.rows).toBe(5);
    expect(seeded.questions.rows).toBe(56);
    expect(seeded.quiz_questions.rows).toBe(56);
    expect(seeded.quiz_sections.rows).toBe(3);
    expect(seeded.blogs.rows).toBeGreaterThanOrEqual(8);
    // The default table, and the free-entry quiz's own three sponsored prizes.
    expect(seeded.prize_tiers.rows).toBe(7);

    await seedDatabase(connection.db);
    await prepareDatabase(connection.pool);
    expect(await snapshot(connection)).toEqual(seeded);
  });

  it("gives the seeded questions of an earlier seed their Hindi versions, but not one an admin has edited", async () => {
    const connection = await scratchDatabase();
    await prepareDatabase(connection.pool);
    const hindiCount = async () => (await connection.db.execute<{ count: number }>(sql`select count(*)::int as count from questions where text_hi is not null`)).rows[0].count;
    expect(await hindiCount()).toBe(56);
    await connection.db.execute(sql`update questions set text_hi = null, options_hi = null`);
    await connection.db.execute(sql`update questions set text = text || ' (edited)' where text = 'What is 15% of 240?'`);

    await seedDatabase(connection.db);
    expect(await hindiCount()).toBe(55);
    const { rows } = await connection.db.execute<{ text_hi: string | null }>(sql`select text_hi from questions where text = 'Which planet is known as the Red Planet?'`);
    expect(rows).toEqual([{ text_hi: "किस ग्रह को लाल ग्रह कहा जाता है?" }]);
  });

  it("seeds one admin, a free demo quiz, a paid quiz of 500 rupees for certificates, a free quiz with sponsored prizes, and papers in the IOQM (free) and NSEP (paid, certificates) formats, lawful as seeded", async () => {
    const connection = await scratchDatabase();
    await prepareDatabase(connection.pool);
    const { rows: admins } = await connection.db.execute<{ email: string; role: string }>(sql`select email, role from users`);
    expect(admins).toEqual([{ email: "admin@olympiad.local", role: "admin" }]);
    const { rows: quizzes } = await connection.db.execute<{ is_demo: boolean; contest_model: string; entry_fee_paise: number; prize_money_paise: number; questions: number; cash_tiers: number }>(
      sql`select q.is_demo, q.contest_model, q.entry_fee_paise, q.prize_money_paise, count(qq.*)::int as questions,
                 (select count(*)::int from prize_tiers pt where pt.quiz_id = q.id and pt.kind = 'cash') as cash_tiers
          from quizzes q join quiz_questions qq on qq.quiz_id = q.id group by q.id order by q.is_demo desc, q.entry_fee_paise desc, q.prize_money_paise desc`,
    );
    expect(quizzes).toEqual([
      { is_demo: true, contest_model: "free_entry", entry_fee_paise: 0, prize_money_paise: 0, questions: 10, cash_tiers: 0 },
      { is_demo: false, contest_model: "paid_certificates", entry_fee_paise: 50_000, prize_money_paise: 0, questions: 25, cash_tiers: 0 },
      { is_demo: false, contest_model: "paid_certificates", entry_fee_paise: 10_000, prize_money_paise: 0, questions: 5, cash_tiers: 0 },
      { is_demo: false, contest_model: "free_entry", entry_fee_paise: 0, prize_money_paise: 1_000_000, questions: 10, cash_tiers: 3 },
      { is_demo: false, contest_model: "free_entry", entry_fee_paise: 0, prize_money_paise: 0, questions: 6, cash_tiers: 0 },
    ]);
    // IOQM: one section of typed whole numbers worth 2, 3 or 5; NSEP: single correct +3/−1, one or more correct +6 all or nothing.
    const { rows: sections } = await connection.db.execute<{ name: string; marks: string; own: string[] }>(
      sql`select s.name, s.marks_correct || '/' || s.marks_wrong || '/' || coalesce(s.marks_partial::text, 'all or nothing') as marks,
                 array_agg(coalesce(qq.marks_correct, s.marks_correct)::text || ' ' || q.answer_type order by qq.position) as own
          from quiz_sections s join quiz_questions qq on qq.section_id = s.id join questions q on q.id = qq.question_id
          group by s.id order by s.name`,
    );
    expect(sections).toEqual([
      { name: "Integer answers (00–99)", marks: "2.00/0.00/all or nothing", own: ["2.00 integer", "2.00 integer", "3.00 integer", "3.00 integer", "5.00 integer", "5.00 integer"] },
      { name: "Part A · Single correct", marks: "3.00/1.00/all or nothing", own: ["3.00 single", "3.00 single", "3.00 single"] },
      { name: "Part B · One or more correct", marks: "6.00/0.00/all or nothing", own: ["6.00 multiple", "6.00 multiple"] },
    ]);
    // Whatever CASH_PRIZES_ALLOWED says, no seeded quiz takes a fee for a chance of money.
    expect(quizzes.some((quiz) => quiz.contest_model === "paid_cash")).toBe(false);
  });
});
