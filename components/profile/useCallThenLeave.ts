"use client";

import { useState } from "react";
import { ApiError, callApi } from "@/lib/client";

/**
 * For a profile action that ends the session (delete the account, log out everywhere): call
 * the API, then load the start page whole, so the server-rendered pages drop the ended session.
 */
export function useCallThenLeave(failure: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function run(path: string, method: string) {
    setBusy(true);
    setError(undefined);
    try {
      await callApi(path, { method });
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign("/");
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.serverMessage ?? failure : failure);
      setBusy(false);
    }
  }

  return { busy, error, run };
}
