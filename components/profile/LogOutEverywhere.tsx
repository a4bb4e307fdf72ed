"use client";

import { useTranslations } from "next-intl";
import { FormMessage } from "@/components/ui/form";
import { useCallThenLeave } from "./useCallThenLeave";

/** Ends every session of the account (a lost phone, a shared computer), this one included. */
export function LogOutEverywhere() {
  const t = useTranslations("profile.logOutEverywhere");
  const { busy, error, run } = useCallThenLeave(t("failed"));
  return (
    <div>
      <p className="mb-3 text-sm text-slate-700">{t("text")}</p>
      <button type="button" onClick={() => run("/api/logout-everywhere", "POST")} disabled={busy} className="rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-semibold hover:bg-slate-50 disabled:opacity-60">
        {t(busy ? "loggingOut" : "button")}
      </button>
      {error && <div className="mt-3"><FormMessage tone="error">{error}</FormMessage></div>}
    </div>
  );
}
