import { randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { smtpServer, type ReceivedMail } from "../../tests/support/smtp";

const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
/** Where the run's mailbox keeps what it received: one JSON file per mail, read by every worker. */
const MAIL_DIRECTORY = path.join(import.meta.dirname, "../../.data/e2e-mailbox");
/** Mail goes out through the job queue, one at a time: on a busy machine it can take a while. */
const MAIL_WAIT_MS = 20_000;

/**
 * The one local SMTP server the app mails to (SMTP_URL in playwright.config.ts), opened for the
 * whole run by the global setup: journeys on several workers read their own mails by recipient,
 * every recipient being an address of its own.
 */
export async function openMailbox(): Promise<() => Promise<void>> {
  rmSync(MAIL_DIRECTORY, { recursive: true, force: true });
  mkdirSync(MAIL_DIRECTORY, { recursive: true });
  const server = smtpServer((mail) => writeFileSync(path.join(MAIL_DIRECTORY, `${Date.now()}-${randomUUID()}.json`), JSON.stringify(mail)));
  await new Promise<void>((resolve) => server.listen(SMTP_PORT, "127.0.0.1", resolve));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

function receivedMails(): ReceivedMail[] {
  return readdirSync(MAIL_DIRECTORY)
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(MAIL_DIRECTORY, file), "utf8")) as ReceivedMail);
}

export const mailbox = {
  /** The first mail to `to` whose text (quoted-printable undone) matches `containing`, if given. */
  async waitFor(to: string, containing?: RegExp): Promise<ReceivedMail> {
    for (let waited = 0; waited < MAIL_WAIT_MS; waited += 200) {
      const mail = receivedMails().find((candidate) => candidate.to.includes(to) && (!containing || containing.test(decodeQuotedPrintable(candidate.raw))));
      if (mail) return mail;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`No mail to ${to} arrived`);
  },
};

/** Undoes quoted-printable soft line breaks and escapes, so links can be read whole. */
export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
