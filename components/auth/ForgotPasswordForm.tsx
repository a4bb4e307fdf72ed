"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { FormMessage, inputClass, primaryButtonClass } from "@/components/ui/form";
import { ApiError, callApi } from "@/lib/client";

export function ForgotPasswordForm() {
  const t = useTranslations("auth");
  const [result, setResult] = useState<{ tone: "error" | "success"; text: string }>();
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "");
    setSending(true);
    setResult(undefined);
    try {
      const { message } = await callApi<{ message: string }>("/api/forgotpassword", { json: { email } });
      setResult({ tone: "success", text: message });
    } catch (caught) {
      const text = caught instanceof ApiError ? caught.serverMessage ?? t("somethingWentWrong") : t("sendError", { error: (caught as Error).message });
      setResult({ tone: "error", text });
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="flex max-w-md flex-col gap-4">
      <label htmlFor="forgot-email" className="text-sm font-medium">{t("email")}</label>
      <input id="forgot-email" name="email" type="email" required autoComplete="email" className={inputClass} />
      <button type="submit" className={primaryButtonClass} disabled={sending}>{sending ? t("sending") : t("sendResetLink")}</button>
      {result && <FormMessage tone={result.tone}>{result.text}</FormMessage>}
    </form>
  );
}
