"use client";

import { useTranslations } from "next-intl";
import { formMessageClass } from "@/components/ui/form";
import type { GatewayPhase } from "./gatewayCheckout";

/**
 * What the gateway payment is doing, said politely: the region is there before anything is said
 * in it (a region that appears with its words is not always read), and it takes no focus, which
 * may be in the gateway's checkout. Laid out as if absent (display: contents) while silent.
 * `paid` is what to say once paid; without it the caller says so itself. The words are the
 * server's own (the errors catalogue), whether the checkout's confirmation or the order's status told.
 */
export function GatewayStatus({ phase, paid }: { phase: GatewayPhase; paid?: string }) {
  const t = useTranslations("payment.gateway");
  const server = useTranslations("errors");
  const said: Record<GatewayPhase, { tone: "info" | "success" | "error"; text: string } | undefined> = {
    idle: undefined,
    paying: undefined,
    confirming: { tone: "info", text: server("gatewayPaymentPending") },
    paid: paid ? { tone: "success", text: paid } : undefined,
    kept: { tone: "info", text: server("gatewayPaymentKept") },
    failed: { tone: "error", text: server("gatewayPaymentFailed") },
    unavailable: { tone: "error", text: t("unavailable") },
  };
  const now = said[phase];
  return (
    <div aria-live="polite" className="contents">
      {now && <p className={formMessageClass(now.tone)}>{now.text}</p>}
    </div>
  );
}

/** Between the gateway's button and SPEC's UPI screenshot flow, which stays as it was. */
export function OrPayByUpi({ className }: { className: string }) {
  const t = useTranslations("payment.gateway");
  return (
    <p className={`flex items-center gap-3 text-sm font-medium text-slate-700 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200 ${className}`}>
      {t("or")}
    </p>
  );
}
