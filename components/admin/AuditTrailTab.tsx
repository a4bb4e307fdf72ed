import Link from "next/link";
import { Email, PagedTable, type Column } from "@/components/ui/PagedTable";
import { inputClass } from "@/components/ui/form";
import type { AuditList } from "@/lib/audit";
import { AUDIT_ACTIONS, auditActionLabel } from "@/lib/audit/schemas";
import { formatIndiaDateTime } from "@/lib/format";
import { isCalendarDayText, pageParam, textParam } from "@/lib/validation";
import { AdminFilterForm, FilterSelect } from "./AdminFilter";

type SearchParams = Record<string, string | string[] | undefined>;

/** The tab's filter as the address carries it: days stay "YYYY-MM-DD" so the form shows them back. */
export interface AuditTabFilter {
  action?: string;
  subjectId?: string;
  from?: string;
  until?: string;
  page: number;
}

function day(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" && isCalendarDayText(value) ? value : undefined;
}

/** Hand-edited URLs are common on admin screens: anything unrecognised means "no filter". */
export function auditTabFilter(params: SearchParams): AuditTabFilter {
  const action = textParam(params.action, 60);
  return {
    action: action && action in AUDIT_ACTIONS ? action : undefined,
    subjectId: textParam(params.subject, 200),
    from: day(params.from),
    until: day(params.until),
    page: pageParam(params.page),
  };
}

function auditHref(filter: AuditTabFilter, page: number): string {
  const query = new URLSearchParams({ tab: "audit" });
  if (filter.action) query.set("action", filter.action);
  if (filter.subjectId) query.set("subject", filter.subjectId);
  if (filter.from) query.set("from", filter.from);
  if (filter.until) query.set("until", filter.until);
  if (page > 1) query.set("page", String(page));
  return `/adminpanel?${query}`;
}

type AuditRow = AuditList["rows"][number];

const SUBJECT_LABEL: Record<string, string> = { payment: "Payment", user: "User", question: "Question", quiz: "Quiz", attempt: "Attempt" };

/** A payment opens on its own in Transaction Management; other subjects filter this tab by themselves. */
function subjectHref(row: AuditRow): string {
  if (row.subjectType === "payment") return `/adminpanel?${new URLSearchParams({ tab: "transactions", payment: row.subjectId })}`;
  return auditHref({ subjectId: row.subjectId, page: 1 }, 1);
}

