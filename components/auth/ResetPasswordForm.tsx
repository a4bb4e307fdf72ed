"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Field, FormMessage, primaryButtonClass } from "@/components/ui/form";
import { ApiError, callApi } from "@/lib/client";

export function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations("auth");
  const [result, setResult] = useState<{ tone: "error" | "success"; text: string }>();
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const newPassword = String(data.get("newPassword") ?? "");
    if (newPassword !== String(data.get("confirmPassword") ?? "")) {
      setResult({ tone: "error", text: t("passwordsDoNotMatch") });
      return;
    }
    if (!token || !newPassword) {
      setResult({ tone: "error", text: t("resetDetailsMissing") });
      return;
    }
    setSaving(true);
    setResult(undefined);
    try {
      const { message } = await callApi<{ message: string }>("/api/passwordreset", { json: { token, newPassword } });
      setResult({ tone: "success", text: message });
    } catch (caught) {
      setResult({ tone: "error", text: caught instanceof ApiError ? caught.serverMessage ?? t("somethingWentWrong") : t("resetError") });
    } finally {
      setSaving(false);
    }
  }

  if (result?.tone === "success") {
    return (
      <div className="flex max-w-md flex-col gap-4">
        <FormMessage tone="success">{result.text}</FormMessage>
        <Link href="/login" className={primaryButtonClass + " text-center"}>{t("goToLogin")}</Link>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-md flex-col gap-4">
      <Field id="reset-password" name="newPassword" label={t("newPassword")} type="password" autoComplete="new-password" />
      <Field id="reset-confirm" name="confirmPassword" label={t("confirmNewPassword")} type="password" autoComplete="new-password" />
      {result && <FormMessage tone={result.tone}>{result.text}</FormMessage>}
      <button type="submit" className={primaryButtonClass} disabled={saving}>{saving ? t("saving") : t("resetPassword")}</button>
    </form>
  );
}
