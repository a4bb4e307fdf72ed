import "server-only";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { authorize, member, service } from "@/lib/auth";
import { getDb, type Queryable } from "@/lib/db";
import { Conflict, NotFound } from "@/lib/errors";
import { formatIndiaDate } from "@/lib/format";
import { message } from "@/lib/messages";
import { formatRupeesWithSymbol } from "@/lib/money";
import { renderCertificate, type CertificateContent } from "./pdf";

/** 128 random bits in base64url: 22 characters, as the table's check requires. */
const VERIFICATION_ID = /^[A-Za-z0-9_-]{22}$/;

export function newVerificationId(): string {
  return randomBytes(16).toString("base64url");
}

/** The frozen result a certificate states: a prize is named, any other rank is participation. */
export function resultLine(row: { rank: number; prizePaise: number; freePass: boolean }): { text: string; winner: boolean } {
  if (row.prizePaise > 0) return { text: `Rank ${row.rank}, prize ${formatRupeesWithSymbol(row.prizePaise)}`, winner: true };
  if (row.freePass) return { text: `Rank ${row.rank}, a free pass to the next quiz`, winner: true };
  return { text: "Participation", winner: false };
}

type FrozenResult = {
  name: string;
  title: string;
  digest: string;
  rank: number;
  prize_paise: number;
  free_pass: boolean;
  disqualified_at: Date | string | null;
};

/** The participant's frozen row in a published quiz, with their name and whether their attempt was disqualified since. */
async function frozenResult(db: Queryable, quizId: string, participantId: string): Promise<FrozenResult | undefined> {
  const rows = await db.execute<FrozenResult>(sql`
    select u.name, q.title, p.digest, r.rank, r.prize_paise, r.free_pass, a.disqualified_at
    from result_rows r
    join published_results p on p.quiz_id = r.quiz_id
    join quizzes q on q.id = r.quiz_id
    join users u on u.id = r.participant_id
    left join attempts a on a.quiz_id = r.quiz_id and a.participant_id = r.participant_id
    where r.quiz_id = ${quizId} and r.participant_id = ${participantId}`);
  return rows.rows[0];
}

/** The participant's certificate for the quiz: created on the first call, the same one after. */
async function issue(db: Queryable, quizId: string, participantId: string): Promise<{ verificationId: string; issuedAt: Date }> {
  await db.execute(sql`
    insert into certificates (verification_id, quiz_id, participant_id)
    values (${newVerificationId()}, ${quizId}, ${participantId})
    on conflict (quiz_id, participant_id) do nothing`);
  const rows = await db.execute<{ verification_id: string; issued_at: Date | string }>(sql`
    select verification_id, issued_at from certificates where quiz_id = ${quizId} and participant_id = ${participantId}`);
  const [row] = rows.rows;
  return { verificationId: row.verification_id, issuedAt: new Date(row.issued_at) };
}

/** The verification page's address for a certificate. */
export function verificationPath(verificationId: string): string {
  return `/certificates/${verificationId}`;
}

function fileName(title: string): string {
  const slug = title
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `certificate-${slug || "quiz"}.pdf`;
}

/**
 * The participant's own certificate for a quiz whose results are published, as a PDF with a QR
 * code to its public verification page (under `origin`). Refused once their attempt is disqualified.
 */
export const downloadCertificate = service("certificates.download", async (actor, participantId: string, quizId: string, origin: string) => {
  authorize(actor, "certificates.download", participantId);
  member(actor);
  const db = await getDb();
  const result = await frozenResult(db, quizId, participantId);
  if (!result) throw new NotFound(message("certificateNotFound"));
  if (result.disqualified_at) throw new Conflict(message("certificateRevoked"));
  const { verificationId, issuedAt } = await issue(db, quizId, participantId);
  const line = resultLine({ rank: result.rank, prizePaise: result.prize_paise, freePass: result.free_pass });
  const content: CertificateContent = {
    name: result.name,
    quizTitle: result.title,
    result: line.text,
    winner: line.winner,
    date: formatIndiaDate(issuedAt),
    verificationUrl: `${origin}${verificationPath(verificationId)}`,
    digest: result.digest,
  };
  return { bytes: await renderCertificate(content), fileName: fileName(result.title), verificationId, content };
});

/** What the public verification page shows: name, quiz, result and date, nothing else. */
export interface CertificateVerification {
  name: string;
  quizTitle: string;
  /** Null once revoked. */
  result: string | null;
  date: string;
  revoked: boolean;
}

/** Anyone holding a certificate's verification id (its QR code) may check it; any other id is not found. */
export const verifyCertificate = service("certificates.verify", async (_actor, verificationId: string): Promise<CertificateVerification> => {
  if (!VERIFICATION_ID.test(verificationId)) throw new NotFound();
  const db = await getDb();
  const rows = await db.execute<{ quiz_id: string; participant_id: string; issued_at: Date | string }>(sql`
    select quiz_id, participant_id, issued_at from certificates where verification_id = ${verificationId}`);
  const [certificate] = rows.rows;
  if (!certificate) throw new NotFound();
  const result = await frozenResult(db, certificate.quiz_id, certificate.participant_id);
  if (!result) throw new NotFound();
  const revoked = Boolean(result.disqualified_at);
  return {
    name: result.name,
    quizTitle: result.title,
    result: revoked ? null : resultLine({ rank: result.rank, prizePaise: result.prize_paise, freePass: result.free_pass }).text,
    date: formatIndiaDate(new Date(certificate.issued_at)),
    revoked,
  };
});
