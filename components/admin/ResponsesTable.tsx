import Link from "next/link";
import { formatMinutesSeconds } from "@/lib/format";
import type { listResponses } from "@/lib/exam/responses";
import { formatIndiaDateTime } from "@/lib/format";

export type ResponseRow = Awaited<ReturnType<typeof listResponses>>[number];

const cell = "px-3 py-2";
const numberCell = `${cell} text-right tabular-nums`;

/** Score and time stay empty while an attempt is in progress: the Submitted column says why. */
export function ResponsesTable({ rows, detailHref }: { rows: ResponseRow[]; detailHref: (attemptId: string) => string }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full min-w-[64rem] text-left text-sm">
        <caption className="sr-only">Responses, highest score first, then fastest</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className={cell}>Participant</th>
            <th scope="col" className={cell}>Quiz</th>
            <th scope="col" className={numberCell}>Score</th>
            <th scope="col" className={numberCell}>Time taken</th>
            <th scope="col" className={numberCell}>Answered</th>
            <th scope="col" className={numberCell}>Focus losses</th>
            <th scope="col" className={numberCell}>Blocked actions</th>
            <th scope="col" className={numberCell}>Recording chunks</th>
            <th scope="col" className={cell}>Submitted</th>
            <th scope="col" className={cell}><span className="sr-only">Details</span></th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t border-slate-100 align-top">
              <th scope="row" className={`${cell} font-normal`}>
                <span className="block font-medium">{row.participantName}</span>
                <span className="block break-all text-slate-600">{row.participantEmail}</span>
              </th>
              <td className={cell}>{row.quizTitle}</td>
              <td className={numberCell}>{row.score}</td>
              <td className={numberCell}>{row.timeTaken === null ? null : formatMinutesSeconds(row.timeTaken)}</td>
              <td className={numberCell}>{row.answered}</td>
              <td className={numberCell}>{row.focusLosses}</td>
              <td className={numberCell}>{row.blockedActions}</td>
              <td className={numberCell}>{row.recordingChunks}</td>
              <td className={`${cell} whitespace-nowrap`}>{row.submittedAt ? formatIndiaDateTime(row.submittedAt) : "In progress"}</td>
              <td className={`${cell} whitespace-nowrap`}>
                <Link href={detailHref(row.id)} className="font-medium text-brand underline">
                  View response<span className="sr-only"> of {row.participantName} to {row.quizTitle}</span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
