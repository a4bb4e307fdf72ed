import Form from "next/form";
import Link from "next/link";
import { inputClass, secondaryButtonClass } from "@/components/ui/form";
import type { listQuestions } from "@/lib/quizzes";
import { textParam } from "@/lib/validation";
import { QuestionImport } from "./QuestionImport";
import { QuestionManager } from "./QuestionManager";
import type { QuestionRow } from "./QuestionList";

type SearchParams = Record<string, string | string[] | undefined>;

export interface QuestionFilter {
  search?: string;
  subject?: string;
}

/** The list filters are GET parameters, so a filtered bank can be bookmarked and survives a refresh. */
export function questionFilter(searchParams: SearchParams): QuestionFilter {
  return { search: textParam(searchParams.qsearch), subject: textParam(searchParams.qsubject) };
}

/** The questions matching the filter, every subject in the bank, and how many quizzes use each question. */
export interface QuestionBank {
  questions: Awaited<ReturnType<typeof listQuestions>>;
  subjects: string[];
  usage: Map<string, number>;
}

/** `loaded` is null when the bank could not be loaded. */
export function QuestionsTab({ filter: { search, subject }, loaded }: { filter: QuestionFilter; loaded: QuestionBank | null }) {
  if (!loaded) return <p role="alert" className="text-red-700">Error loading questions. Please try again.</p>;

  const rows: QuestionRow[] = loaded.questions.map((question) => ({ ...question, usage: loaded.usage.get(question.id) ?? 0 }));
  // A subject typed into the URL that no question has still shows as chosen.
  const subjects = subject && !loaded.subjects.includes(subject) ? [...loaded.subjects, subject] : loaded.subjects;

  const filters = (
    <Form action="/adminpanel" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <input type="hidden" name="tab" value="questions" />
      <div className="flex min-w-56 flex-1 flex-col gap-1">
        <label htmlFor="questions-search" className="text-sm font-medium text-slate-800">Search by text</label>
        <input id="questions-search" name="qsearch" type="search" defaultValue={search ?? ""} className={inputClass} />
      </div>
      <div className="flex min-w-48 flex-col gap-1">
        <label htmlFor="questions-subject" className="text-sm font-medium text-slate-800">Filter by subject</label>
        <select id="questions-subject" name="qsubject" defaultValue={subject ?? ""} className={inputClass}>
          <option value="">All subjects</option>
          {subjects.map((name) => <option key={name} value={name}>{name}</option>)}
        </select>
      </div>
      <button type="submit" className={secondaryButtonClass}>Search</button>
      {(search || subject) && <Link href="/adminpanel?tab=questions" className="self-center font-medium text-brand underline">Clear filters</Link>}
    </Form>
  );

  return (
    <div className="flex flex-col gap-8">
      {/* The import sits below the whole bank, thousands of pixels down: one link away from the top. */}
      <p className="-mb-4 text-sm">
        <a href="#question-import" className="font-medium text-brand underline">Import CSV or ZIP</a>
      </p>
      <QuestionManager questions={rows} subjects={loaded.subjects} filters={filters} filtered={Boolean(search || subject)} />
      <section id="question-import" tabIndex={-1} aria-labelledby="question-csv-heading" className="flex scroll-mt-4 flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <h3 id="question-csv-heading" className="text-lg font-semibold">Import and export</h3>
        <QuestionImport />
        <p className="text-sm text-slate-700">
          {/* A plain link: the API answers with a CSV attachment, not a page. */}
          <a href="/api/questions/export" download className="font-medium text-brand underline">Export CSV</a> downloads the whole bank in the same format;{" "}
          <a href="/api/questions/export?format=zip" download className="font-medium text-brand underline">Export ZIP</a> adds its images, for another deployment to import as it is.
        </p>
      </section>
    </div>
  );
}
