import { z } from "zod";
import { REFUND_REASON_REQUIRED } from "@/lib/messages";
import { text } from "@/lib/validation";
import type { TransactionStatus } from "@/lib/wallet/schemas";

/** A participant's state for one quiz, derived from their entry-fee rows. */
export type PaymentState = "not paid" | TransactionStatus;

/** POST /api/wallet/transaction/{id}/refund: why the admin gives the payment back. */
export const refundSchema = z.object({
  reason: text("The reason", REFUND_REASON_REQUIRED).trim().min(1, REFUND_REASON_REQUIRED).max(300, "The reason must be at most 300 characters."),
});
