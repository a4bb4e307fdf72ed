import Link from "next/link";
import { NameAndEmail, PagedTable, type Column } from "@/components/ui/PagedTable";
import { formatMinutesSeconds, formatIndiaDateTime } from "@/lib/format";
import type { listResponses } from "@/lib/review";
import { flagText } from "./integrityFlags";

export type ResponseRow = Awaited<ReturnType<typeof listResponses>>[number];

const NUMBER = "text-right tabular-nums";

const COLUMNS: Column<ResponseRow>[] = [
  {
    header: "Participant",
    rowHeader: true,
    cellClassName: "font-normal",
    cell: (row) => <NameAndEmail name={row.participantName} email={row.participantEmail} />,
  },
  { header: "Quiz", cell: (row) => row.quizTitle },
  { header: "Score", className: NUMBER, cell: (row) => row.score },
  { header: "Time taken", className: NUMBER, cell: (row) => (row.timeTaken === null ? null : formatMinutesSeconds(row.timeTaken)) },
  { header: "Answered", className: NUMBER, cell: (row) => row.answered },
  { header: "Focus losses", className: NUMBER, cell: (row) => row.focusLosses },
  { header: "Blocked actions", className: NUMBER, cell: (row) => row.blockedActions },
  { header: "Recording chunks", className: NUMBER, cell: (row) => row.recordingChunks },
  { header: "Submitted", cellClassName: "whitespace-nowrap", cell: (row) => (row.submittedAt ? formatIndiaDateTime(row.submittedAt) : "In progress") },
  { header: "Review", cell: (row) => <ReviewMarks row={row} /> },
];

/** Disqualified, an appeal waiting, and the proctoring flags, each as a short mark. */
function ReviewMarks({ row }: { row: ResponseRow }) {
  const flagged = row.flags.map(flagText).join("; ");
  return (
    <span className="flex flex-col gap-1 text-xs font-semibold">
      {row.disqualified && <span className="text-red-800">Disqualified</span>}
      {row.appealOpen && <span className="text-brand">Appeal open</span>}
      {flagged && (
        <span className="text-amber-800" title={flagged}>
          <span aria-hidden="true">⚑ </span>Flagged<span className="sr-only">: {flagged}</span>
        </span>
      )}
    </span>
  );
}

/** Score and time stay empty while an attempt is in progress: the Submitted column says why. */
export function ResponsesTable({ rows, detailHref }: { rows: ResponseRow[]; detailHref: (attemptId: string) => string }) {
  const detailsColumn: Column<ResponseRow> = {
    header: <span className="sr-only">Details</span>,
    cellClassName: "whitespace-nowrap",
    cell: (row) => (
      <Link href={detailHref(row.id)} className="font-medium text-brand underline">
        View response<span className="sr-only"> of {row.participantName} to {row.quizTitle}</span>
      </Link>
    ),
  };
  return (
    <PagedTable
      caption="Responses, highest score first, then fastest"
      columns={[...COLUMNS, detailsColumn]}
      rows={rows}
      rowKey={(row) => row.id}
      minWidth="min-w-[64rem]"
      rowClassName="align-top"
    />
  );
}
