"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { FormMessage, secondaryButtonClass } from "@/components/ui/form";
import { UploadProgressBar } from "@/components/ui/UploadProgressBar";
import { ApiError, uploadWithProgress } from "@/lib/client";
import type { ImportRowReport } from "@/lib/quizzes";
import { CSV_HEADER } from "@/lib/quizzes/schemas";

interface ImportProblem {
  row: number;
  message: string;
}

type Outcome = { tone: "success" | "error"; message: string; rows: ImportRowReport[]; problems: ImportProblem[] };

const FALLBACK = "Import failed. Please try again.";

const STATUS_TEXT: Record<ImportRowReport["status"], string> = { imported: "Imported", skipped: "Skipped", error: "Error" };

/** A refused import's 400 carries the bad rows and a report of every row, kept on the ApiError's body. */
export function QuestionImport() {
  const router = useRouter();
  const [outcome, setOutcome] = useState<Outcome>();
  const [uploadPercent, setUploadPercent] = useState<number>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const file = new FormData(form).get("file");
    if (!(file instanceof File) || file.size === 0) {
      setOutcome({ tone: "error", message: "Choose a CSV or ZIP file to import.", rows: [], problems: [] });
      return;
    }
    setUploadPercent(0);
    setOutcome(undefined);
    try {
      const data = await uploadWithProgress<{ message?: string; rows?: ImportRowReport[] }>("/api/questions/import", new FormData(form), setUploadPercent);
      setOutcome({ tone: "success", message: data.message ?? "Questions imported.", rows: data.rows ?? [], problems: [] });
      form.reset();
      router.refresh();
    } catch (caught) {
      const body = caught instanceof ApiError ? (caught.body as { errors?: ImportProblem[]; rows?: ImportRowReport[] }) : {};
      const message = caught instanceof ApiError ? caught.serverMessage ?? FALLBACK : FALLBACK;
      const rows = body.rows ?? [];
      // Problems the row report does not cover (say, a file without questions) are listed on their own.
      const problems = (body.errors ?? []).filter((problem) => !rows.some((row) => row.row === problem.row));
      setOutcome({ tone: "error", message, rows, problems });
    } finally {
      setUploadPercent(undefined);
    }
  }

  const importing = uploadPercent !== undefined;
  return (
    <div className="flex flex-col gap-3">
      <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="question-csv" className="text-sm font-medium text-slate-800">CSV or ZIP file</label>
          <input id="question-csv" name="file" type="file" accept=".csv,text/csv,.zip,application/zip" aria-describedby="question-csv-hint" className="text-sm text-slate-900 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:font-semibold" />
        </div>
        <button type="submit" className={secondaryButtonClass} disabled={importing}>{importing ? "Importing…" : "Import CSV or ZIP"}</button>
      </form>
      <p id="question-csv-hint" className="text-sm text-slate-600">
        First line: <code className="break-all">{CSV_HEADER.join(",")}</code>. The answer type is single, multiple, integer or numerical (blank: single). Single and multiple
        fill 2 to 6 options and the correct option&apos;s number as the form numbers it (1 for Option 1) or the correct options&apos; numbers (&quot;1,3&quot;); integer gives
        its accepted answers (&quot;42&quot; or &quot;42,57&quot;) and the smallest and largest answer allowed; numerical its correct value, tolerance, decimal places (0 to 2) and,
        if it likes, a range. The last seven columns, the Hindi version, may be left out. Files with the columns correctOptionIndex and correctOptions instead, as exports
        wrote them before, count from 0 (0 for Option 1) and import as they always did; so do files in the older columns (text, subject, four options,
        correctOptionIndex), as single correct.
        Images: a ZIP holding the CSV and an <code>images</code> folder, each named in the text as <code>![what it shows](images/figure.png)</code>. The file is imported
        whole or not at all.
      </p>
      {importing && <UploadProgressBar label="CSV file upload" percent={uploadPercent} />}
      {importing && uploadPercent === 100 && <p className="text-sm text-slate-700">Checking the rows…</p>}
      {outcome?.tone === "success" && <FormMessage tone="success">{outcome.message}</FormMessage>}
      {outcome?.tone === "error" && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          <p>{outcome.message}</p>
          {outcome.problems.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {outcome.problems.map((problem) => <li key={`${problem.row}-${problem.message}`}>Row {problem.row}: {problem.message}</li>)}
            </ul>
          )}
        </div>
      )}
      {outcome && outcome.rows.length > 0 && <ImportReport rows={outcome.rows} />}
    </div>
  );
}

/** Every line of the file and what became of it, with totals; rows are numbered as lines of the file (the header is 1). */
function ImportReport({ rows }: { rows: ImportRowReport[] }) {
  const count = (status: ImportRowReport["status"]) => rows.filter((row) => row.status === status).length;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium text-slate-800">
        Imported: {count("imported")} · Skipped: {count("skipped")} · Errors: {count("error")} · Rows: {rows.length}
      </p>
      <div className="max-h-80 overflow-auto rounded-lg border border-slate-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Import report, row by row</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2">Row</th>
              <th scope="col" className="px-3 py-2">Status</th>
              <th scope="col" className="px-3 py-2">Reason</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.row} className="border-t border-slate-200">
                <td className="px-3 py-1.5 tabular-nums">{row.row}</td>
                <td className={`px-3 py-1.5 font-semibold ${row.status === "error" ? "text-red-800" : row.status === "skipped" ? "text-amber-900" : "text-emerald-800"}`}>{STATUS_TEXT[row.status]}</td>
                <td className="px-3 py-1.5">{row.status === "imported" ? "" : row.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
