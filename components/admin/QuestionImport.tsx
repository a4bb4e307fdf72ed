"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { FormMessage, secondaryButtonClass } from "@/components/ui/form";
import { CSV_HEADER } from "@/lib/quizzes/schemas";

interface ImportProblem {
  row: number;
  message: string;
}

type Outcome = { tone: "success"; message: string } | { tone: "error"; message: string; problems: ImportProblem[] };

const FALLBACK = "Import failed. Please try again.";

/**
 * Sends the CSV with fetch rather than callApi: a refused import's 400 carries the list of bad
 * rows, which callApi's error does not keep.
 */
export function QuestionImport() {
  const router = useRouter();
  const [outcome, setOutcome] = useState<Outcome>();
  const [importing, setImporting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const file = new FormData(form).get("file");
    if (!(file instanceof File) || file.size === 0) {
      setOutcome({ tone: "error", message: "Choose a CSV file to import.", problems: [] });
      return;
    }
    setImporting(true);
    setOutcome(undefined);
    try {
      const response = await fetch("/api/questions/import", { method: "POST", body: new FormData(form) });
      const data = (await response.json().catch(() => ({}))) as { message?: string; errors?: ImportProblem[] };
      if (response.ok) {
        setOutcome({ tone: "success", message: data.message ?? "Questions imported." });
        form.reset();
        router.refresh();
      } else {
        setOutcome({ tone: "error", message: data.message ?? FALLBACK, problems: data.errors ?? [] });
      }
    } catch {
      setOutcome({ tone: "error", message: FALLBACK, problems: [] });
    } finally {
      setImporting(false);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="question-csv" className="text-sm font-medium text-slate-800">CSV file</label>
          <input id="question-csv" name="file" type="file" accept=".csv,text/csv" aria-describedby="question-csv-hint" className="text-sm text-slate-900 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:font-semibold" />
        </div>
        <button type="submit" className={secondaryButtonClass} disabled={importing}>{importing ? "Importing…" : "Import CSV"}</button>
      </form>
      <p id="question-csv-hint" className="text-sm text-slate-600">
        First line: <code className="break-all">{CSV_HEADER.join(",")}</code>. The correct option index is 0 to 3. The last five columns, the Hindi version, may be left out. The file is imported whole or not at all.
      </p>
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
    </div>
  );
}
