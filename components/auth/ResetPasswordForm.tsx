"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { Field, FormMessage, primaryButtonClass } from "@/components/ui/form";
import { ApiError, callApi } from "@/lib/client";

export function ResetPasswordForm({ token }: { token: string }) {
  const [result, setResult] = useState<{ tone: "error" | "success"; text: string }>();
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const newPassword = String(data.get("newPassword") ?? "");
    if (newPassword !== String(data.get("confirmPassword") ?? "")) {
      setResult({ tone: "error", text: "Passwords do not match" });
      return;
    }
    if (!token || !newPassword) {
      setResult({ tone: "error", text: "Token or new password is missing" });
      return;
    }
    setSaving(true);
    setResult(undefined);
    try {
      const { message } = await callApi<{ message: string }>("/api/passwordreset", { json: { token, newPassword } });
      setResult({ tone: "success", text: message });
    } catch (caught) {
      setResult({ tone: "error", text: caught instanceof ApiError ? caught.serverMessage ?? "Something went wrong!" : "Error resetting password" });
    } finally {
      setSaving(false);
    }
  }

  if (result?.tone === "success") {
    return (
      <div className="flex max-w-md flex-col gap-4">
        <FormMessage tone="success">{result.text}</FormMessage>
        <Link href="/login" className={primaryButtonClass + " text-center"}>Go to login</Link>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-md flex-col gap-4">
      <Field id="reset-password" name="newPassword" label="New password" type="password" autoComplete="new-password" />
      <Field id="reset-confirm" name="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" />
      {result && <FormMessage tone={result.tone}>{result.text}</FormMessage>}
      <button type="submit" className={primaryButtonClass} disabled={saving}>{saving ? "Saving…" : "Reset password"}</button>
    </form>
  );
}
