import nodemailer, { type Transporter } from "nodemailer";
import { config } from "@/lib/config";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

let transport: Transporter | undefined;

/** Sends over SMTP when SMTP_URL is set; otherwise writes the mail to the server log. */
export async function sendMail(mail: Mail): Promise<void> {
  if (!config.mail.smtpUrl) {
    console.log(`[mail] SMTP_URL is not set; this mail was not sent:\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`);
    return;
  }
  transport ??= nodemailer.createTransport(config.mail.smtpUrl);
  await transport.sendMail({ from: config.mail.from, ...mail });
}
