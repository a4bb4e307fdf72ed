import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { GET as listFiles } from "@/app/api/files/route";
import { GET as listBlogs } from "@/app/api/getblogs/route";
import { POST as login } from "@/app/api/login/route";
import { GET as metricsRoute } from "@/app/api/metrics/route";
import { POST as start } from "@/app/api/exam/[quizId]/start/route";
import { users } from "@/db/schema";
import { closeDatabase, getDb, openDatabase } from "@/lib/db";
import { route } from "@/lib/http";
import { log, routeConsoleToLog } from "@/lib/log";
import { markPaid, openExam } from "../support/exam";
import { call } from "../support/http";
import { participant, TEST_PASSWORD } from "../support/users";

afterAll(closeDatabase);

const TOKEN = "metrics-token-for-tests";

/** The JSON lines the logger writes while `work` runs, at info level. */
async function logLines(work: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const destination = (log as unknown as Record<symbol, { write(line: string): boolean }>)[pino.symbols.streamSym];
  const original = destination.write;
  const lines: string[] = [];
  const level = log.level;
  destination.write = (line: string) => lines.push(line) > 0;
  log.level = "info";
  try {
    await work();
  } finally {
    destination.write = original;
    log.level = level;
  }
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("request ids and logs", () => {
  it("answers with the request's id, keeping one a proxy gave and making one otherwise", async () => {
    const given = await call(login, { json: { email: "nobody@example.test", password: "wrong-password" }, headers: { "x-request-id": "nginx-1234abcd", "x-forwarded-for": "10.30.0.1" } });
    expect(given.response.headers.get("x-request-id")).toBe("nginx-1234abcd");
    const made = await call(login, { json: {}, headers: { "x-request-id": "not acceptable!" } });
    expect(made.response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("tells caches that answers are the caller's own and depend on their language and cookie, unless a handler chose otherwise", async () => {
    const varyTokens = (response: Response) => (response.headers.get("vary") ?? "").split(",").map((token) => token.trim().toLowerCase());
    for (const { response } of [await call(listBlogs), await call(listFiles), await call(login, { json: {} })]) {
      expect(response.headers.get("cache-control"), response.url).toBe("private, no-store");
      expect(varyTokens(response)).toEqual(expect.arrayContaining(["accept-language", "cookie"]));
    }
    const ownPolicy = route({ can: "health.ping", does: "Answers with a public policy of its own" }, async () =>
      new Response("public", { headers: { "cache-control": "public, max-age=60", vary: "Origin" } }),
    );
    const { response } = await call(ownPolicy);
    expect(response.headers.get("cache-control")).toBe("public, max-age=60");
    expect(varyTokens(response)).toEqual(expect.arrayContaining(["origin", "accept-language", "cookie"]));
  });

  it("logs one JSON line per request with its id, and never the password or the email", async () => {
    const user = await participant();
    const lines = await logLines(() => call(login, { json: { email: user.email, password: TEST_PASSWORD }, headers: { "x-request-id": "req-login-5678", "x-forwarded-for": "10.30.0.2" } }));
    expect(lines).toContainEqual(expect.objectContaining({ level: "info", requestId: "req-login-5678", method: "POST", status: 200, msg: "request" }));
    const written = JSON.stringify(lines);
    expect(written).not.toContain(TEST_PASSWORD);
    expect(written).not.toContain(user.email);
  });

  it("redacts secrets that a careless log call passes in", async () => {
    const lines = await logLines(async () => log.info({ user: { email: "asha@example.test", password: "hunter22" }, token: "abc" }, "careless"));
    expect(lines[0]).toMatchObject({ user: { email: "[redacted]", password: "[redacted]" }, token: "[redacted]" });
  });
});

describe("/api/metrics", () => {
  it("wants the bearer token", async () => {
    expect((await call(metricsRoute)).status).toBe(401);
    expect((await call(metricsRoute, { headers: { authorization: "Bearer wrong-token-of-length" } })).status).toBe(401);
  });

  it("reports requests by route, exam starts and the start line's pace, the job queues and the database pool in Prometheus text", async () => {
    const { quiz } = await openExam();
    const user = await participant();
    await markPaid(user, quiz.id);
    expect((await call(start, { as: user, params: { quizId: quiz.id }, url: `/api/exam/${quiz.id}/start`, method: "POST" })).status).toBe(200);

    const scraped = await call(metricsRoute, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scraped.status).toBe(200);
    expect(scraped.response.headers.get("content-type")).toContain("text/plain");
    const text = await scraped.response.text();
    expect(text).toMatch(/olympiad_http_requests_total\{route="\/api\/exam\/:id\/start",method="POST",status="200"\} 1/);
    expect(text).toMatch(/olympiad_http_request_duration_seconds_bucket\{le="[\d.]+",route="\/api\/exam\/:id\/start",method="POST"\}/);
    expect(text).toMatch(/olympiad_exam_starts_total [1-9]/);
    expect(text).toMatch(/olympiad_exam_start_pace [1-9]\d*(\.\d+)?\n/);
    expect(text).toMatch(/olympiad_exam_answer_saves_total \d+/);
    expect(text).toMatch(/olympiad_exam_submissions_total \d+/);
    expect(text).toMatch(/olympiad_job_queue_jobs\{queue="mail.send",state="failed"\} \d+/);
    expect(text).toMatch(/olympiad_db_pool_connections\{state="total"\} [1-9]/);
    expect(text).toContain("olympiad_process_resident_memory_bytes");
  });
});

describe("database errors in logs", () => {
  /** A route through the real wrapper whose handler runs `query`, logged at error level when it fails. */
  const failing = (query: () => Promise<unknown>) => route({ can: "quizzes.browse", does: "Runs a query that fails" }, async () => (await query(), {}));

  it("logs a unique violation by its code, table and constraint, never the value that collided", async () => {
    const [user, other] = [await participant(), await participant()];
    const marker = `marker-${randomUUID()}`;
    const handler = failing(async () => (await getDb()).update(users).set({ email: user.email, name: marker }).where(eq(users.id, other.id)));
    const lines = await logLines(() => call(handler));
    const line = lines.find((entry) => entry.msg === "unhandled error in route");
    expect(line).toMatchObject({ level: "error", code: "23505", table: "users", constraint: "users_email_unique", cause: { code: "23505" } });
    const written = JSON.stringify(lines);
    expect(written).not.toContain(marker);
    expect(written).not.toContain(user.email);
    expect(written).not.toContain("params");
  });

  it("drops a database message that quotes the value, keeping its code", async () => {
    const marker = `marker-${randomUUID()}`;
    const handler = failing(async () => (await getDb()).select().from(users).where(sql`${users.id} = ${marker}::uuid`));
    const lines = await logLines(() => call(handler));
    expect(lines.find((entry) => entry.msg === "unhandled error in route")).toMatchObject({ code: "22P02", cause: { code: "22P02" } });
    expect(JSON.stringify(lines)).not.toContain(marker);
  });

  it("names the cause when the database cannot be reached, without the query's parameters", async () => {
    const unreachable = openDatabase("postgres://olympiad@127.0.0.1:9/olympiad");
    const marker = `marker-${randomUUID()}`;
    try {
      const handler = failing(() => unreachable.db.select().from(users).where(eq(users.name, marker)));
      const lines = await logLines(() => call(handler));
      expect(lines.find((entry) => entry.msg === "unhandled error in route")).toMatchObject({ level: "error", code: "ECONNREFUSED", cause: { code: "ECONNREFUSED" } });
      expect(JSON.stringify(lines)).not.toContain(marker);
    } finally {
      await unreachable.close();
    }
  });
});

describe("what Next prints to the console", () => {
  it("becomes one JSON line, an error by its fields and without the query's parameters", async () => {
    const marker = `marker-${randomUUID()}`;
    const failed = Object.assign(new Error(`Failed query: select "id" from "attempts" where "id" = $1\nparams: ${marker}`), {
      query: `select "id" from "attempts" where "id" = $1`,
      params: [marker],
      cause: Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01", severity: "FATAL" }),
      digest: "1234567890",
    });
    const restore = routeConsoleToLog(log);
    const lines = await logLines(async () => {
      try {
        console.error(" \u001b[31m⨯\u001b[39m", failed);
        console.error("");
        console.warn("Cannot render page with path %s", "/x");
      } finally {
        restore();
      }
    });
    expect(lines).toEqual([
      expect.objectContaining({ level: "error", source: "console", msg: "⨯", error: "Failed query (select attempts)", code: "57P01", digest: "1234567890", cause: expect.objectContaining({ code: "57P01", message: "terminating connection due to administrator command" }) }),
      expect.objectContaining({ level: "warn", source: "console", msg: "Cannot render page with path /x" }),
    ]);
    expect(JSON.stringify(lines)).not.toContain(marker);
  });
});

describe("npm start's console before the app's logger takes over", () => {
  it("prints Next's start-up lines as one JSON object per line on stdout", () => {
    const script = 'console.log("\\u001b[32m▲\\u001b[39m Next.js"); console.log(""); console.warn("two\\nlines"); console.error(new Error("boom"));';
    const stdout = execFileSync(process.execPath, ["--import", "./scripts/json-console.mjs", "-e", script], { encoding: "utf8" });
    const lines = stdout.trimEnd().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      expect.objectContaining({ level: "info", source: "console", msg: "▲ Next.js" }),
      expect.objectContaining({ level: "warn", msg: "two\nlines" }),
      expect.objectContaining({ level: "error", msg: expect.stringMatching(/^Error: boom\n\s+at /) }),
    ]);
  });
});
