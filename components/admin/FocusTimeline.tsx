import { formatIndiaTimeWithSeconds } from "@/lib/format";
import type { responseDetail } from "@/lib/exam";

type FocusEvent = Awaited<ReturnType<typeof responseDetail>>["events"][number];

const cell = "px-3 py-2";

function seconds(durationMs: number): string {
  return `${(durationMs / 1000).toFixed(1)} s`;
}

/** The proctoring log, oldest first, as the participant's browser reported it. */
export function FocusTimeline({ events }: { events: FocusEvent[] }) {
  if (events.length === 0) return <p className="text-slate-700">No focus events were logged.</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">Focus log, oldest first</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className={cell}>Time</th>
            <th scope="col" className={cell}>Event</th>
            <th scope="col" className={`${cell} text-right`}>Duration</th>
            <th scope="col" className={cell}>Detail</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event, index) => (
            // Events carry no id of their own here; their order never changes on this page.
            <tr key={index} className="border-t border-slate-100 align-top">
              <td className={`${cell} whitespace-nowrap`}>{formatIndiaTimeWithSeconds(event.occurredAt)}</td>
              <td className={cell}>{event.kind}</td>
              <td className={`${cell} text-right tabular-nums`}>{event.durationMs === null ? null : seconds(event.durationMs)}</td>
              <td className={`${cell} break-all`}>{event.detail}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
