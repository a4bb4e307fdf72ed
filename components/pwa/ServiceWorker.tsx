"use client";

import { useEffect } from "react";

/**
 * Registers the service worker in production builds (a dev server's would cache stale code), once
 * the page has loaded and the browser is idle: installing it downloads the assets it precaches,
 * which would otherwise share a first visit's network and main thread with the page itself.
 */
export function ServiceWorker({ enabled }: { enabled: boolean }) {
  useEffect(() => {
    if (!enabled || !("serviceWorker" in navigator)) return;
    const register = () => navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error: unknown) => console.warn("service worker not registered:", error));
    // Safari has no requestIdleCallback: there, right after the load event.
    const idle = typeof requestIdleCallback === "function" ? requestIdleCallback : (callback: () => void) => window.setTimeout(callback);
    let cancelled = false;
    const whenIdle = () => idle(() => !cancelled && register());
    if (document.readyState === "complete") whenIdle();
    else window.addEventListener("load", whenIdle, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener("load", whenIdle);
    };
  }, [enabled]);
  return null;
}
