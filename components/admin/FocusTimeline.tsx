import { formatIndiaTimeWithSeconds } from "@/lib/format";
import type { ProctoringReport } from "@/lib/review";
import { ScrollRegion } from "@/components/ui/ScrollRegion";

const cell = "px-3 py-2";

function seconds(durationMs: number): string {
  return `${(durationMs / 1000).toFixed(1)} s`;
}

/**
 * The proctoring timeline, oldest first: the browser's log (focus losses, fullscreen exits,
 * blocked copy and paste, …) with the recording's gaps among them, and how many of each kind.
 * Events that count towards a review flag are marked.
 */
export function FocusTimeline({ report }: { report: ProctoringReport }) {
  if (report.events.length === 0) return <p className="text-slate-700">No proctoring events were logged and the recording has no gaps.</p>;
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label="Proctoring events per kind" className="flex flex-wrap gap-2 text-sm">
        {report.counts.map(({ kind, count }) => (
          <li key={kind} className="rounded-full border border-slate-200 bg-white px-3 py-1">
            {kind}: <span className="font-semibold tabular-nums">{count}</span>
          </li>
        ))}
      </ul>
      <ScrollRegion label="Proctoring timeline, oldest first">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">Proctoring timeline, oldest first</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className={cell}>Time</th>
              <th scope="col" className={cell}>Event</th>
              <th scope="col" className={`${cell} text-right`}>Duration</th>
              <th scope="col" className={cell}>Detail</th>
            </tr>
          </thead>
          <tbody>
            {report.events.map((event, index) => (
              // Events carry no id of their own here; their order never changes on this page.
              <tr key={index} className={`border-t border-slate-100 align-top ${event.flaggedAs ? "bg-amber-50" : ""}`}>
                <td className={`${cell} whitespace-nowrap`}>{formatIndiaTimeWithSeconds(event.occurredAt)}</td>
                <td className={cell}>
                  {event.kind}
                  {event.flaggedAs && <span className="sr-only"> (counts towards a review flag)</span>}
                </td>
                <td className={`${cell} text-right tabular-nums`}>{event.durationMs === null ? null : seconds(event.durationMs)}</td>
                <td className={`${cell} break-all`}>{event.detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}
