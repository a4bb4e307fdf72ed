import { useLocale, useTranslations } from "next-intl";
import { PagedTable, type Column } from "@/components/ui/PagedTable";
import { formatIndiaDateTime } from "@/lib/format";
import { formatRupeesWithSymbol } from "@/lib/money";
import { textIn } from "@/lib/quizzes/schemas";
import type { TransactionPage } from "@/lib/wallet";
import { REASONS, transactionPurpose, type PaymentMode, type TransactionType } from "@/lib/wallet/schemas";

const STATUS_STYLE = {
  pending: "bg-amber-100 text-amber-900",
  verified: "bg-emerald-100 text-emerald-900",
  rejected: "bg-red-100 text-red-900",
} as const;

type Transaction = TransactionPage["rows"][number];

/** The ledger's labels (lib/wallet/schemas, SPEC §10) by their key in the "wallet.transactions.kind" texts. */
const KIND_KEYS = {
  credit: { upi: "creditUpi", wallet: "creditWallet", gateway: "creditGateway" },
  debit: { upi: "debitUpi", wallet: "paidFromWallet", gateway: "refundGateway" },
  "form pay": { upi: "paidByUpi", wallet: "paidFromWallet", gateway: "paidByGateway" },
} as const satisfies Record<TransactionType, Record<PaymentMode, string>>;

const PURPOSE_KEYS = Object.values(REASONS);

function isKnownReason(reason: string): reason is (typeof PURPOSE_KEYS)[number] {
  return (PURPOSE_KEYS as string[]).includes(reason);
}

/** The ledger, 5 rows a page; pages are links so the table works without JavaScript. */
export function TransactionHistory({ history, pageHref }: { history: TransactionPage | null; pageHref: (page: number) => string }) {
  const t = useTranslations("wallet.transactions");
  const language = useLocale();
  if (!history) return <p role="alert" className="text-red-700">{t("failed")}</p>;

  const purpose = (row: Transaction) => {
    if (row.type === "form pay" && row.quizTitle) {
      const title = textIn(language, row.quizTitle, row.quizTitleHi);
      return t.rich("entryFeeFor", { title: title.text, quiz: (chunks) => <span lang={title.lang}>{chunks}</span> });
    }
    // A reason an admin typed has no translation: it is shown as written.
    return isKnownReason(row.reason) ? t(`purpose.${row.reason}`) : transactionPurpose(row);
  };
  const columns: Column<Transaction>[] = [
    { header: t("date"), cell: (row) => formatIndiaDateTime(row.createdAt, language), cellClassName: "whitespace-nowrap" },
    { header: t("details"), cell: purpose },
    // A free pass paid the fee as a prize in kind: not the wallet's money.
    { header: t("type"), cell: (row) => t(`kind.${row.reason === REASONS.freePassEntry ? "paidByFreePass" : KIND_KEYS[row.type][row.mode]}`) },
    { header: t("amount"), cell: (row) => formatRupeesWithSymbol(row.amountPaise), className: "text-right", cellClassName: "font-medium" },
    {
      header: t("status"),
      cell: (row) => <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[row.status]}`}>{t(`state.${row.status}`)}</span>,
    },
  ];

  return (
    <PagedTable
      caption={t("caption")}
      columns={columns}
      rows={history.rows}
      rowKey={(row) => row.id}
      minWidth="min-w-[36rem]"
      empty={t("empty")}
      total={history.total}
      pager={{ label: t("pages"), page: history.page, pageCount: history.pageCount, pageHref }}
    />
  );
}
