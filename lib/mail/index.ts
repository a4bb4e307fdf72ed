import "server-only";
import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "@/lib/config";
import { enqueue, enqueueOnce, type Mail } from "@/lib/jobs";
import { log } from "@/lib/log";

/** Queues the mail: an SMTP server that is slow or down must not fail or hold the request. */
export async function sendMail(mail: Mail): Promise<void> {
  await enqueue("mail.send", mail);
}

/** Queues each mail under its key: the same key queued again (by a retried job) sends nothing more. */
export async function sendMailsOnce(mails: { key: string; mail: Mail }[]): Promise<void> {
  await enqueueOnce("mail.send", mails.map(({ key, mail }) => ({ key, data: mail })));
}

let transport: Transporter | undefined;

export const OUTBOX_DIRECTORY = path.join(config.dataDir, "outbox");

/**
 * The mail job: over SMTP when SMTP_URL is set; otherwise into an .eml file in the outbox
 * directory, so a developer can open it — never into the log, which must not hold reset links.
 */
export async function deliverMail(mail: Mail): Promise<void> {
  if (config.mail.smtpUrl) {
    transport ??= nodemailer.createTransport(config.mail.smtpUrl);
    // Named one by one: the sender is the app's, whatever else a job's data may hold.
    await transport.sendMail({ from: config.mail.from, to: mail.to, subject: mail.subject, text: mail.text });
    return;
  }
  await mkdir(OUTBOX_DIRECTORY, { recursive: true });
  const file = path.join(OUTBOX_DIRECTORY, `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID()}.eml`);
  await writeFile(file, `From: ${config.mail.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}`, { mode: 0o600 });
  log.info({ file }, "SMTP_URL is not set: mail written to the outbox directory");
}
