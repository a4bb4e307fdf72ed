import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** The envelope's sender. */
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP server (no TLS, no authentication) that hands each mail it receives to `received`. */
export function smtpServer(received: (mail: ReceivedMail) => void): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        received({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", to: session.envelope.rcptTo.map((address) => address.address), raw });
        callback();
      });
    },
  });
}
