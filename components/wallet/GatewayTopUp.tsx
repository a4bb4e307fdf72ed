"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { GatewayStatus, OrPayByUpi } from "@/components/payments/GatewayStatus";
import { createGatewayOrder, loadCheckout, useGatewayCheckout } from "@/components/payments/gatewayCheckout";
import { Field, FormMessage, primaryButtonClass } from "@/components/ui/form";
import { ApiError } from "@/lib/client";

/**
 * A top-up through the payment gateway, offered before the UPI screenshot form: the server makes
 * the order for the amount asked, the gateway's checkout takes the money, and the page re-renders
 * with the new balance once the server has counted it (no reload, no admin).
 */
export function GatewayTopUp({ checkoutUrl }: { checkoutUrl: string }) {
  const t = useTranslations("wallet");
  const pay = useTranslations("payment.gateway");
  const serverText = useTranslations("errors");
  const router = useRouter();
  const [opening, setOpening] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const gateway = useGatewayCheckout(() => router.refresh());

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const amount = Number(String(new FormData(event.currentTarget).get("amount") ?? "").trim());
    gateway.reset();
    if (!(amount >= 1)) return setRefusal(t("amountTooSmall"));
    setRefusal(undefined);
    setOpening(true);
    try {
      const [order] = await Promise.all([createGatewayOrder({ purpose: "top_up", amount }), loadCheckout(checkoutUrl)]);
      await gateway.open(order);
    } catch (caught) {
      setRefusal(caught instanceof ApiError ? caught.serverMessage ?? pay("unavailable") : pay("unavailable"));
    } finally {
      setOpening(false);
    }
  }

  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-label={pay("pay")} className="flex flex-col gap-4">
        <Field id="gateway-amount" name="amount" label={t("amount")} type="number" inputMode="decimal" min={1} step="0.01" required />
        <FormMessage tone="error">{refusal}</FormMessage>
        <GatewayStatus phase={gateway.phase} paid={serverText("gatewayTopUpPaid")} />
        <button type="submit" className={primaryButtonClass} disabled={opening}>
          {pay(opening ? "opening" : "pay")}
        </button>
      </form>
      <OrPayByUpi className="my-6" />
    </>
  );
}
