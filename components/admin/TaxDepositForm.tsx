"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { FormMessage, inputClass } from "@/components/ui/form";
import { callApi } from "@/lib/client";
import { failureText, smallButtonClass, type Message } from "./adminUi";

export interface TaxDepositTexts {
  heading: string;
  payable: string;
  amount: string;
  challan: string;
  depositedOn: string;
  period: string;
  submit: string;
  failed: string;
}

/** Tax withheld deposited with the government: the books move it from tax payable to the bank. */
export function TaxDepositForm({ today, period, texts }: { today: string; period: string; texts: TaxDepositTexts }) {
  const router = useRouter();
  const id = useId();
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<Message>();

  return (
    <form
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
        setMessage(undefined);
        startTransition(async () => {
          try {
            const result = await callApi<{ message: string }>("/api/books/tax-deposits", { method: "POST", json: values });
            setMessage({ tone: "success", text: result.message });
            form.reset();
            router.refresh();
          } catch (caught) {
            setMessage({ tone: "error", text: failureText(caught, texts.failed) });
          }
        });
      }}
    >
      <h3 id={`${id}-heading`} className="text-lg font-semibold">{texts.heading}</h3>
      <p className="text-sm text-slate-700">{texts.payable}</p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-amount`} className="text-sm font-medium text-slate-800">{texts.amount}</label>
          <input id={`${id}-amount`} name="amount" inputMode="decimal" className={inputClass} required />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-challan`} className="text-sm font-medium text-slate-800">{texts.challan}</label>
          <input id={`${id}-challan`} name="challanReference" className={inputClass} required minLength={4} maxLength={64} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-on`} className="text-sm font-medium text-slate-800">{texts.depositedOn}</label>
          <input id={`${id}-on`} name="depositedOn" type="date" className={inputClass} defaultValue={today} max={today} required />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-period`} className="text-sm font-medium text-slate-800">{texts.period}</label>
          <input id={`${id}-period`} name="period" className={inputClass} defaultValue={period} required />
        </div>
        <button type="submit" className={smallButtonClass} disabled={pending}>{texts.submit}</button>
      </div>
      <FormMessage tone={message?.tone ?? "error"}>{message?.text}</FormMessage>
    </form>
  );
}
