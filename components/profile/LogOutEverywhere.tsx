"use client";

import { useState } from "react";
import { FormMessage } from "@/components/ui/form";
import { ApiError, callApi } from "@/lib/client";

/** Ends every session of the account (a lost phone, a shared computer), this one included. */
export function LogOutEverywhere() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function logOutEverywhere() {
    setBusy(true);
    setError(undefined);
    try {
      await callApi("/api/logout-everywhere", { method: "POST" });
      // A full load, so the server-rendered pages drop the ended session.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign("/");
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.serverMessage ?? "Logout failed" : "Logout failed");
      setBusy(false);
    }
  }

  return (
    <div>
      <p className="mb-3 text-sm text-slate-700">Logs you out on every phone, tablet and computer where you are logged in, this one included.</p>
      <button type="button" onClick={logOutEverywhere} disabled={busy} className="rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-semibold hover:bg-slate-50 disabled:opacity-60">
        {busy ? "Logging out…" : "Log out everywhere"}
      </button>
      {error && <div className="mt-3"><FormMessage tone="error">{error}</FormMessage></div>}
    </div>
  );
}
