import type { CertificateVerification } from "@/lib/certificates";
import { CERTIFICATE_REVOKED } from "@/lib/messages";

/** What a certificate's QR code verifies: name, quiz, result and date, or that it was revoked. */
export function CertificateCheck({ certificate }: { certificate: CertificateVerification }) {
  return (
    <section aria-labelledby="certificate-status" className="max-w-xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      {certificate.revoked ? (
        <h2 id="certificate-status" role="alert" className="text-xl font-semibold text-red-800">{CERTIFICATE_REVOKED}</h2>
      ) : (
        <h2 id="certificate-status" className="text-xl font-semibold text-emerald-800">This certificate is genuine.</h2>
      )}
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-slate-800">
        <dt className="font-medium text-slate-600">Name</dt>
        <dd>{certificate.name}</dd>
        <dt className="font-medium text-slate-600">Quiz</dt>
        <dd>{certificate.quizTitle}</dd>
        {certificate.result && (
          <>
            <dt className="font-medium text-slate-600">Result</dt>
            <dd>{certificate.result}</dd>
          </>
        )}
        <dt className="font-medium text-slate-600">Date</dt>
        <dd>{certificate.date}</dd>
      </dl>
    </section>
  );
}
