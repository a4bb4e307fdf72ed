import { PagedTable, type Column } from "@/components/ui/PagedTable";
import { formatIndiaDateTime } from "@/lib/format";
import { formatRupeesWithSymbol } from "@/lib/money";
import type { TransactionPage } from "@/lib/wallet";
import { transactionKind, transactionPurpose } from "@/lib/wallet/schemas";

const STATUS_STYLE = {
  pending: "bg-amber-100 text-amber-900",
  verified: "bg-emerald-100 text-emerald-900",
  rejected: "bg-red-100 text-red-900",
} as const;

type Transaction = TransactionPage["rows"][number];

const COLUMNS: Column<Transaction>[] = [
  { header: "Date", cell: (row) => formatIndiaDateTime(row.createdAt), cellClassName: "whitespace-nowrap" },
  { header: "Details", cell: transactionPurpose },
  { header: "Type", cell: transactionKind },
  { header: "Amount", cell: (row) => formatRupeesWithSymbol(row.amountPaise), className: "text-right", cellClassName: "font-medium" },
  {
    header: "Status",
    cell: (row) => <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[row.status]}`}>{row.status}</span>,
  },
];

/** The ledger, 5 rows a page; pages are links so the table works without JavaScript. */
export function TransactionHistory({ history, pageHref }: { history: TransactionPage | null; pageHref: (page: number) => string }) {
  if (!history) return <p role="alert" className="text-red-700">Error loading transactions.</p>;

  return (
    <PagedTable
      caption="Transaction history"
      columns={COLUMNS}
      rows={history.rows}
      rowKey={(row) => row.id}
      minWidth="min-w-[36rem]"
      empty="No transactions yet."
      total={history.total}
      pager={{ label: "Transaction pages", page: history.page, pageCount: history.pageCount, pageHref }}
    />
  );
}
