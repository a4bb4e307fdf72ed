import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import type { CertificateVerification } from "@/lib/certificates";
import { resultLine } from "@/lib/certificates/schemas";
import { formatIndiaDate } from "@/lib/format";
import type { Language } from "@/lib/i18n/schemas";
import { textIn } from "@/lib/quizzes/schemas";

/**
 * What a certificate's QR code verifies: name, quiz, result and date, or that it was revoked; and,
 * when a revision of the results replaced the version it states, that it is superseded, the
 * participant's result in the current version and where that version is published.
 */
export function CertificateCheck({ certificate }: { certificate: CertificateVerification }) {
  const t = useTranslations("certificates");
  const language = useLocale() as Language;
  const { superseded } = certificate;
  const quiz = textIn(language, certificate.quizTitle, certificate.quizTitleHi);
  return (
    <section aria-labelledby="certificate-status" className="max-w-xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      {certificate.revoked ? (
        <h2 id="certificate-status" role="alert" className="text-xl font-semibold text-red-800">{t("revoked")}</h2>
      ) : superseded ? (
        <h2 id="certificate-status" className="text-xl font-semibold text-amber-800">{t("supersededTitle")}</h2>
      ) : (
        <h2 id="certificate-status" className="text-xl font-semibold text-emerald-800">{t("genuine")}</h2>
      )}
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-slate-800">
        <dt className="font-medium text-slate-600">{t("name")}</dt>
        <dd>{certificate.name}</dd>
        <dt className="font-medium text-slate-600">{t("quiz")}</dt>
        <dd lang={quiz.lang}>{quiz.text}</dd>
        {certificate.result && (
          <>
            <dt className="font-medium text-slate-600">{t("result")}</dt>
            <dd>{resultLine(certificate.result, t).text}</dd>
          </>
        )}
        <dt className="font-medium text-slate-600">{t("date")}</dt>
        <dd>{formatIndiaDate(certificate.issuedAt, language)}</dd>
      </dl>
      {superseded && (
        <div className="mt-4 flex flex-col gap-2 border-t border-slate-200 pt-4 text-slate-800" data-testid="certificate-superseded">
          <p>{t("superseded", { revision: superseded.revision, currentRevision: superseded.currentRevision, date: formatIndiaDate(superseded.currentPublishedAt, language) })}</p>
          <p>{superseded.currentResult ? t("currentResult", { result: resultLine(superseded.currentResult, t).text }) : t("noCurrentResult")}</p>
          <Link href={superseded.winnersUrl} className="self-start font-medium text-brand underline">
            {t("seeCurrent")}
          </Link>
        </div>
      )}
    </section>
  );
}
