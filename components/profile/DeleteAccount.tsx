"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { FormMessage } from "@/components/ui/form";
import { useCallThenLeave } from "./useCallThenLeave";

export function DeleteAccount({ userId }: { userId: string }) {
  const t = useTranslations("profile.deleteAccount");
  const [confirming, setConfirming] = useState(false);
  const { busy: deleting, error, run } = useCallThenLeave(t("failed"));
  const deleteNow = () => run(`/api/deleteUser/${userId}`, "DELETE");

  if (!confirming) {
    return (
      <button type="button" onClick={() => setConfirming(true)} className="rounded-lg border border-red-300 bg-white px-5 py-2.5 font-semibold text-red-800 hover:bg-red-50">
        {t("button")}
      </button>
    );
  }
  return (
    <div role="alertdialog" aria-labelledby="delete-title" aria-describedby="delete-text" className="rounded-lg border border-red-300 bg-red-50 p-4">
      <h3 id="delete-title" className="font-semibold text-red-900">{t("confirmTitle")}</h3>
      <p id="delete-text" className="mt-1 text-sm text-red-900">{t("confirmText")}</p>
      <div className="mt-3 flex gap-3">
        <button type="button" onClick={deleteNow} disabled={deleting} className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white disabled:opacity-60">
          {t(deleting ? "deleting" : "confirm")}
        </button>
        <button type="button" onClick={() => setConfirming(false)} className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold" autoFocus>
          {t("cancel")}
        </button>
      </div>
      {error && <div className="mt-3"><FormMessage tone="error">{error}</FormMessage></div>}
    </div>
  );
}
