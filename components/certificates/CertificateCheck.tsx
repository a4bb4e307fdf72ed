import type { CertificateVerification } from "@/lib/certificates";
import { useTranslations } from "next-intl";

/** What a certificate's QR code verifies: name, quiz, result and date, or that it was revoked. */
export function CertificateCheck({ certificate }: { certificate: CertificateVerification }) {
  const t = useTranslations("certificates");
  return (
    <section aria-labelledby="certificate-status" className="max-w-xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      {certificate.revoked ? (
        <h2 id="certificate-status" role="alert" className="text-xl font-semibold text-red-800">{t("revoked")}</h2>
      ) : (
        <h2 id="certificate-status" className="text-xl font-semibold text-emerald-800">{t("genuine")}</h2>
      )}
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-slate-800">
        <dt className="font-medium text-slate-600">{t("name")}</dt>
        <dd>{certificate.name}</dd>
        <dt className="font-medium text-slate-600">{t("quiz")}</dt>
        <dd>{certificate.quizTitle}</dd>
        {certificate.result && (
          <>
            <dt className="font-medium text-slate-600">{t("result")}</dt>
            <dd>{certificate.result}</dd>
          </>
        )}
        <dt className="font-medium text-slate-600">{t("date")}</dt>
        <dd>{certificate.date}</dd>
      </dl>
    </section>
  );
}
