"use client";

import { FormMessage } from "@/components/ui/form";
import { useCallThenLeave } from "./useCallThenLeave";

/** Ends every session of the account (a lost phone, a shared computer), this one included. */
export function LogOutEverywhere() {
  const { busy, error, run } = useCallThenLeave("Logout failed");
  return (
    <div>
      <p className="mb-3 text-sm text-slate-700">Logs you out on every phone, tablet and computer where you are logged in, this one included.</p>
      <button type="button" onClick={() => run("/api/logout-everywhere", "POST")} disabled={busy} className="rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-semibold hover:bg-slate-50 disabled:opacity-60">
        {busy ? "Logging out…" : "Log out everywhere"}
      </button>
      {error && <div className="mt-3"><FormMessage tone="error">{error}</FormMessage></div>}
    </div>
  );
}
