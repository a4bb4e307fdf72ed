import type { JobName, QueueCounts } from "@/lib/jobs";

const QUEUE_LABELS: Record<JobName, string> = {
  "exam.finalise-overdue-attempts": "Submitting abandoned exams at their deadline",
  "push.fan-out": "Preparing push notifications",
  "push.deliver": "Delivering push notifications",
  "mail.send": "Sending email (password resets)",
  "maintenance.delete-expired": "Deleting expired reset links and rate-limit records",
  "questions.upgrade-rendering": "Giving stored questions what the renderer added since (spoken formulas)",
  "results.announce": "Telling participants the published results' digest",
};

/** Queue health at a glance: waiting, running, and failed after every retry (kept for a week). */
export function JobsTab({ counts }: { counts: QueueCounts[] }) {
  return (
    <table className="w-full border-collapse text-left text-sm">
      <caption className="mb-2 text-left text-slate-700">Background jobs shared by every server instance. Failed jobs were retried with back-off before giving up.</caption>
      <thead>
        <tr className="border-b border-slate-300">
          <th scope="col" className="py-2 pr-4">Job</th>
          <th scope="col" className="py-2 pr-4 text-right">Pending</th>
          <th scope="col" className="py-2 pr-4 text-right">Running</th>
          <th scope="col" className="py-2 text-right">Failed</th>
        </tr>
      </thead>
      <tbody>
        {counts.map(({ queue, pending, active, failed }) => (
          <tr key={queue} className="border-b border-slate-200">
            <th scope="row" className="py-2 pr-4 font-normal">
              {QUEUE_LABELS[queue]} <span className="text-slate-600">({queue})</span>
            </th>
            <td className="py-2 pr-4 text-right tabular-nums">{pending}</td>
            <td className="py-2 pr-4 text-right tabular-nums">{active}</td>
            <td className={`py-2 text-right tabular-nums ${failed > 0 ? "font-semibold text-red-700" : ""}`}>{failed}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
