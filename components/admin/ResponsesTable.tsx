import Link from "next/link";
import { NameAndEmail, PagedTable, type Column } from "@/components/ui/PagedTable";
import { formatMinutesSeconds, formatIndiaDateTime } from "@/lib/format";
import type { listResponses } from "@/lib/exam";

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
];

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
