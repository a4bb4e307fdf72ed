import { SMTPServer } from "smtp-server";

const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A local SMTP server that keeps every mail the app sends, for reading links out of them. */
export async function openMailbox() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((address) => address.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(SMTP_PORT, "127.0.0.1", resolve));
  return {
    received,
    /** The first mail to `to` whose text (quoted-printable undone) matches `containing`, if given. */
    async waitFor(to: string, containing?: RegExp): Promise<ReceivedMail> {
      for (let waited = 0; waited < 10_000; waited += 100) {
        const mail = received.find((candidate) => candidate.to.includes(to) && (!containing || containing.test(decodeQuotedPrintable(candidate.raw))));
        if (mail) return mail;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`No mail to ${to} arrived`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Mailbox = Awaited<ReturnType<typeof openMailbox>>;

/** Undoes quoted-printable soft line breaks and escapes, so links can be read whole. */
export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
