import "server-only";
import { sql } from "drizzle-orm";
import { service } from "@/lib/auth";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db";
import { textsIn } from "@/lib/i18n";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "@/lib/i18n/schemas";
import { sendMailsOnce } from "@/lib/mail";
import { notifyEachOnce } from "@/lib/notifications";
import { textIn } from "@/lib/quizzes/schemas";
import { pseudonymOf } from "./pseudonyms";

/** Participants told per round: a bounded number of mails and notifications per statement. */
const PER_ROUND = 1_000;

type Recipient = {
  participant_id: string;
  pseudonym: string | null;
  email: string;
  name: string;
  language: string | null;
};

/**
 * Tells every participant of a version of a quiz's published results (format 2) its digest and
 * their own pseudonym, in the app and by mail, so the digest also lives outside the database:
 * with it, anyone can check the public results file they download later. A revision's notice also
 * gives its number and reason, and goes as well to those an earlier version ranked and this one
 * leaves out. Runs as a job after the version commits (without a revision, the current version).
 * Each notice and mail is keyed by the digest and the participant, so a retried or repeated job
 * tells nobody twice; each version (another digest) is told once.
 */
export const announceResults = service("notifications.deliver", async (_actor, quizId: string, revision?: number): Promise<{ participants: number }> => {
  const db = await getDb();
  const [published] = (
    await db.execute<{ revision: number; digest: string; reason: string | null; title: string; title_hi: string | null }>(sql`
      select p.revision, p.digest, p.reason, q.title, q.title_hi from published_results p join quizzes q on q.id = p.quiz_id
      where p.quiz_id = ${quizId} and p.digest_format >= 2
        and p.revision = coalesce(${revision ?? null}::int, (select max(x.revision) from published_results x where x.quiz_id = ${quizId}))`)
  ).rows;
  if (!published) return { participants: 0 };
  // Each participant's row in the latest version up to this one that ranks them.
  const recipients = (
    await db.execute<Recipient>(sql`
      select distinct on (r.participant_id) r.participant_id, r.pseudonym, u.email, u.name, u.language
      from result_rows r join users u on u.id = r.participant_id
      where r.quiz_id = ${quizId} and r.revision <= ${published.revision} and u.deleted_at is null
      order by r.participant_id, r.revision desc`)
  ).rows;
  const template = published.revision === 1 ? "resultsPublished" : "resultsRevised";
  const mailTexts = new Map<Language, Awaited<ReturnType<typeof textsIn<"mail">>>>();
  const link = `${config.appUrl}/winnerleaderboard`;
  for (let start = 0; start < recipients.length; start += PER_ROUND) {
    const round = [];
    for (const recipient of recipients.slice(start, start + PER_ROUND)) {
      // A legacy (format-1) row has none; the pseudonym is the same in every version.
      const pseudonym = recipient.pseudonym ?? (await pseudonymOf(quizId, recipient.participant_id));
      // The quiz as the reader's pages name it: its Hindi title for a Hindi reader, where it has one.
      const quiz = textIn(recipient.language ?? DEFAULT_LANGUAGE, published.title, published.title_hi).text;
      round.push({ ...recipient, key: `results.published:${published.digest}:${recipient.participant_id}`, values: { quiz, revision: published.revision, reason: published.reason ?? "", pseudonym, digest: published.digest } });
    }
    const mails = [];
    for (const recipient of round) {
      const language = isLanguage(recipient.language) ? recipient.language : DEFAULT_LANGUAGE;
      if (!mailTexts.has(language)) mailTexts.set(language, await textsIn(language, "mail"));
      const t = mailTexts.get(language)!;
      const values = { ...recipient.values, brand: config.brand.name, name: recipient.name, link };
      mails.push({ key: recipient.key, mail: { to: recipient.email, subject: t(`${template}.subject`, values), text: t(`${template}.text`, values) } });
    }
    await sendMailsOnce(mails);
    await notifyEachOnce(
      round.map((recipient) => ({
        key: recipient.key,
        userId: recipient.participant_id,
        language: recipient.language,
        notice: { id: template, values: recipient.values, url: published.revision === 1 ? `/dashboard#result-${quizId}` : `/winnerleaderboard#winners-${quizId}` },
      })),
    );
  }
  return { participants: recipients.length };
});