function Subject({ row }: { row: AuditRow }) {
  return (
    <>
      <span className="block">{SUBJECT_LABEL[row.subjectType] ?? row.subjectType}</span>
      <Link href={subjectHref(row)} title={row.subjectId} className="block max-w-[10rem] truncate font-mono text-xs text-brand underline">
        {row.subjectId}
      </Link>
    </>
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** How entries store instants (Date#toISOString), shown in India time like the rest of the panel. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** One value in a line of the diff: strings as they are, everything else as compact JSON, cut short. */
function shown(value: unknown): string {
  if (value === undefined || value === null) return "—";
  if (typeof value === "string" && ISO_INSTANT.test(value)) return formatIndiaDateTime(new Date(value));
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/** The keys whose values differ between before and after, in the order they first appear. */
function changedKeys(before: unknown, after: unknown): { key: string; before: unknown; after: unknown }[] {
  if (!isRecord(before) && !isRecord(after)) return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ key: "value", before, after }];
  const was = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return keys.filter((key) => JSON.stringify(was[key]) !== JSON.stringify(now[key])).map((key) => ({ key, before: was[key], after: now[key] }));
}

function Changes({ row }: { row: AuditRow }) {
  const changes = changedKeys(row.before, row.after);
  if (changes.length === 0) return <span className="text-slate-600">No change recorded</span>;
  return (
    <details className="group">
      <summary className="cursor-pointer font-medium text-brand focus-visible:outline-2 focus-visible:outline-brand">
        {changes.length === 1 ? "1 change" : `${changes.length} changes`}
        <span className="sr-only">: {changes.map((change) => change.key).join(", ")}</span>
      </summary>
      <dl className="mt-2 flex flex-col gap-2">
        {changes.map((change) => (
          <div key={change.key}>
            <dt className="font-mono text-xs font-semibold text-slate-800">{change.key}</dt>
            <dd className="break-words text-xs">
              <span className="text-red-800"><span className="sr-only">Before: </span><del>{shown(change.before)}</del></span>
              <span aria-hidden="true"> → </span>
              <span className="text-emerald-800"><span className="sr-only">, after: </span><ins className="no-underline">{shown(change.after)}</ins></span>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

const COLUMNS: Column<AuditRow>[] = [
  { header: "When", cellClassName: "whitespace-nowrap", cell: (row) => formatIndiaDateTime(row.createdAt) },
  {
    header: "Who",
    rowHeader: true,
    cellClassName: "font-normal",
    cell: (row) =>
      row.actorEmail ? (
        <>
          <span className="block font-medium">{row.actorName}</span>
          <Email email={row.actorEmail} className="block text-slate-600" halfWidth="max-w-[9rem]" />
        </>
      ) : (
        <span className="text-slate-600">System</span>
      ),
  },
  { header: "Action", cell: (row) => auditActionLabel(row.action) },
  { header: "Subject", cell: (row) => <Subject row={row} /> },
  { header: "Reason", cellClassName: "max-w-[14rem] break-words", cell: (row) => row.reason ?? <span className="text-slate-500">—</span> },
  { header: "Changes", cellClassName: "min-w-[12rem] max-w-[20rem]", cell: (row) => <Changes row={row} /> },
];

function DayInput({ id, label, name, value }: { id: string; label: string; name: string; value?: string }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">{label}</label>
      <input id={id} type="date" name={name} defaultValue={value ?? ""} className={inputClass} />
    </div>
  );
}

/** `list` is null when the trail could not be loaded. */
export function AuditTrailTab({ filter, list }: { filter: AuditTabFilter; list: AuditList | null }) {
  const filtered = Boolean(filter.action || filter.subjectId || filter.from || filter.until);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-700">Payment decisions and refunds, role changes, answer-key decisions and edits to questions of quizzes participants have paid for, newest first. Entries cannot be changed or deleted. Times are India time.</p>
      <AdminFilterForm tab="audit" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <FilterSelect id="audit-action" label="Action" name="action" defaultValue={filter.action ?? ""} wide>
          <option value="">All actions</option>
          {Object.entries(AUDIT_ACTIONS).map(([action, label]) => <option key={action} value={action}>{label}</option>)}
        </FilterSelect>
        <div className="flex min-w-48 flex-col gap-1">
          <label htmlFor="audit-subject" className="text-sm font-medium text-slate-800">Subject id</label>
          <input id="audit-subject" name="subject" defaultValue={filter.subjectId ?? ""} className={inputClass} autoComplete="off" spellCheck={false} />
        </div>
        <DayInput id="audit-from" label="From" name="from" value={filter.from} />
        <DayInput id="audit-until" label="Until" name="until" value={filter.until} />
      </AdminFilterForm>

      {filter.subjectId && (
        <p className="text-slate-700">
          Showing one subject. <Link className="font-medium text-brand underline" href="/adminpanel?tab=audit">Show all entries</Link>
        </p>
      )}

      {!list ? (
        <p role="alert" className="text-red-700">Error loading the audit trail.</p>
      ) : list.total > 0 && list.rows.length === 0 ? (
        <p className="text-slate-700">
          This page is past the end of the list. <Link className="font-medium text-brand underline" href={auditHref(filter, 1)}>Go to the first page</Link>
        </p>
      ) : (
        <PagedTable
          caption="Audit trail"
          columns={COLUMNS}
          rows={list.rows}
          rowKey={(row) => String(row.id)}
          minWidth="min-w-[54rem]"
          rowClassName="align-top"
          empty={filtered ? "No entries match these filters." : "No entries yet."}
          total={list.total}
          pager={{ label: "Audit trail pages", page: list.page, pageCount: list.pageCount, pageHref: (page) => auditHref(filter, page) }}
        />
      )}
    </div>
  );
}
