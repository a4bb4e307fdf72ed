"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition, type FormEvent } from "react";
import { Field, FormMessage, primaryButtonClass } from "@/components/ui/form";
import { useValidationText } from "@/components/ui/validationText";
import { callApi } from "@/lib/client";
import { claimSchema } from "@/lib/payouts/schemas";
import { failureText, type Message } from "@/components/admin/adminUi";

/** PAN and a UPI id or bank account, checked in the browser with the handler's own schema. */
export function PrizeClaimForm({ quizId }: { quizId: string }) {
  const t = useTranslations("prizes");
  const fieldError = useValidationText();
  const router = useRouter();
  const [method, setMethod] = useState<"upi" | "bank">("upi");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<Message>();
  const [pending, startTransition] = useTransition();

  // onSubmit rather than a form action: an action resets the fields, and a refused PAN would empty the account too.
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = Object.fromEntries(new FormData(event.currentTarget).entries());
    const parsed = claimSchema.safeParse({ ...input, method });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? "method"), issue.message])));
      return;
    }
    setErrors({});
    setMessage(undefined);
    startTransition(async () => {
      try {
        const result = await callApi<{ message: string }>(`/api/prizes/${quizId}/claim`, { method: "POST", json: parsed.data });
        setMessage({ tone: "success", text: result.message });
        router.refresh();
      } catch (caught) {
        setMessage({ tone: "error", text: failureText(caught, t("claimFailed")) });
      }
    });
  }

  return (
    <form onSubmit={submit} className="flex max-w-md flex-col gap-4" noValidate>
      <Field label={t("pan")} id="pan" name="pan" autoComplete="off" placeholder="ABCDE1234F" maxLength={10} error={fieldError(errors.pan)} required />
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-slate-800">{t("payMeBy")}</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="payout-method" checked={method === "upi"} onChange={() => setMethod("upi")} /> {t("upi")}
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="payout-method" checked={method === "bank"} onChange={() => setMethod("bank")} /> {t("bankAccount")}
        </label>
      </fieldset>
      {method === "upi" ? (
        <Field label={t("upiId")} id="upiId" name="upiId" autoComplete="off" placeholder="name@bank" error={fieldError(errors.upiId)} required />
      ) : (
        <>
          <Field label={t("ifsc")} id="ifsc" name="ifsc" autoComplete="off" placeholder="SBIN0001234" maxLength={11} error={fieldError(errors.ifsc)} required />
          <Field label={t("accountNumber")} id="accountNumber" name="accountNumber" autoComplete="off" inputMode="numeric" error={fieldError(errors.accountNumber)} required />
        </>
      )}
      <p className="text-sm text-slate-600">{t("storedEncrypted")}</p>
      <button type="submit" className={primaryButtonClass} disabled={pending}>
        {pending ? t("sending") : t("claimPrize")}
      </button>
      <FormMessage tone={message?.tone ?? "error"}>{message?.text}</FormMessage>
    </form>
  );
}
