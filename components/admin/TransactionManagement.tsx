import Form from "next/form";
import Link from "next/link";
import { Pager } from "@/components/ui/Pager";
import { z } from "zod";
import { inputClass, secondaryButtonClass } from "@/components/ui/form";
import { formatIndiaDateTime } from "@/lib/format";
import { formatRupeesWithSymbol } from "@/lib/money";
import type { ReviewFilter, ReviewList } from "@/lib/payments";
import { pageParam } from "@/lib/validation";
import { transactionKind, transactionPurpose, type TransactionStatus } from "@/lib/wallet/schemas";
import { TransactionTable, type ReviewRow } from "./TransactionTable";

type SearchParams = Record<string, string | string[] | undefined>;

const STATUSES: TransactionStatus[] = ["pending", "verified", "rejected"];

function single(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** Hand-edited URLs are common on admin screens: anything unrecognised means "no filter". */
export function reviewFilter(params: SearchParams): ReviewFilter & { page: number } {
  const status = STATUSES.find((candidate) => candidate === single(params.status));
  const quiz = single(params.quiz);
  return {
    status,
    quizId: quiz && z.uuid().safeParse(quiz).success ? quiz : undefined,
    page: pageParam(params.page),
  };
}

function toRow(row: ReviewList["rows"][number]): ReviewRow {
  return {
    id: row.id,
    status: row.status,
    date: formatIndiaDateTime(row.createdAt),
    participant: row.userName,
    email: row.userEmail,
    what: transactionPurpose(row),
    kind: transactionKind(row),
    amount: formatRupeesWithSymbol(row.amountPaise),
    payeeName: row.payeeName,
    upiId: row.upiId,
    paymentReference: row.paymentReference,
    proofUrl: row.proofUrl,
    reviewed: row.reviewedAt && `Reviewed ${formatIndiaDateTime(row.reviewedAt)}${row.reviewedBy ? ` by ${row.reviewedBy}` : ""}`,
  };
}

/** `list` is null when the transactions could not be loaded. */
export function TransactionManagement({ filter, list }: { filter: ReviewFilter; list: ReviewList | null }) {
  const pageHref = (page: number) => {
    const query = new URLSearchParams({ tab: "transactions" });
    if (filter.status) query.set("status", filter.status);
    if (filter.quizId) query.set("quiz", filter.quizId);
    if (page > 1) query.set("page", String(page));
    return `/adminpanel?${query}`;
  };

  return (
    <div className="flex flex-col gap-4">
      <Form action="/adminpanel" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <input type="hidden" name="tab" value="transactions" />
        <div className="flex flex-col gap-1">
          <label htmlFor="filter-status" className="text-sm font-medium text-slate-800">Status</label>
          <select id="filter-status" name="status" defaultValue={filter.status ?? ""} className={inputClass}>
            <option value="">All</option>
            {STATUSES.map((status) => <option key={status} value={status}>{status}</option>)}
          </select>
        </div>
        <div className="flex min-w-48 flex-col gap-1">
          <label htmlFor="filter-quiz" className="text-sm font-medium text-slate-800">Quiz</label>
          <select id="filter-quiz" name="quiz" defaultValue={filter.quizId ?? ""} className={inputClass}>
            <option value="">All quizzes and wallet payments</option>
            {list?.quizzes.map((quiz) => <option key={quiz.id} value={quiz.id}>{quiz.title}</option>)}
          </select>
        </div>
        <button type="submit" className={secondaryButtonClass}>Filter</button>
      </Form>

      {!list ? (
        <p role="alert" className="text-red-700">Error loading transactions.</p>
      ) : list.total === 0 ? (
        <p className="text-slate-700">{filter.status || filter.quizId ? "No transactions match these filters." : "No transactions yet."}</p>
      ) : list.rows.length === 0 ? (
        <p className="text-slate-700">
          This page is past the end of the list. <Link className="font-medium text-brand underline" href={pageHref(1)}>Go to the first page</Link>
        </p>
      ) : (
        <>
          <TransactionTable rows={list.rows.map(toRow)} />
          <Pager label="Transaction pages" page={list.page} pageCount={list.pageCount} pageHref={pageHref} />
        </>
      )}
    </div>
  );
}
