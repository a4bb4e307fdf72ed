import { useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import type { MyDisqualification } from "@/lib/review";
import { formatIndiaDateTime } from "@/lib/format";
import { AppealForm } from "./AppealForm";

/** The participant's disqualification, its reason, and their one appeal: the form, or its status and answer. */
export function AppealView({ view }: { view: MyDisqualification }) {
  const t = useTranslations("exam");
  const language = useLocale();
  return (
    <div className="flex flex-col gap-6 text-slate-800">
      {view.disqualification ? (
        <section aria-label={t("appeal.disqualification")} className="rounded-lg border border-red-200 bg-red-50 px-4 py-3">
          <p className="font-semibold text-red-900">{t("appeal.disqualifiedOn", { at: formatIndiaDateTime(view.disqualification.at, language) })}</p>
          <p className="mt-1" data-testid="disqualification-reason">
            <span className="font-semibold">{t("appeal.reason")}</span> {view.disqualification.reason}
          </p>
        </section>
      ) : (
        !view.appeal && <p>{t("appeal.notDisqualified")}</p>
      )}
      {view.appeal ? (
        <section aria-label={t("appeal.yourAppeal")} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white px-4 py-3">
          <p className="text-sm text-slate-600">{t("appeal.sentOn", { at: formatIndiaDateTime(view.appeal.createdAt, language) })}</p>
          <p className="whitespace-pre-wrap break-words">{view.appeal.text}</p>
          <p className="font-semibold" data-testid="appeal-outcome">
            {view.appeal.outcome ? t(`appeal.${view.appeal.outcome}`) : t("appeal.awaitingDecision")}
          </p>
          {view.appeal.response && <p>{t("appeal.answer", { response: view.appeal.response })}</p>}
        </section>
      ) : view.canAppeal ? (
        <AppealForm quizId={view.quizId} />
      ) : (
        view.disqualification && <p>{t("appeal.closed")}</p>
      )}
      <Link href="/dashboard" className="self-start font-medium text-brand underline">
        {t("backToDashboard")}
      </Link>
    </div>
  );
}
