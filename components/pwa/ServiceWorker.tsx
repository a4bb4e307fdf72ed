"use client";

import { useEffect } from "react";

/** Registers the service worker in production builds (a dev server's would cache stale code). */
export function ServiceWorker({ enabled }: { enabled: boolean }) {
  useEffect(() => {
    if (!enabled || !("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error: unknown) => console.warn("service worker not registered:", error));
  }, [enabled]);
  return null;
}
