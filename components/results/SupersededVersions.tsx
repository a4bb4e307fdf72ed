import { useTranslations } from "next-intl";
import { formatIndiaDate } from "@/lib/format";
import type { Language } from "@/lib/i18n/schemas";
import type { SupersededVersion } from "@/lib/results";

/**
 * The versions of a quiz's results that revisions replaced, newest first: still public, each with
 * its digest (which the next version's digest covers), the reason it was published and, unless it
 * was published before results files existed, its results file.
 */
export function SupersededVersions({ quizId, versions, language }: { quizId: string; versions: SupersededVersion[]; language: Language }) {
  const t = useTranslations("results");
  if (versions.length === 0) return null;
  return (
    <section aria-labelledby={`superseded-${quizId}`} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
      <h3 id={`superseded-${quizId}`} className="font-semibold text-slate-900">{t("supersededVersions")}</h3>
      <ul className="flex flex-col gap-2">
        {versions.map((version) => (
          <li key={version.revision} data-testid={`superseded-${quizId}-${version.revision}`}>
            <p className="font-medium text-slate-900">{t("supersededVersion", { revision: version.revision, date: formatIndiaDate(version.publishedAt, language) })}</p>
            {version.reason && <p>{t("revisionReason", { reason: version.reason })}</p>}
            <p>
              {t("digest")} <code className="rounded bg-white px-1 break-all text-slate-900">{version.digest}</code>
            </p>
            {version.resultsFile && (
              <p>
                <a href={`/api/quizzes/${quizId}/results-file?digest=${version.digest}`} download className="font-semibold text-brand underline">
                  {t("downloadVersionFile", { revision: version.revision })}
                </a>
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
