import "server-only";
import { config } from "@/lib/config";
import { textsIn } from "@/lib/i18n";
import { DEFAULT_LANGUAGE, isLanguage } from "@/lib/i18n/schemas";
import { sendMail } from "@/lib/mail";

/** The account mails, by their texts in the "mail" catalogue (messages/{en,hi}/mail.json). */
type AccountMail = "verification" | "googleLinked" | "passwordReset";

/** Sends an account mail in the recipient's language: the one their account keeps, else English. */
export async function sendAccountMail(kind: AccountMail, recipient: { email: string; name: string; language: string | null }, link?: string): Promise<void> {
  const t = await textsIn(isLanguage(recipient.language) ? recipient.language : DEFAULT_LANGUAGE, "mail");
  const values = { brand: config.brand.name, name: recipient.name, ...(link && { link }) };
  await sendMail({ to: recipient.email, subject: t(`${kind}.subject`, values), text: t(`${kind}.text`, values) });
}
