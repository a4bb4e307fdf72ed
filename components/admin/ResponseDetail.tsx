import Link from "next/link";
import type { ReactNode } from "react";
import { formatMinutesSeconds, formatIndiaDateTime } from "@/lib/format";
import type { ExtraTimeGrant, responseDetail } from "@/lib/review";
import { ExtraTimePanel } from "./ExtraTimePanel";
import { FocusTimeline } from "./FocusTimeline";
import { IntegrityPanel } from "./IntegrityPanel";
import { FlaggedForReview } from "./integrityFlags";
import { ResponseAnswers } from "./ResponseAnswers";
import type { ResponseRow } from "./ResponsesTable";

/**
 * One response in full, with its list row for the counts (answered, focus losses, recording
 * chunks) the detail leaves out; or why it cannot be shown.
 */
export type LoadedResponse = { detail: Awaited<ReturnType<typeof responseDetail>>; row: ResponseRow; extraTime: ExtraTimeGrant[] } | "missing" | "failed";

export function ResponseDetail({ loaded, backHref }: { loaded: LoadedResponse; backHref: string }) {
  const back = (
    <Link href={backHref} className="self-start font-medium text-brand underline">
      <span aria-hidden="true">← </span>Back to responses
    </Link>
  );
  if (loaded === "missing" || loaded === "failed") {
    return (
      <div className="flex flex-col gap-4">
        {back}
        {loaded === "missing" ? (
          <p className="text-slate-700">Response not found.</p>
        ) : (
          <p role="alert" className="text-red-700">Error loading this response. Please try again.</p>
        )}
      </div>
    );
  }

  const { detail, row, extraTime } = loaded;
  return (
    <div className="flex flex-col gap-6">
      {back}
      <section aria-labelledby="response-summary" className="rounded-lg border border-slate-200 bg-white p-4">
        <h3 id="response-summary" className="mb-3 text-lg font-semibold">
          {row.participantName}’s response to {row.quizTitle}
        </h3>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
          <Fact label="Email">{row.participantEmail}</Fact>
          <Fact label="Score">{row.score ?? "Not scored yet"}</Fact>
          <Fact label="Time taken">{row.timeTaken === null ? "Not submitted yet" : formatMinutesSeconds(row.timeTaken)}</Fact>
          <Fact label="Started">{formatIndiaDateTime(row.startedAt)}</Fact>
          <Fact label="Submitted">{row.submittedAt ? formatIndiaDateTime(row.submittedAt) : "In progress"}</Fact>
          <Fact label="Answered">{row.answered}</Fact>
          <Fact label="Focus losses">{row.focusLosses}</Fact>
          <Fact label="Blocked actions">{row.blockedActions}</Fact>
          <Fact label="Recording chunks">{row.recordingChunks}</Fact>
        </dl>
      </section>

      <ExtraTimePanel quizId={row.quizId} grants={extraTime} participantEmail={row.participantEmail} closed={detail.submittedAt !== null} />

      <section aria-labelledby="response-integrity" className="flex flex-col gap-2">
        <h4 id="response-integrity" className="font-semibold">Integrity review</h4>
        <FlaggedForReview flags={detail.proctoring.flags} />
        <IntegrityPanel attemptId={detail.id} participantName={row.participantName} submitted={detail.submittedAt !== null} integrity={detail.integrity} />
      </section>

      <section aria-labelledby="response-answers" className="flex flex-col gap-2">
        <h4 id="response-answers" className="font-semibold">Answers</h4>
        <ResponseAnswers answers={detail.answers} />
      </section>

      <section aria-labelledby="response-focus-log" className="flex flex-col gap-2">
        <h4 id="response-focus-log" className="font-semibold">Proctoring timeline</h4>
        <FocusTimeline report={detail.proctoring} />
      </section>

      <section aria-labelledby="response-recording" className="flex flex-col gap-2">
        <h4 id="response-recording" className="font-semibold">Recording</h4>
        {/* Beside the recording too, so the admin knows what to look for while watching. */}
        <FlaggedForReview flags={detail.proctoring.flags} />
        {detail.recordingUrls.length === 0 ? (
          <p className="text-slate-700">No recording was uploaded.</p>
        ) : (
          // One video per recorder session: a reload mid-exam restarts the recording.
          detail.recordingUrls.map((url, segment) => (
            <video key={url} controls preload="metadata" src={url} aria-label={`Exam recording of ${row.participantName}, part ${segment + 1} of ${detail.recordingUrls.length}`} className="w-full max-w-3xl rounded-lg bg-black">
              This browser cannot play the recording. <a href={url}>Download it</a> instead.
            </video>
          ))
        )}
      </section>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium break-all text-slate-900">{children}</dd>
    </div>
  );
}
