"use client";

import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { Field, FormMessage, primaryButtonClass } from "@/components/ui/form";
import { callApi } from "@/lib/client";
import { rupeesToPaise } from "@/lib/money";
import { useWalletRequest } from "./useWalletRequest";
import { FIELDS_REQUIRED, WITHDRAWAL_TOO_LARGE } from "@/lib/catalogue";
import { useValidationText } from "@/components/ui/validationText";

/**
 * The balance check here only saves a round trip; the server checks again against the balance
 * less withdrawals already waiting, which is what `availablePaise` shows.
 */
export function WithdrawForm({ availablePaise }: { availablePaise: number }) {
  const t = useTranslations("wallet");
  const problemText = useValidationText();
  const { message, submitting, refuse, submit } = useWalletRequest();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Kept before the await: React clears currentTarget once the handler has returned.
    const form = event.currentTarget;
    const data = new FormData(form);
    const amount = String(data.get("amount") ?? "").trim();
    const payeeName = String(data.get("payeeName") ?? "").trim();
    const upiId = String(data.get("upiId") ?? "").trim();

    if (!amount || !payeeName || !upiId) return refuse(problemText(FIELDS_REQUIRED));
    if (!(Number(amount) >= 1)) return refuse(t("amountTooSmall"));
    if (rupeesToPaise(Number(amount)) > availablePaise) return refuse(problemText(WITHDRAWAL_TOO_LARGE));

    await submit(form, { success: t("withdraw.submitted"), failure: t("withdraw.failed") }, () =>
      callApi("/api/wallet/debit", { json: { paymentType: "debit", amount: Number(amount), payeeName, upiId, paymentMode: "upi" } }),
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{t("withdraw.instructions")}</p>
      <Field id="withdraw-amount" name="amount" label={t("amount")} type="number" inputMode="decimal" min={1} step="0.01" required />
      <Field id="withdraw-bank" name="payeeName" label={t("withdraw.bankName")} autoComplete="off" required />
      <Field id="withdraw-upi" name="upiId" label={t("withdraw.upiId")} autoComplete="off" placeholder={t("withdraw.upiIdPlaceholder")} spellCheck={false} required />
      <FormMessage tone={message?.tone ?? "error"}>{message?.text}</FormMessage>
      <button type="submit" className={primaryButtonClass} disabled={submitting}>
        {t(submitting ? "withdraw.requesting" : "withdraw.request")}
      </button>
    </form>
  );
}
