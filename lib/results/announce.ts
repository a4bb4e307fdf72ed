import "server-only";
import { sql } from "drizzle-orm";
import { service } from "@/lib/auth";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db";
import { textsIn } from "@/lib/i18n";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "@/lib/i18n/schemas";
import { sendMailsOnce } from "@/lib/mail";
import { notifyEachOnce } from "@/lib/notifications";

/** Participants told per round: a bounded number of mails and notifications per statement. */
const PER_ROUND = 1_000;

type Recipient = {
  participant_id: string;
  pseudonym: string;
  email: string;
  name: string;
  language: string | null;
};

/**
 * Tells every participant of a quiz's published results (format 2) the digest and their own
 * pseudonym, in the app and by mail, so the digest also lives outside the database: with it,
 * anyone can check the public results file they download later. Runs as a job after the
 * publication commits. Each notice and mail is keyed by the digest and the participant, so a
 * retried or repeated job tells nobody twice; a revision (another digest) is told again.
 */
export const announceResults = service("notifications.deliver", async (_actor, quizId: string): Promise<{ participants: number }> => {
  const db = await getDb();
  const [published] = (
    await db.execute<{ digest: string; title: string }>(sql`
      select p.digest, q.title from published_results p join quizzes q on q.id = p.quiz_id
      where p.quiz_id = ${quizId} and p.digest_format = 2
      order by p.published_at desc limit 1`)
  ).rows;
  if (!published) return { participants: 0 };
  const recipients = (
    await db.execute<Recipient>(sql`
      select r.participant_id, r.pseudonym, u.email, u.name, u.language
      from result_rows r join users u on u.id = r.participant_id
      where r.quiz_id = ${quizId} and u.deleted_at is null
      order by r.participant_id`)
  ).rows;
  const mailTexts = new Map<Language, Awaited<ReturnType<typeof textsIn<"mail">>>>();
  const link = `${config.appUrl}/winnerleaderboard`;
  for (let start = 0; start < recipients.length; start += PER_ROUND) {
    const round = recipients.slice(start, start + PER_ROUND);
    const mails = [];
    for (const recipient of round) {
      const language = isLanguage(recipient.language) ? recipient.language : DEFAULT_LANGUAGE;
      if (!mailTexts.has(language)) mailTexts.set(language, await textsIn(language, "mail"));
      const t = mailTexts.get(language)!;
      const values = { brand: config.brand.name, name: recipient.name, quiz: published.title, pseudonym: recipient.pseudonym, digest: published.digest, link };
      mails.push({ key: `results.published:${published.digest}:${recipient.participant_id}`, mail: { to: recipient.email, subject: t("resultsPublished.subject", values), text: t("resultsPublished.text", values) } });
    }
    await sendMailsOnce(mails);
    await notifyEachOnce(
      round.map((recipient) => ({
        key: `results.published:${published.digest}:${recipient.participant_id}`,
        userId: recipient.participant_id,
        language: recipient.language,
        notice: { id: "resultsPublished", values: { quiz: published.title, pseudonym: recipient.pseudonym, digest: published.digest }, url: `/dashboard#result-${quizId}` },
      })),
    );
  }
  return { participants: recipients.length };
});
