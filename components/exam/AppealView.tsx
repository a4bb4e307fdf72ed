import Link from "next/link";
import type { MyDisqualification } from "@/lib/exam";
import { formatIndiaDateTime } from "@/lib/format";
import { AppealForm } from "./AppealForm";

const OUTCOME_TEXT = {
  upheld: "Upheld: your attempt has been reinstated and counts in the results.",
  rejected: "Rejected: your attempt stays disqualified.",
} as const;

/** The participant's disqualification, its reason, and their one appeal: the form, or its status and answer. */
export function AppealView({ view }: { view: MyDisqualification }) {
  return (
    <div className="flex flex-col gap-6 text-slate-800">
      {view.disqualification ? (
        <section aria-label="Disqualification" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3">
          <p className="font-semibold text-red-900">Your attempt was disqualified on {formatIndiaDateTime(view.disqualification.at)}.</p>
          <p className="mt-1" data-testid="disqualification-reason">
            <span className="font-semibold">Reason:</span> {view.disqualification.reason}
          </p>
        </section>
      ) : (
        !view.appeal && <p>Your attempt is not disqualified: it counts in the results.</p>
      )}
      {view.appeal ? (
        <section aria-label="Your appeal" className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white px-4 py-3">
          <p className="text-sm text-slate-600">Your appeal, sent {formatIndiaDateTime(view.appeal.createdAt)}:</p>
          <p className="whitespace-pre-wrap break-words">{view.appeal.text}</p>
          <p className="font-semibold" data-testid="appeal-outcome">
            {view.appeal.outcome ? OUTCOME_TEXT[view.appeal.outcome] : "Awaiting the admins' decision. You will be notified."}
          </p>
          {view.appeal.response && <p>Answer: {view.appeal.response}</p>}
        </section>
      ) : view.canAppeal ? (
        <AppealForm quizId={view.quizId} />
      ) : (
        view.disqualification && <p>Results are published: the disqualification can no longer be appealed.</p>
      )}
      <Link href="/dashboard" className="self-start font-medium text-brand underline">
        Back to dashboard
      </Link>
    </div>
  );
}
