"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { FormMessage, primaryButtonClass } from "@/components/ui/form";
import { callApi } from "@/lib/client";
import { failureText, type Message } from "@/components/admin/adminUi";

/** Turns a free pass into one entry fee in the wallet. */
export function FreePassButton({ quizId, feeText }: { quizId: string; feeText: string }) {
  const t = useTranslations("prizes");
  const router = useRouter();
  const [message, setMessage] = useState<Message>();
  const [pending, startTransition] = useTransition();
  const redeem = () =>
    startTransition(async () => {
      try {
        const result = await callApi<{ message: string }>(`/api/prizes/${quizId}/free-pass`, { method: "POST" });
        setMessage({ tone: "success", text: result.message });
        router.refresh();
      } catch (caught) {
        setMessage({ tone: "error", text: failureText(caught, t("redeemFailed")) });
      }
    });
  return (
    <div className="flex flex-col items-start gap-2">
      <button type="button" className={primaryButtonClass} onClick={redeem} disabled={pending}>
        {t("addToWallet", { fee: feeText })}
      </button>
      <FormMessage tone={message?.tone ?? "error"}>{message?.text}</FormMessage>
    </div>
  );
}
