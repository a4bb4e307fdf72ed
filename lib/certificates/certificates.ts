import "server-only";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { authorize, member, service } from "@/lib/auth";
import { getDb, type Queryable } from "@/lib/db";
import { Conflict, NotFound } from "@/lib/errors";
import { formatIndiaDate } from "@/lib/format";
import { message } from "@/lib/catalogue";
import { textsIn } from "@/lib/i18n";
import { renderCertificate, type CertificateContent } from "./pdf";
import { resultLine, type CertificateResult } from "./schemas";

/** 128 random bits in base64url: 22 characters, as the table's check requires. */
const VERIFICATION_ID = /^[A-Za-z0-9_-]{22}$/;

export function newVerificationId(): string {
  return randomBytes(16).toString("base64url");
}

const resultOf = (row: FrozenResult): CertificateResult => ({ rank: row.rank, prizePaise: row.prize_paise, freePass: row.free_pass });

type FrozenResult = {
  name: string;
  title: string;
  title_hi: string | null;
  revision: number;
  /** The digest of the version the row is on: the certificate states it. */
  digest: string;
  rank: number;
  prize_paise: number;
  free_pass: boolean;
  disqualified_at: Date | string | null;
};

/**
 * The participant's frozen row in a version of a quiz's published results (the current one when
 * no revision is named), with their name and whether their attempt was disqualified since.
 */
async function frozenResult(db: Queryable, quizId: string, participantId: string, revision?: number): Promise<FrozenResult | undefined> {
  const rows = await db.execute<FrozenResult>(sql`
    select u.name, q.title, q.title_hi, r.revision, p.digest, r.rank, r.prize_paise, r.free_pass, a.disqualified_at
    from ${revision === undefined ? sql`current_result_rows` : sql`result_rows`} r
    join published_results p on p.quiz_id = r.quiz_id and p.revision = r.revision
    join quizzes q on q.id = r.quiz_id
    join users u on u.id = r.participant_id
    left join attempts a on a.quiz_id = r.quiz_id and a.participant_id = r.participant_id
    where r.quiz_id = ${quizId} and r.participant_id = ${participantId}${revision === undefined ? sql`` : sql` and r.revision = ${revision}`}`);
  return rows.rows[0];
}

/** The participant's certificate for a version of the results: created on the first call, the same one after. */
async function issue(db: Queryable, quizId: string, revision: number, participantId: string): Promise<{ verificationId: string; issuedAt: Date }> {
  await db.execute(sql`
    insert into certificates (verification_id, quiz_id, revision, participant_id)
    values (${newVerificationId()}, ${quizId}, ${revision}, ${participantId})
    on conflict (quiz_id, revision, participant_id) do nothing`);
  const rows = await db.execute<{ verification_id: string; issued_at: Date | string }>(sql`
    select verification_id, issued_at from certificates where quiz_id = ${quizId} and revision = ${revision} and participant_id = ${participantId}`);
  const [row] = rows.rows;
  return { verificationId: row.verification_id, issuedAt: new Date(row.issued_at) };
}

/** The verification page's address for a certificate. */
function verificationPath(verificationId: string): string {
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
 * The participant's own certificate for the current version of a quiz's published results, as a
 * PDF with a QR code to its public verification page (under `origin`). Refused once their attempt
 * is disqualified.
 */
export const downloadCertificate = service("certificates.download", async (actor, participantId: string, quizId: string, origin: string) => {
  authorize(actor, "certificates.download", participantId);
  member(actor);
  const db = await getDb();
  const result = await frozenResult(db, quizId, participantId);
  if (!result) throw new NotFound(message("certificateNotFound"));
  if (result.disqualified_at) throw new Conflict(message("certificateRevoked"));
  const { verificationId, issuedAt } = await issue(db, quizId, result.revision, participantId);
  // The certificate itself is in English, whatever language its holder reads.
  const line = resultLine(resultOf(result), await textsIn("en", "certificates"));
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
  quizTitleHi: string | null;
  /** Null once revoked. */
  result: CertificateResult | null;
  issuedAt: Date;
  revoked: boolean;
  /** When a revision of the results replaced the version this certificate states: which, and the current one. */
  superseded: Superseded | null;
}

interface Superseded {
  /** The version this certificate states. */
  revision: number;
  currentRevision: number;
  currentPublishedAt: Date;
  /** The participant's result in the current version; null when they have none (left out of it). */
  currentResult: CertificateResult | null;
  /** Where the current version, with the reason for the revision, is published. */
  winnersUrl: string;
}

/** Anyone holding a certificate's verification id (its QR code) may check it; any other id is not found. */
export const verifyCertificate = service("certificates.verify", async (_actor, verificationId: string): Promise<CertificateVerification> => {
  if (!VERIFICATION_ID.test(verificationId)) throw new NotFound();
  const db = await getDb();
  const rows = await db.execute<{ quiz_id: string; revision: number; participant_id: string; issued_at: Date | string; current_revision: number; current_published_at: Date | string }>(sql`
    select c.quiz_id, c.revision, c.participant_id, c.issued_at, p.revision as current_revision, p.published_at as current_published_at
    from certificates c join current_published_results p on p.quiz_id = c.quiz_id
    where c.verification_id = ${verificationId}`);
  const [certificate] = rows.rows;
  if (!certificate) throw new NotFound();
  const [result, current] = await Promise.all([
    frozenResult(db, certificate.quiz_id, certificate.participant_id, certificate.revision),
    certificate.revision < certificate.current_revision ? frozenResult(db, certificate.quiz_id, certificate.participant_id) : undefined,
  ]);
  if (!result) throw new NotFound();
  const revoked = Boolean(result.disqualified_at);
  return {
    name: result.name,
    quizTitle: result.title,
    quizTitleHi: result.title_hi,
    result: revoked ? null : resultOf(result),
    issuedAt: new Date(certificate.issued_at),
    revoked,
    superseded:
      certificate.revision < certificate.current_revision
        ? {
            revision: certificate.revision,
            currentRevision: certificate.current_revision,
            currentPublishedAt: new Date(certificate.current_published_at),
            currentResult: current && !revoked ? resultOf(current) : null,
            winnersUrl: `/winnerleaderboard#winners-${certificate.quiz_id}`,
          }
        : null,
  };
});
