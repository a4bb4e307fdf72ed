import type { TransactionStatus } from "@/lib/wallet/schemas";

/** A participant's state for one quiz, derived from their entry-fee rows. */
export type PaymentState = "not paid" | TransactionStatus;
