import { paiseToRupees } from "@/lib/money";
import { uploadUrl } from "@/lib/uploads/schemas";
import type { PaymentMode, TransactionStatus, TransactionType } from "./schemas";

interface LedgerRow {
  id: string;
  userId: string;
  quizId: string | null;
  type: TransactionType;
  mode: PaymentMode;
  status: TransactionStatus;
  amountPaise: number;
  reason: string;
  paymentReference: string | null;
  payeeName: string | null;
  proofUploadId: string | null;
  createdAt: Date;
}

/**
 * A ledger row with SPEC §3's Transaction names beside its own (amount in rupees), so an API
 * client written against SPEC works: every /api/wallet answer carries its rows through here.
 */
export function specTransaction<Row extends LedgerRow>(row: Row) {
  return {
    ...row,
    _id: row.id,
    paymentType: row.type,
    paymentMode: row.mode,
    paymentId: row.paymentReference,
    amount: paiseToRupees(row.amountPaise),
    transReason: row.reason,
    paymentVerified: row.status,
    paysnapurl: row.proofUploadId ? uploadUrl(row.proofUploadId) : null,
    timestamp: row.createdAt,
  };
}
