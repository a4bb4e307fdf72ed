"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { FormMessage } from "@/components/ui/form";
import { ApiError, callApi } from "@/lib/client";

/** Shown until the participant opens the link mailed at sign-up; taking part does not wait for it. */
export function VerifyEmailBanner({ email }: { email: string }) {
  const t = useTranslations("dashboard.verifyEmail");
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ tone: "success" | "error"; text: string }>();

  async function resend() {
    setSending(true);
    setResult(undefined);
    try {
      const { message } = await callApi<{ message: string }>("/api/verify-email/resend", { method: "POST" });
      setResult({ tone: "success", text: message });
    } catch (caught) {
      setResult({ tone: "error", text: (caught instanceof ApiError && caught.serverMessage) || t("failed") });
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby="verify-email-heading" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <h2 id="verify-email-heading" className="font-semibold">{t("heading")}</h2>
      <p className="mt-1 text-sm">{t.rich("text", { email, strong: (chunks) => <strong>{chunks}</strong> })}</p>
      <button type="button" onClick={resend} disabled={sending} className="mt-3 rounded-lg border border-amber-400 bg-white px-4 py-2 text-sm font-semibold hover:bg-amber-100 disabled:opacity-60">
        {t(sending ? "sending" : "resend")}
      </button>
      {result && <div className="mt-3"><FormMessage tone={result.tone}>{result.text}</FormMessage></div>}
    </section>
  );
}
