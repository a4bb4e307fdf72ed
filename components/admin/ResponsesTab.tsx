import { z } from "zod";
import type { listCompetitions } from "@/lib/quizzes";
import type { ExtraTimeGrant } from "@/lib/review";
import type { PublicationPreview, ResultsVersion } from "@/lib/results";
import { AdminFilterForm, FilterSelect } from "./AdminFilter";
import { ExtraTimePanel } from "./ExtraTimePanel";
import { PublishResultsButton } from "./PublishResultsButton";
import { ResponsesTable, type ResponseRow } from "./ResponsesTable";
import { ResultsVersionsPanel } from "./ResultsVersionsPanel";

type SearchParams = Record<string, string | string[] | undefined>;

/** Hand-edited URLs are common on admin screens: anything that is not an id means "none". */
function idParam(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" && z.uuid().safeParse(value).success ? value : undefined;
}

/** The quiz filter (?quiz=) and the response opened from the list (?response=). */
export function responsesQuery(searchParams: SearchParams): { quizId?: string; attemptId?: string } {
  return { quizId: idParam(searchParams.quiz), attemptId: idParam(searchParams.response) };
}

/** Links keep the quiz filter, so "Back to responses" returns to the same list. */
export function responsesHref(quizId: string | undefined, attemptId?: string): string {
  const query = new URLSearchParams({ tab: "responses" });
  if (quizId) query.set("quiz", quizId);
  if (attemptId) query.set("response", attemptId);
  return `/adminpanel?${query}`;
}

/** The competitions to filter by, and the responses (to the quiz in the filter, if any). */
export interface ResponseList {
  quizzes: Awaited<ReturnType<typeof listCompetitions>>;
  rows: ResponseRow[];
  /** The chosen quiz's extra-time grants; null without a quiz in the filter. */
  extraTime: ExtraTimeGrant[] | null;
  /** The chosen quiz's published versions of its results, newest first (none before publication); null without a quiz in the filter. */
  versions: ResultsVersion[] | null;
  /** What publishing the chosen quiz's results now would publish, for the confirmation to name; null without a quiz in the filter. */
  preview: PublicationPreview | null;
}

/** `list` is null when the responses could not be loaded. */
export function ResponsesTab({ quizId, list }: { quizId: string | undefined; list: ResponseList | null }) {
  // The demo quiz is not a competition, but its id may still arrive through a link.
  const unlisted = quizId !== undefined && !list?.quizzes.some((quiz) => quiz.id === quizId);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-4 rounded-lg border border-slate-200 bg-white p-4">
        <AdminFilterForm tab="responses" className="flex flex-wrap items-end gap-3">
          <FilterSelect id="responses-quiz" label="Quiz" name="quiz" defaultValue={quizId ?? ""} wide>
            <option value="">All quizzes</option>
            {list?.quizzes.map((quiz) => <option key={quiz.id} value={quiz.id}>{quiz.title}</option>)}
            {unlisted && <option value={quizId}>Quiz from the link</option>}
          </FilterSelect>
        </AdminFilterForm>
        {quizId && list?.preview && <PublishResultsButton quizId={quizId} published={Boolean(list.versions?.length)} preview={list.preview} />}
      </div>

      {quizId && list?.versions && list.versions.length > 0 && <ResultsVersionsPanel quizId={quizId} versions={list.versions} />}

      {quizId && list?.extraTime && <ExtraTimePanel quizId={quizId} grants={list.extraTime} />}

      {!list ? (
        <p role="alert" className="text-red-700">Error loading responses.</p>
      ) : list.rows.length === 0 ? (
        <p className="text-slate-700">No responses available.</p>
      ) : (
        <ResponsesTable rows={list.rows} detailHref={(id) => responsesHref(quizId, id)} />
      )}
    </div>
  );
}
