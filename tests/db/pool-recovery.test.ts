import { Client } from "pg";
import { afterAll, expect, inject, it } from "vitest";
import { databaseStatus, openDatabase } from "@/lib/db";

const applicationName = `pool-recovery-${process.pid}`;
const connection = openDatabase(`${inject("databaseUrl")}?application_name=${applicationName}`, 3);

afterAll(() => connection.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it("evicts idle connections the server ended, connects anew for the next query, and records the outage and the recovery", async () => {
  const { pool } = connection;
  await Promise.all([1, 2, 3].map(() => pool.query("select pg_sleep(0.05)")));
  expect(pool.idleCount).toBe(3);
  expect(databaseStatus().reachable).toBe(true);

  // As a restarting server does: every connection of this pool is ended by the server.
  const admin = new Client({ connectionString: inject("databaseUrl") });
  await admin.connect();
  try {
    await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1", [applicationName]);
  } finally {
    await admin.end();
  }
  for (let waited = 0; pool.idleCount > 0 && waited < 5000; waited += 20) await pause(20);
  expect(pool.idleCount).toBe(0);
  expect(databaseStatus()).toMatchObject({ reachable: false, problem: "57P01" });

  const { rows } = await pool.query("select 1 as one");
  expect(rows).toEqual([{ one: 1 }]);
  expect(databaseStatus()).toMatchObject({ reachable: true, downForMs: 0 });
});
